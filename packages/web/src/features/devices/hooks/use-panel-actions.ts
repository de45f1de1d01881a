import {
  CYCLE_GROUP_FIRMWARE,
  FIND_ME_REVERT_MS,
  getDeviceSpec,
  messages,
  type CommandResult,
  type DeviceClass,
  type DeviceMeta,
  type EditOutlets,
} from '@powerdeck/domain';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { isApiRequestError } from '../../../lib/api-client';
import { deviceKeys } from '../api/device-keys';
import { postControl, updateOutlets, type ControlTarget } from '../api/device-controls';
import type { CommandRegistry } from '../state/command-registry';
import {
  commandStartTime,
  isOutletCycling,
  isOutletInProgress,
  panelOf,
  type PanelAction,
  type PanelsState,
} from '../state/device-panel-reducer';
import type { DeviceData, PanelDevice } from './use-device-data';
import { sequenceRefusal } from './sequence-rules';

const toastError = (message: string) => notifications.show({ color: 'red', message });
const toastSuccess = (message: string) => notifications.show({ color: 'green', message });

/** The server's reason when it gave one. */
function reasonOf(error: unknown): string | undefined {
  return isApiRequestError(error) && typeof error.body === 'object' && error.body !== null
    ? error.message
    : undefined;
}

/** A kid renamed in the edit-outlets form (sent as a rename command to the kid). */
export interface KidName {
  devId: string;
  devClass: DeviceClass;
  name: string;
}

export interface PanelActions {
  toggle: (device: PanelDevice, otlt: number) => void;
  cycle: (device: PanelDevice, otlt: number) => void;
  rename: (name: string) => void;
  saveOutlets: (edit: EditOutlets, kidNames: readonly KidName[]) => void;
  sequence: (op: 'on' | 'off') => void;
  cycleGroup: () => void;
  findMe: (device: PanelDevice) => void;
  reboot: () => void;
  resume: () => void;
}

/** The user commands of the device panel (spec §4); each refreshes the monitoring activity. */
export function usePanelActions(
  meta: DeviceMeta,
  data: DeviceData,
  state: PanelsState,
  dispatch: (action: PanelAction) => void,
  commands: CommandRegistry,
): PanelActions {
  const queryClient = useQueryClient();
  const devId = meta.devId;
  const targetOf = (device: PanelDevice): ControlTarget => ({
    siteId: meta.siteId,
    devClass: meta.devClass,
    devId,
    ...(device.isKid ? { kid: { devClass: device.devClass, devId: device.devId } } : {}),
  });
  const panelTarget = targetOf({
    devId,
    devClass: meta.devClass,
    name: meta.devName,
    isKid: false,
  });
  const touch = () => dispatch({ type: 'activity', devId, now: Date.now() });

  const outletCommand = (
    device: PanelDevice,
    otlt: number,
    svc: 'setoutletstate' | 'cycleoutlet',
    params: Record<string, number>,
  ) => {
    const onFinal = (final: CommandResult) => {
      dispatch({ type: 'commandUpdate', devId: device.devId, ...final });
      if (final.state !== 'done') toastError(messages.setOutletFailed);
    };
    postControl(targetOf(device), svc, { otlt, ...params })
      .then((result) => {
        dispatch({ type: 'outletCommandAccepted', devId: device.devId, otlt, ...result });
        commands.watch(result, onFinal);
      })
      .catch((error: unknown) => {
        dispatch({
          type: 'outletCommandRejected',
          devId: device.devId,
          otlt,
          error: reasonOf(error) ?? messages.setOutletFailed,
        });
        toastError(messages.setOutletFailed);
      });
  };

  const toggle = (device: PanelDevice, otlt: number) => {
    const panel = panelOf(state, device.devId);
    // Clicks are ignored while in progress.
    if (isOutletInProgress(panel, otlt)) return;
    touch();
    const on = data.status[device.devId]?.otlts[otlt - 1] ?? false;
    dispatch({
      type: 'toggleSent',
      devId: device.devId,
      otlt,
      startTime: commandStartTime(panel, Date.now()),
    });
    outletCommand(device, otlt, 'setoutletstate', { state: on ? 0 : 1 });
  };

  const cycle = (device: PanelDevice, otlt: number) => {
    const panel = panelOf(state, device.devId);
    if (isOutletCycling(panel, otlt)) return;
    touch();
    dispatch({
      type: 'cycleSent',
      devId: device.devId,
      otlt,
      startTime: commandStartTime(panel, Date.now()),
    });
    outletCommand(device, otlt, 'cycleoutlet', {});
  };

  const rename = (name: string) => {
    touch();
    dispatch({ type: 'renameSaving', devId });
    const fail = () => {
      dispatch({ type: 'renameFailure', devId, error: messages.renameFailed });
      toastError(messages.renameFailed);
    };
    postControl(panelTarget, 'rename', { who: 'dev', name })
      .then((result) =>
        commands.watch(result, (final) => {
          if (final.state !== 'done') return fail();
          dispatch({ type: 'renameSuccess', devId });
          toastSuccess(messages.renamed);
          void queryClient.invalidateQueries({ queryKey: deviceKeys.meta(devId) });
        }),
      )
      .catch(fail);
  };

  const saveOutlets = (edit: EditOutlets, kidNames: readonly KidName[]) => {
    touch();
    updateOutlets(edit)
      .then(() => {
        for (const kid of kidNames) {
          const device = { ...kid, isKid: true };
          postControl(targetOf(device), 'rename', { who: 'dev', name: kid.name }).catch(() =>
            toastError(messages.renameFailed),
          );
        }
        dispatch({ type: 'editOutletsSuccess', devId });
        void queryClient.invalidateQueries({ queryKey: deviceKeys.meta(devId) });
      })
      .catch((error: unknown) => {
        const message = reasonOf(error) ?? messages.someErrorOccured;
        dispatch({ type: 'editOutletsFailure', devId, error: message });
        toastError(message);
      });
  };

  const sequence = (op: 'on' | 'off') => {
    touch();
    const refusal = sequenceRefusal(meta, data.status[devId]?.otlts ?? [], op);
    if (refusal) {
      toastError(refusal);
      return;
    }
    const panel = panelOf(state, devId);
    dispatch({
      type: 'sequenceStart',
      devId,
      op,
      seqOtlts: meta.seqGrp,
      startTime: commandStartTime(panel, Date.now()),
    });
    postControl(panelTarget, 'sequence', { state: op === 'on' ? 1 : 0 })
      .then((result) => {
        dispatch({ type: 'sequenceAccepted', devId, cmdId: result.cmdId });
        commands.watch(result, (final) => {
          dispatch({ type: 'commandUpdate', devId, ...final });
          if (final.state !== 'done') toastError(messages.sequenceFailed);
        });
      })
      .catch((error: unknown) => {
        dispatch({ type: 'sequenceFailure', devId });
        toastError(reasonOf(error) ?? messages.sequenceCommandFailed);
      });
  };

  const cycleGroup = () => {
    touch();
    dispatch({ type: 'cycleGroupRequest', devId });
    const byList = meta.fwVer === CYCLE_GROUP_FIRMWARE;
    postControl(
      panelTarget,
      byList ? 'cycotlts' : 'cycgrp',
      byList ? { otlts: meta.cycGrp.join(',') } : {},
    )
      .then((result) => {
        dispatch({ type: 'cycleGroupAccepted', devId, cmdId: result.cmdId });
        commands.watch(result, (final) => {
          dispatch({ type: 'commandUpdate', devId, ...final });
          if (final.state !== 'done') toastError(messages.sequenceCommandFailed);
        });
      })
      .catch(() => {
        dispatch({ type: 'cycleGroupHalted', devId });
        toastError(messages.sequenceCommandFailed);
      });
  };

  const findMe = (device: PanelDevice) => {
    if (panelOf(state, device.devId).findMe !== 'idle') return;
    touch();
    const phase = (p: 'idle' | 'sending' | 'done' | 'failed') =>
      dispatch({ type: 'findMe', devId: device.devId, phase: p });
    const finish = (ok: boolean) => {
      phase(ok ? 'done' : 'failed');
      setTimeout(() => phase('idle'), FIND_ME_REVERT_MS);
    };
    phase('sending');
    postControl(targetOf(device), 'findme')
      .then((result) => commands.watch(result, (final) => finish(final.state === 'done')))
      .catch(() => finish(false));
  };

  const reboot = () => {
    touch();
    // Reboot failures are silent (spec §8).
    postControl(panelTarget, 'reboot').catch(() => undefined);
  };

  const resume = () => dispatch({ type: 'monitorResume', devId, now: Date.now() });

  return { toggle, cycle, rename, saveOutlets, sequence, cycleGroup, findMe, reboot, resume };
}

/** Whether the catalog gives this class a sequence (spec §8 messages name its group). */
export function hasSequence(meta: DeviceMeta): boolean {
  return getDeviceSpec(meta.devClass).sequence !== null;
}
