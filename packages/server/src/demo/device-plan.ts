import { DEVICE_CLASSES, type DeviceClass, getDeviceSpec } from '@powerdeck/domain';
import type { devices, outlets } from '../infra/db/schema';
import { DEMO_UPLINK, OUTLET_LABELS, ROOM_NAMES } from './demo-data';
import { demoDeviceSettings } from './demo-settings';

export type DeviceRow = typeof devices.$inferInsert;
export type OutletRow = typeof outlets.$inferInsert;

/** A parent device class and the classes of the kids attached to it. */
export interface DeviceGroupTemplate {
  parent: DeviceClass;
  kids: readonly DeviceClass[];
}

/**
 * One group per stand-alone class, with every child class attached to a parent the catalog
 * allows (alternating when it allows several, e.g. cv2/cv3). A network card (cv family) carries
 * one attached device, so each card kid gets its own card; gateways and bb232 adapters carry all
 * of theirs. Together the groups hold a device of every class.
 */
export function deviceGroupTemplates(): DeviceGroupTemplate[] {
  const kidsByParent = new Map<DeviceClass, DeviceClass[]>();
  const childClasses = DEVICE_CLASSES.filter((c) => getDeviceSpec(c).isChild);
  childClasses.forEach((kid, index) => {
    const parents = getDeviceSpec(kid).parentClasses;
    const parent = parents[index % parents.length];
    if (!parent) return;
    kidsByParent.set(parent, [...(kidsByParent.get(parent) ?? []), kid]);
  });

  const groups: DeviceGroupTemplate[] = [];
  for (const devClass of DEVICE_CLASSES) {
    const spec = getDeviceSpec(devClass);
    if (spec.isChild) continue;
    const kids = kidsByParent.get(devClass) ?? [];
    if (spec.family === 'cv') {
      for (const kid of kids) groups.push({ parent: devClass, kids: [kid] });
      if (kids.length === 0) groups.push({ parent: devClass, kids: [] });
    } else {
      groups.push({ parent: devClass, kids });
    }
  }
  return groups;
}

/** MAC-style ids with the prefix the add-device form pre-fills (10-65-A3), no separators. */
export function demoMac(n: number): string {
  return `1065A3${(0x4b1000 + n * 0x11).toString(16).toUpperCase().padStart(6, '0')}`;
}

export interface PlacedGroup {
  template: DeviceGroupTemplate;
  siteId: string;
  /** Index of the group across the whole demo: varies names, labels and readings. */
  n: number;
  active: boolean;
  /** The location's time zone: installed there with the demo settings (absent: from the box). */
  timezone?: string;
}

export interface BuiltDevices {
  devices: DeviceRow[];
  outlets: OutletRow[];
}

/** Rows for a parent device, its kids and all their outlets. */
export function buildDeviceGroup(
  group: PlacedGroup,
  now: Date,
  nextMac: () => string,
): BuiltDevices {
  const room = ROOM_NAMES[group.n % ROOM_NAMES.length] ?? 'Rack';
  const parent = buildDevice({
    devClass: group.template.parent,
    siteId: group.siteId,
    room,
    group,
    now,
    devId: nextMac(),
  });
  const built: BuiltDevices = { devices: [parent.device], outlets: parent.outlets };
  group.template.kids.forEach((kidClass, k) => {
    const kid = buildDevice({
      devClass: kidClass,
      siteId: group.siteId,
      room: `${room} ${k + 1}`,
      group: { ...group, n: group.n + k + 1 },
      now,
      devId: nextMac(),
      parentDevId: parent.device.devId,
    });
    built.devices.push(kid.device);
    built.outlets.push(...kid.outlets);
  });
  return built;
}

function buildDevice(args: {
  devClass: DeviceClass;
  siteId: string;
  room: string;
  group: PlacedGroup;
  now: Date;
  devId: string;
  parentDevId?: string;
}): { device: DeviceRow; outlets: OutletRow[] } {
  const spec = getDeviceSpec(args.devClass);
  const { n, active } = args.group;
  // the site's modem hangs off the last outlet of the demo's first device (demo-data.ts)
  const uplinkOtlt =
    n === DEMO_UPLINK.group && args.parentDevId === undefined && spec.outletCount > 0
      ? spec.outletCount
      : undefined;
  const lastContact = active
    ? new Date(args.now.getTime() - (n % 30) * 1000)
    : new Date(args.now.getTime() - (2 + (n % 5)) * 24 * 3600 * 1000);
  const sysTime = Math.floor(lastContact.getTime() / 1000);
  const outletStates = Array.from({ length: spec.outletCount }, (_, i) => (i + n) % 4 !== 0);
  const devName = `${args.room} ${args.devClass.toUpperCase()}`.slice(0, 40);
  const device: DeviceRow = {
    devId: args.devId,
    siteId: args.siteId,
    devClass: args.devClass,
    devName,
    fwVer: `${1 + (n % 3)}.${n % 10}.${(n * 7) % 10}`,
    parentDevId: args.parentDevId ?? null,
    info: {
      name: devName,
      model: spec.displayName,
      ...(active ? {} : { demoOffline: true }),
      ...(uplinkOtlt === undefined ? {} : { demoUplinkOtlt: uplinkOtlt }),
      // as the device reported them when it was installed (demo-settings.ts)
      ...(args.group.timezone === undefined
        ? {}
        : {
            settings: demoDeviceSettings(spec, args.group.timezone),
            settingsAt: args.now.getTime(),
          }),
    },
    status: buildStatus(spec.panels.battery, outletStates, n, sysTime),
    lastContact,
    sysTime,
    createdAt: args.now,
  };
  const outletRows = outletStates.map((_, i) => {
    const row = buildOutlet(args.devId, i + 1, spec.bankLabelCount, n);
    return i + 1 === uplinkOtlt ? { ...row, name1: DEMO_UPLINK.label } : row;
  });
  return { device, outlets: outletRows };
}

function buildStatus(battery: boolean, otlts: boolean[], n: number, sysTime: number) {
  const voltage = 118 + (n % 50) / 10;
  const amperage = 1.5 + (n % 23) / 10;
  const status: Record<string, unknown> = {
    time: sysTime,
    voltage,
    amperage: Math.round(amperage * 100) / 100,
    wattage: Math.round(voltage * amperage * 10) / 10,
    pwr_cond: 0,
    otlts,
  };
  if (battery) status.battlevel = 0.8 + (n % 20) / 100;
  return status;
}

function buildOutlet(devId: string, otltId: number, labels: number, n: number): OutletRow {
  const label = (k: number) =>
    OUTLET_LABELS[(n * 3 + otltId * labels + k) % OUTLET_LABELS.length] ?? `Outlet ${otltId}`;
  return {
    devId,
    otltId,
    name1: label(0),
    name2: labels >= 2 ? label(1) : null,
    name3: labels >= 3 ? label(2) : null,
    locked: (n + otltId) % 7 === 0,
  };
}
