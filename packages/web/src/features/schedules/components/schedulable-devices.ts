import {
  getDeviceSpec,
  OUTLET_ACTIONS,
  scheduleActionsOf,
  type DeviceListItem,
  type DeviceOutlet,
  type ScheduleAction,
} from '@powerdeck/domain';
import { deviceGroupsOf, outletLabels, type PanelDevice } from '../../devices';

/** A device the form offers: its name, outlets with their labels, and what it can do. */
export interface SchedulableDevice {
  devId: string;
  label: string;
  /** The name of the device that carries it and its kids; null for a device without kids. */
  group: string | null;
  outlets: { otlt: number; label: string }[];
  actions: ScheduleAction[];
}

function outletOptions(device: PanelDevice, outlets: readonly DeviceOutlet[]) {
  const count = getDeviceSpec(device.devClass).outletCount;
  return Array.from({ length: count }, (_, i) => {
    const otlt = i + 1;
    const labels = outletLabels(
      device,
      outlets.find((o) => o.otltId === otlt),
    );
    return { otlt, label: [`Outlet ${otlt}`, ...labels].join(' · ') };
  });
}

/**
 * The location's devices that something can be scheduled on, each parent followed by its kids
 * (a kid is addressed with its parent, as on the All Outlets tab).
 */
export function schedulableDevices(records: readonly DeviceListItem[]): SchedulableDevice[] {
  const outletsOf = new Map(records.map((r) => [r.devId, r.outlets ?? []]));
  return deviceGroupsOf(records).flatMap((group) =>
    [group.parent, ...group.kids]
      .map((device) => ({
        devId: device.devId,
        label: device.name,
        group: group.kids.length > 0 ? group.parent.name : null,
        outlets: outletOptions(device, outletsOf.get(device.devId) ?? []),
        actions: scheduleActionsOf(device.devClass),
      }))
      .filter((device) => device.actions.length > 0),
  );
}

/** The actions every chosen device can do (all outlet actions while none is chosen). */
export function commonActions(
  devices: readonly SchedulableDevice[],
  devIds: readonly string[],
): ScheduleAction[] {
  const chosen = devIds
    .map((devId) => devices.find((d) => d.devId === devId))
    .filter((d): d is SchedulableDevice => d !== undefined);
  if (chosen.length === 0) return [...OUTLET_ACTIONS];
  const [first, ...rest] = chosen;
  return (first?.actions ?? []).filter((action) => rest.every((d) => d.actions.includes(action)));
}
