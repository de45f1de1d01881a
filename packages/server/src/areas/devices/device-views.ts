import {
  type DeviceClass,
  type DeviceOutlet,
  type DeviceStatusView,
  deviceClassSchema,
} from '@powerdeck/domain';
import { createHash } from 'node:crypto';
import type { DeviceRow, OutletRow } from './devices.repository';

/** Pure mappings from rows to the wire types of `@powerdeck/domain` (api/devices.ts). */

export function toOutlet(row: OutletRow): DeviceOutlet {
  return {
    otltId: row.otltId,
    name1: row.name1,
    ...(row.name2 === null ? {} : { name2: row.name2 }),
    ...(row.name3 === null ? {} : { name3: row.name3 }),
    locked: row.locked,
  };
}

/** The stored status as spec §3 Status, or null before the first report. */
export function toStatusView(row: DeviceRow): DeviceStatusView | null {
  const stored = row.status;
  if (Object.keys(stored).length === 0) return null;
  const { outlets: _labels, ...rest } = stored;
  const sysTime = typeof stored.sysTime === 'number' ? stored.sysTime : (row.sysTime ?? 0);
  const time = typeof stored.time === 'number' ? stored.time : sysTime;
  const otlts = Array.isArray(stored.otlts) ? stored.otlts.map((o) => o === true) : [];
  return { ...(rest as Partial<DeviceStatusView>), time, sysTime, otlts };
}

export function devClassOf(row: DeviceRow): DeviceClass {
  // rows are written with catalog classes only; an unknown one reads as its parent-less default
  return deviceClassSchema.catch('m4000').parse(row.devClass);
}

/** Changes when the kid list or any name changes (spec §4: a change requests a refresh). */
export function networkInventoryHash(parent: DeviceRow, kids: readonly DeviceRow[]): string {
  const text = [parent, ...kids].map((d) => `${d.devId}:${d.devClass}:${d.devName}`).join('|');
  return createHash('sha1').update(text).digest('hex').slice(0, 16);
}

export function seconds(date: Date | null): number | null {
  return date === null ? null : Math.floor(date.getTime() / 1000);
}
