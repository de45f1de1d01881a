import { notifications } from '@mantine/notifications';
import {
  messages,
  type CommandResult,
  type DeviceClass,
  type EditOutlets,
} from '@powerdeck/domain';
import {
  confirmNetworkOff,
  needsNetworkConfirmation,
} from '../../../components/network-off-confirm';
import { isApiRequestError } from '../../../lib/api-client';
import { useLayoutEffect, useRef, useState } from 'react';
import {
  cycleOutlet,
  renameDevice,
  setOutletState,
  updateOutlets,
  type ControlTarget,
} from '../api/device-controls';
import type { CommandRegistry } from '../state/command-registry';
import {
  commandStartTime,
  isOutletCycling,
  isOutletInProgress,
  panelOf,
  type PanelAction,
  type PanelsState,
} from '../state/device-panel-reducer';
import type { DeviceGroup, PanelDevice } from './use-device-data';

export const toastError = (message: string) => notifications.show({ color: 'red', message });

/** The server's reason when it gave one. */
export function reasonOf(error: unknown): string | undefined {
  return isApiRequestError(error) && typeof error.body === 'object' && error.body !== null
    ? error.message
    : undefined;
}

/** Where a device's commands go: to its group's parent, naming the kid when it is one. */
export function controlTargetOf(
  siteId: string,
  groups: readonly DeviceGroup[],
  device: PanelDevice,
): ControlTarget {
  const group = groups.find(
    (g) => g.parent.devId === device.devId || g.kids.some((k) => k.devId === device.devId),
  );
  const parent = group?.parent ?? device;
  return {
    siteId,
    devClass: parent.devClass,
    devId: parent.devId,
    ...(device.isKid ? { kid: { devClass: device.devClass, devId: device.devId } } : {}),
  };
}

/** Switch and cycle of an outlet (spec §4): the same on the device panel and the All Outlets tab. */
export interface OutletActions {
  toggle: (device: PanelDevice, otlt: number) => void;
  cycle: (device: PanelDevice, otlt: number) => void;
}

export interface OutletActionDeps {
  state: PanelsState;
  dispatch: (action: PanelAction) => void;
  commands: CommandRegistry;
  targetOf: (device: PanelDevice) => ControlTarget;
  /** The outlet's last reported value. */
  isOn: (devId: string, otlt: number) => boolean;
  /** Each user command refreshes the monitoring activity. */
  touch: () => void;
}

function outletActions(deps: OutletActionDeps): OutletActions {
  const { state, dispatch, commands, targetOf, isOn, touch } = deps;

  const outletCommand = (
    device: PanelDevice,
    otlt: number,
    send: (target: ControlTarget) => Promise<CommandResult>,
    /** The server asked to confirm switching off an outlet that feeds the network. */
    onNeedsConfirmation?: () => void,
  ) => {
    const onFinal = (final: CommandResult) => {
      dispatch({ type: 'commandUpdate', devId: device.devId, ...final });
      if (final.state !== 'done') toastError(messages.setOutletFailed);
    };
    send(targetOf(device))
      .then((result) => {
        dispatch({ type: 'outletCommandAccepted', devId: device.devId, otlt, ...result });
        commands.watch(result, onFinal);
      })
      .catch((error: unknown) => {
        if (onNeedsConfirmation && needsNetworkConfirmation(error)) {
          onNeedsConfirmation();
          return;
        }
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
    const on = isOn(device.devId, otlt);
    dispatch({
      type: 'toggleSent',
      devId: device.devId,
      otlt,
      startTime: commandStartTime(panel, Date.now()),
    });
    if (on) switchOff(device, otlt);
    else outletCommand(device, otlt, (target) => setOutletState(target, otlt, 1));
  };

  /**
   * Off, the one place every screen's switch-off goes through: an outlet that feeds the location's
   * network is refused until the user confirms (Switch off), cycles it instead, or cancels.
   */
  const switchOff = (device: PanelDevice, otlt: number) => {
    const cancelled = () => dispatch({ type: 'outletCommandCancelled', devId: device.devId, otlt });
    outletCommand(
      device,
      otlt,
      (target) => setOutletState(target, otlt, 0),
      () =>
        confirmNetworkOff({
          subject: `${device.name} · outlet ${otlt}`,
          onConfirm: () =>
            outletCommand(device, otlt, (target) =>
              setOutletState(target, otlt, 0, { confirmed: true }),
            ),
          onCycle: () => {
            cancelled();
            startCycle(device, otlt);
          },
          onCancel: cancelled,
        }),
    );
  };

  const cycle = (device: PanelDevice, otlt: number) => {
    const panel = panelOf(state, device.devId);
    if (isOutletCycling(panel, otlt)) return;
    touch();
    startCycle(device, otlt);
  };

  const startCycle = (device: PanelDevice, otlt: number) => {
    const panel = panelOf(state, device.devId);
    dispatch({
      type: 'cycleSent',
      devId: device.devId,
      otlt,
      startTime: commandStartTime(panel, Date.now()),
    });
    outletCommand(device, otlt, (target) => cycleOutlet(target, otlt));
  };

  return { toggle, cycle };
}

/**
 * outletActions as a hook whose toggle and cycle keep their identity from render to render, each
 * acting on the latest committed deps: rows memoised on what they show are not re-rendered by a
 * status message only because the panel's callbacks were created anew.
 */
export function useOutletActions(deps: OutletActionDeps): OutletActions {
  const latest = useRef(deps);
  useLayoutEffect(() => {
    latest.current = deps;
  });
  const [stable] = useState<OutletActions>(() => ({
    toggle: (device, otlt) => outletActions(latest.current).toggle(device, otlt),
    cycle: (device, otlt) => outletActions(latest.current).cycle(device, otlt),
  }));
  return stable;
}

/** A kid renamed in the edit-outlets form (sent as a rename command to the kid). */
export interface KidName {
  devId: string;
  devClass: DeviceClass;
  name: string;
}

/**
 * Saves the Edit Outlets form (spec §7 `updateOutlets`: labels, locks and the device's name), then
 * renames each kid whose name changed by command (a failed rename only toasts). Says 'Outlets
 * updated successfully' once saved; rejects with the message to show: the server's reason, or
 * 'Outlets can not be updated'.
 */
export async function saveOutletEdits(
  edit: EditOutlets,
  kidNames: readonly KidName[],
  targetOf: (device: PanelDevice) => ControlTarget,
): Promise<void> {
  try {
    await updateOutlets(edit);
  } catch (error) {
    throw new Error(reasonOf(error) ?? messages.outletsNotUpdated, { cause: error });
  }
  notifications.show({ color: 'green', message: messages.outletsUpdated });
  for (const kid of kidNames) {
    renameDevice(targetOf({ ...kid, isKid: true }), kid.name).catch(() =>
      toastError(messages.renameFailed),
    );
  }
}

/** The message of a failed save, as saveOutletEdits words it. */
export function saveErrorMessage(error: unknown): string {
  return error instanceof Error ? error.message : messages.outletsNotUpdated;
}
