import { ACK_ERRORS, getDeviceSpec, messages, type DeviceMeta } from '@powerdeck/domain';

/** The spec's message for a sequence group without outlets ('DC Trigger' on the vt4315). */
function emptyGroupMessage(devClass: DeviceMeta['devClass']): string {
  return getDeviceSpec(devClass).sequence?.groupLabel === 'DC Trigger'
    ? messages.noOutletInDcTrigger
    : messages.noOutletInSequenceGroup;
}

/**
 * Why a sequence on/off is not sent (spec §8), or undefined when it may go: no outlet in the
 * sequence group (named 'DC Trigger' on the vt4315), or every group outlet already in that state.
 */
export function sequenceRefusal(
  meta: Pick<DeviceMeta, 'devClass' | 'seqGrp'>,
  otlts: readonly boolean[],
  op: 'on' | 'off',
): string | undefined {
  const support = getDeviceSpec(meta.devClass).sequence;
  if (!support) return messages.sequenceCommandFailed;
  if (meta.seqGrp.length === 0) return emptyGroupMessage(meta.devClass);
  const wanted = op === 'on';
  if (meta.seqGrp.every((otlt) => otlts[otlt - 1] === wanted)) {
    return messages.allOutletsAlreadyOnOff;
  }
  return undefined;
}

/**
 * Why the device did not run a sequence (spec §8): its own group was empty or already in that
 * state (the console's copy of the group was older than the device's), or it failed on the way.
 */
export function sequenceFailureText(
  meta: Pick<DeviceMeta, 'devClass'>,
  error: string | undefined,
): string {
  if (error === ACK_ERRORS.noSequenceGroup) return emptyGroupMessage(meta.devClass);
  if (error === ACK_ERRORS.alreadyInState) return messages.allOutletsAlreadyOnOff;
  return messages.sequenceFailed;
}
