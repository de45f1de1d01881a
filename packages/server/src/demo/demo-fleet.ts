import {
  type DeviceClass,
  type WireSettings,
  isDeviceClass,
  wireSettingsSchema,
} from '@powerdeck/domain';
import { type DevicePlan, Fleet } from '@powerdeck/simulator';
import { createHash } from 'node:crypto';
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../infra/db/database';
import { devices } from '../infra/db/schema';
import { deriveDeviceSecret } from '@powerdeck/domain/device-credentials';

interface Row {
  devId: string;
  devClass: string;
  devName: string;
  parentDevId: string | null;
  siteId: string | null;
  claimable: boolean;
  nearGatewayId: string | null;
  offline: boolean;
  /** The settings it last reported (wire form), which it starts with. */
  settings: unknown;
}

/** A stable model seed per device, so a device reads the same across restarts. */
function seedOf(devId: string): number {
  return createHash('sha1').update(devId).digest().readUInt32BE(0) % 2 ** 31;
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
  return known
    .filter((r) => r.parentDevId === null && r.nearGatewayId === null && !r.offline)
    .filter((r) => r.siteId !== null || r.claimable)
    .map((parent) => ({ ...unit(parent), kids: known.filter(heardBy(parent.devId)).map(unit) }));
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
  });
  await fleet.start();
  return fleet;
}
