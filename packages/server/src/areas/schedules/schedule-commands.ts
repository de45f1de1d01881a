import {
  type DeviceSpec,
  type ScheduleAction,
  type ScheduleTarget,
  getDeviceSpec,
  OUTLET_ACTIONS,
  scheduleActionsOf,
} from '@powerdeck/domain';
import { badRequest } from '../../http/errors';
import type { DeviceAccess, DeviceAt } from '../devices/device-access';
import { type DeviceControlService, commandUnavailable } from '../devices/device-control.service';
import { devClassOf } from '../devices/device-views';

/** A command a schedule's action sends to one target, as the click path sends it. */
export type ScheduleCommand =
  | { svc: 'setOutlet'; args: { otlt: number; state: 0 | 1 } }
  | { svc: 'cycleOutlet'; args: { otlt: number } }
  | { svc: 'sequence'; args: { state: 0 | 1 } }
  | { svc: 'reboot'; args: Record<string, never> };

/**
 * The commands of an action on one target, as the click path maps them: on/off → setOutlet state
 * 1/0, cycle → cycleOutlet, sequence on/off → sequence state 1/0, reboot → reboot. An outlet
 * action on a whole device acts on each of its outlets.
 */
export function commandsOf(
  action: ScheduleAction,
  spec: DeviceSpec,
  otlt: number | null,
): ScheduleCommand[] {
  const outlets =
    otlt === null ? Array.from({ length: spec.outletCount }, (_, i) => i + 1) : [otlt];
  switch (action) {
    case 'on':
    case 'off': {
      const state = action === 'on' ? 1 : 0;
      return outlets.map((n) => ({ svc: 'setOutlet', args: { otlt: n, state } }));
    }
    case 'cycle':
      return outlets.map((n) => ({ svc: 'cycleOutlet', args: { otlt: n } }));
    case 'sequenceOn':
    case 'sequenceOff':
      return [{ svc: 'sequence', args: { state: action === 'sequenceOn' ? 1 : 0 } }];
    case 'reboot':
      return [{ svc: 'reboot', args: {} }];
  }
}

/** A device as a message names it: its name, or its id while it has none. */
export const deviceLabel = (device: DeviceAt) => device.row.devName.trim() || device.row.devId;

export const targetMessages = {
  notHere: (devId: string) => `Device ${devId} is not at this location.`,
  noOutlets: (name: string, spec: DeviceSpec) =>
    `${name}: ${spec.displayName} has no outlets of its own; select its attached device.`,
} as const;

/** Why a class cannot be scheduled for an action: no outlets, or the click path's refusal. */
function actionRefusal(name: string, action: ScheduleAction, spec: DeviceSpec): string {
  if (OUTLET_ACTIONS.includes(action)) return targetMessages.noOutlets(name, spec);
  const [command] = commandsOf(action, spec, null);
  const reason = command ? commandUnavailable(spec, command.svc, command.args) : null;
  return `${name}: ${reason ?? `${spec.displayName} cannot be scheduled for this action.`}`;
}

/**
 * Checks a schedule's targets against the location and the catalog before it is stored: each is
 * a device (or kid) of the location; its class can be scheduled for the action
 * (`scheduleActionsOf`, as the form offers it); outlets exist on it. A 400 naming the device and
 * the field otherwise.
 */
export async function checkTargets(
  access: DeviceAccess,
  siteId: string,
  action: ScheduleAction,
  targets: readonly ScheduleTarget[],
): Promise<void> {
  for (const [index, target] of targets.entries()) {
    const device = await access.locate(siteId, target.devId);
    const field = `targets.${index}.devId`;
    if (!device) {
      const message = targetMessages.notHere(target.devId);
      throw badRequest(message, { [field]: message });
    }
    const spec = getDeviceSpec(devClassOf(device.row));
    if (!scheduleActionsOf(spec.devClass).includes(action)) {
      const message = actionRefusal(deviceLabel(device), action, spec);
      throw badRequest(message, { [field]: message });
    }
    for (const command of commandsOf(action, spec, target.otlt)) {
      // an outlet number the class does not have
      const reason = commandUnavailable(spec, command.svc, command.args);
      if (reason) {
        const message = `${deviceLabel(device)}: ${reason}`;
        const at = target.otlt === null ? field : `targets.${index}.otlt`;
        throw badRequest(message, { [at]: message });
      }
    }
  }
}

/**
 * Whether a schedule switches off an outlet that feeds the location's network (issue 15): an off
 * action on such an outlet or on its whole device, or a sequence off of a device whose outlets
 * (or its units') include one. Such a schedule is saved only with the user's confirmation.
 */
export async function switchesOffNetwork(
  deps: {
    access: DeviceAccess;
    control: Pick<DeviceControlService, 'feedsNetwork'>;
    kidsOf: (siteId: string, devIds: readonly string[]) => Promise<string[]>;
  },
  siteId: string,
  action: ScheduleAction,
  targets: readonly ScheduleTarget[],
): Promise<boolean> {
  if (action !== 'off' && action !== 'sequenceOff') return false;
  const units: { devId: string; otlt: number | null }[] = [...targets];
  if (action === 'sequenceOff') {
    const kids = await deps.kidsOf(
      siteId,
      targets.map((t) => t.devId),
    );
    units.push(...kids.map((devId) => ({ devId, otlt: null })));
  }
  for (const unit of units) {
    const device = await deps.access.locate(siteId, unit.devId);
    if (!device) continue;
    const count = getDeviceSpec(devClassOf(device.row)).outletCount;
    const outlets =
      unit.otlt === null ? Array.from({ length: count }, (_, i) => i + 1) : [unit.otlt];
    for (const otlt of outlets) {
      if (await deps.control.feedsNetwork(device, otlt)) return true;
    }
  }
  return false;
}
