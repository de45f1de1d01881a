import { DAY_MASKS, type ScheduleAction, getDeviceSpec, isDeviceClass } from '@powerdeck/domain';
import type { LocationRow } from './builders';
import type { DeviceRow, OutletRow } from './device-plan';

/** A schedule of the demo, with its targets (the seed gives it its id). */
export interface DemoSchedule {
  siteId: string;
  name: string;
  action: ScheduleAction;
  time: string;
  dayMask: number;
  createdById: string;
  createdAt: Date;
  targets: { devId: string; otlt: number }[];
}

/**
 * Two schedules at the first demo location, on its first live devices with outlets: a nightly
 * cycle of the projector's outlet (or the first outlet) and the displays off on weekend evenings.
 */
export function buildDemoSchedules(
  rows: { locations: LocationRow[]; devices: DeviceRow[]; outlets: OutletRow[] },
  createdById: string,
  now: Date,
): DemoSchedule[] {
  const siteId = rows.locations[0]?.id;
  const withOutlets = rows.devices.filter(
    (d) =>
      d.siteId === siteId &&
      isDeviceClass(d.devClass) &&
      getDeviceSpec(d.devClass).outletCount >= 2 &&
      !(d.info as { demoOffline?: boolean } | undefined)?.demoOffline,
  );
  const [first, second = first] = withOutlets;
  if (!siteId || !first || !second) return [];
  const outletsOf = (devId: string) => rows.outlets.filter((o) => o.devId === devId);
  const projector =
    rows.outlets.find(
      (o) => withOutlets.some((d) => d.devId === o.devId) && o.name1 === 'Projector',
    ) ?? outletsOf(first.devId)[0];
  // a locked outlet would be skipped: the weekend schedule switches unlocked ones
  const displays = outletsOf(second.devId)
    .filter((o) => !o.locked)
    .slice(0, 2);
  const base = { siteId, createdById, createdAt: now };
  const schedules: DemoSchedule[] = [
    {
      ...base,
      name: 'Nightly reboot of the projector',
      action: 'cycle',
      time: '02:30',
      dayMask: DAY_MASKS.everyDay,
      targets: projector ? [{ devId: projector.devId, otlt: projector.otltId }] : [],
    },
    {
      ...base,
      name: 'Weekend off',
      action: 'off',
      time: '20:00',
      dayMask: DAY_MASKS.weekend,
      targets: displays.map((o) => ({ devId: o.devId, otlt: o.otltId })),
    },
  ];
  return schedules.filter((schedule) => schedule.targets.length > 0);
}
