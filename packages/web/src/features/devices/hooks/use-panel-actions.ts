import {
  CYCLE_GROUP_FIRMWARE,
  FIND_ME_REVERT_MS,
  messages,
  type DeviceMeta,
  type EditOutlets,
} from '@powerdeck/domain';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { deviceKeys } from '../api/device-keys';
import * as control from '../api/device-controls';
import { commandStartTime, panelOf } from '../state/device-panel-reducer';
import {
  reasonOf,
  saveErrorMessage,
  saveOutletEdits,
  toastError,
  type KidName,
  type OutletActions,
} from './outlet-actions';
import type { PanelDevice } from './use-device-data';
import type { DeviceSet } from './use-device-set';
import { sequenceFailureText, sequenceRefusal } from './sequence-rules';

const toastSuccess = (message: string) => notifications.show({ color: 'green', message });

export interface PanelActions extends OutletActions {
  rename: (name: string) => void;
  saveOutlets: (edit: EditOutlets, kidNames: readonly KidName[]) => void;
  sequence: (op: 'on' | 'off') => void;
  /** An adapter's sequence on/off, run by it on the given sequencers (bb232, spec §7). */
  relaySequence: (op: 'on' | 'off', sequencers: readonly PanelDevice[]) => void;
  cycleGroup: () => void;
  findMe: (device: PanelDevice) => void;
  reboot: () => void;
  resume: () => void;
}

/** The user commands of the device panel (spec §4); each refreshes the monitoring activity. */
export function usePanelActions(meta: DeviceMeta, set: DeviceSet): PanelActions {
  const queryClient = useQueryClient();
  const { state, dispatch, commands, targetOf, touch } = set;
  const data = set.data;
  const devId = meta.devId;
  const panelTarget = targetOf({
    devId,
    devClass: meta.devClass,
    name: meta.devName,
    isKid: false,
  });

  const rename = (name: string) => {
    touch();
    dispatch({ type: 'renameSaving', devId });
    const fail = () => {
      dispatch({ type: 'renameFailure', devId, error: messages.renameFailed });
      toastError(messages.renameFailed);
    };
    control
      .renameDevice(panelTarget, name)
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
    saveOutletEdits(edit, kidNames, targetOf)
      .then(() => {
        dispatch({ type: 'editOutletsSuccess', devId });
        void queryClient.invalidateQueries({ queryKey: deviceKeys.meta(devId) });
      })
      .catch((error: unknown) => {
        const message = saveErrorMessage(error);
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
    control
      .runSequence(panelTarget, op === 'on' ? 1 : 0)
      .then((result) => {
        dispatch({ type: 'sequenceAccepted', devId, cmdId: result.cmdId });
        commands.watch(result, (final) => {
          dispatch({ type: 'commandUpdate', devId, ...final });
          if (final.state !== 'done') toastError(sequenceFailureText(meta, final.error));
        });
      })
      .catch((error: unknown) => {
        dispatch({ type: 'sequenceFailure', devId });
        toastError(reasonOf(error) ?? messages.sequenceCommandFailed);
      });
  };

  const relaySequence = (op: 'on' | 'off', sequencers: readonly PanelDevice[]) => {
    if (sequencers.length === 0) return;
    touch();
    for (const unit of sequencers) {
      dispatch({
        type: 'sequenceStart',
        devId: unit.devId,
        op,
        seqOtlts: [],
        startTime: commandStartTime(panelOf(state, unit.devId), Date.now()),
      });
    }
    const only = sequencers.length === 1 ? sequencers[0]?.devId : undefined;
    control
      .relaySequence(devId, op, only)
      .then((records) => {
        const answered = new Set(records.map((r) => r.devId));
        // A sequencer the adapter did not answer for is not running anything.
        for (const unit of sequencers) {
          if (!answered.has(unit.devId)) dispatch({ type: 'sequenceFailure', devId: unit.devId });
        }
        // One toast per distinct reason: five sequencers already on say it once, not five times.
        const said = new Set<string>();
        for (const record of records) {
          const unit = sequencers.find((s) => s.devId === record.devId);
          dispatch({ type: 'sequenceAccepted', devId: record.devId, cmdId: record.cmdId });
          commands.watch(record, (final) => {
            dispatch({ type: 'commandUpdate', devId: record.devId, ...final });
            if (final.state === 'done') return;
            const text = sequenceFailureText(unit ?? meta, final.error);
            if (said.has(text)) return;
            said.add(text);
            toastError(text);
          });
        }
      })
      .catch((error: unknown) => {
        for (const unit of sequencers) dispatch({ type: 'sequenceFailure', devId: unit.devId });
        toastError(reasonOf(error) ?? messages.sequenceCommandFailed);
      });
  };

  const cycleGroup = () => {
    touch();
    dispatch({ type: 'cycleGroupRequest', devId });
    const byList = meta.fwVer === CYCLE_GROUP_FIRMWARE;
    control
      .cycleGroup(panelTarget, byList ? meta.cycGrp : undefined)
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
    control
      .findMe(targetOf(device))
      .then((result) => commands.watch(result, (final) => finish(final.state === 'done')))
      .catch(() => finish(false));
  };

  const reboot = () => {
    touch();
    // Reboot failures are silent (spec §8).
    control.reboot(panelTarget).catch(() => undefined);
  };

  return {
    ...set.outlets,
    rename,
    saveOutlets,
    sequence,
    relaySequence,
    cycleGroup,
    findMe,
    reboot,
    resume: set.resume,
  };
}
