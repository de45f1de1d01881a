import {
  type DeviceClass,
  type WireSettings,
  isDeviceClass,
  wireSettingsSchema,
} from '@powerdeck/domain';
import { type DevicePlan, Fleet, type KidPlan } from '@powerdeck/simulator';
import { createHash } from 'node:crypto';
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../infra/db/database';
import { devices } from '../infra/db/schema';
import { deriveDeviceSecret } from '@powerdeck/domain/device-credentials';
import { DEMO_UNDISCOVERED_UNITS } from './demo-data';

/**
 * Auto-ping in the demo runs at 1/200 of real time, so its loop can be watched: a Fast window
 * (900 s) lasts 4.5 s, a Slow one 18 s, a 300 s hold-off 1.5 s. Everything else (cycles,
 * sequences, reports) keeps its real pace.
 */
export const DEMO_PING_TIME_SCALE = 0.005;

interface Row {
  devId: string;
  devClass: string;
  devName: string;
  parentDevId: string | null;
  siteId: string | null;
  claimable: boolean;
  nearGatewayId: string | null;
  offline: boolean;
  /** The outlet the site's modem is plugged into, when the seed put it on this device. */
  uplinkOtlt: number | null;
  /** The settings it last reported (wire form), which it starts with. */
  settings: unknown;
}

/** A stable model seed per device, so a device reads the same across restarts. */
export function seedOf(devId: string): number {
  return createHash('sha1').update(devId).digest().readUInt32BE(0) % 2 ** 31;
}

/**
 * The id of the unit on a demo device's bus that the seed did not record: derived from the
 * device's id, so it is the same every start (until discovered, it is nowhere in the database).
 */
export function undiscoveredUnitId(parentDevId: string): string {
  const hex = createHash('sha1').update(`undiscovered:${parentDevId}`).digest('hex');
  return `1065A3${hex.slice(0, 6).toUpperCase()}`;
}

/** The settings a device reported, to start its simulated unit with (none: factory settings). */
function settingsOf(r: Row): { settings?: WireSettings } {
  const parsed = wireSettingsSchema.safeParse(r.settings);
  return parsed.success ? { settings: parsed.data } : {};
}

/**
 * The simulated fleet of the demo: the seeded devices (same ids, classes, kids, names), except
 * those the seed marked offline, which stay away so the inactive state is visible. Devices not
 * yet claimed run too, as a plugged-in unit would, and a gateway carries the plugs it hears: the
 * server ignores their reports until a user claims or joins them, then they are online at once.
 */
export async function demoFleetPlan(db: Db): Promise<DevicePlan[]> {
  const rows: Row[] = await db
    .select({
      devId: devices.devId,
      devClass: devices.devClass,
      devName: devices.devName,
      parentDevId: devices.parentDevId,
      siteId: devices.siteId,
      claimable: sql<boolean>`${devices.claimKeyHash} IS NOT NULL`,
      nearGatewayId: devices.nearGatewayId,
      offline: sql<boolean>`coalesce((${devices.info} ->> 'demoOffline')::boolean, false)`,
      uplinkOtlt: sql<number | null>`(${devices.info} ->> 'demoUplinkOtlt')::int`,
      settings: sql<unknown>`${devices.info} -> 'settings'`,
    })
    .from(devices)
    .orderBy(asc(devices.createdAt), asc(devices.devId));
  const known = rows.filter((r) => isDeviceClass(r.devClass));
  const unit = (r: Row) => ({
    devId: r.devId,
    devClass: r.devClass as DeviceClass,
    name: r.devName,
    seed: seedOf(r.devId),
    ...settingsOf(r),
  });
  const heardBy = (gatewayId: string) => (r: Row) =>
    r.parentDevId === gatewayId || (r.siteId === null && r.nearGatewayId === gatewayId);
  const ids = new Set(rows.map((r) => r.devId));
  // one more unit on the bus, until a discovery has added it (then it is a kid in the database)
  const undiscovered = (parent: Row): KidPlan[] => {
    const devClass = DEMO_UNDISCOVERED_UNITS[parent.devClass as DeviceClass];
    const devId = undiscoveredUnitId(parent.devId);
    if (!devClass || ids.has(devId)) return [];
    const name = `${devClass.toUpperCase()} ${devId.slice(-4)}`;
    return [{ devId, devClass, name, seed: seedOf(devId) }];
  };
  return known
    .filter((r) => r.parentDevId === null && r.nearGatewayId === null && !r.offline)
    .filter((r) => r.siteId !== null || r.claimable)
    .map((parent): DevicePlan => {
      const onBus = undiscovered(parent);
      return {
        ...unit(parent),
        kids: known.filter(heardBy(parent.devId)).map(unit),
        ...(parent.uplinkOtlt === null ? {} : { uplinkOtlt: parent.uplinkOtlt }),
        ...(onBus.length > 0 ? { undiscovered: onBus } : {}),
      };
    });
}

/** Starts the demo fleet on the broker; resolves once every device has connected (or waited). */
export async function startDemoFleet(deps: {
  db: Db;
  mqttUrl: string;
  deviceKey: string;
}): Promise<Fleet> {
  const plan = await demoFleetPlan(deps.db);
  const fleet = new Fleet({
    mqttUrl: deps.mqttUrl,
    plan,
    secretFor: (devId) => deriveDeviceSecret(deps.deviceKey, devId),
    concurrency: 20,
    timing: { pingTimeScale: DEMO_PING_TIME_SCALE },
  });
  await fleet.start();
  return fleet;
}
