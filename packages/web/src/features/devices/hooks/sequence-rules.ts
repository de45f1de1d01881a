import { getDeviceSpec, messages, type DeviceMeta } from '@powerdeck/domain';

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
  if (meta.seqGrp.length === 0) {
    return support.groupLabel === 'DC Trigger'
      ? messages.noOutletInDcTrigger
      : messages.noOutletInSequenceGroup;
  }
  const wanted = op === 'on';
  if (meta.seqGrp.every((otlt) => otlts[otlt - 1] === wanted)) {
    return messages.allOutletsAlreadyOnOff;
  }
  return undefined;
}
