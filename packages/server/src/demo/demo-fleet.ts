import { type DeviceClass, isDeviceClass } from '@powerdeck/domain';
import { type DevicePlan, Fleet } from '@powerdeck/simulator';
import { createHash } from 'node:crypto';
import { and, asc, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../infra/db/database';
import { devices } from '../infra/db/schema';
import { deriveDeviceSecret } from '../infra/mqtt/device-credentials';

interface Row {
  devId: string;
  devClass: string;
  devName: string;
  parentDevId: string | null;
  offline: boolean;
}

/** A stable model seed per device, so a device reads the same across restarts. */
function seedOf(devId: string): number {
  return createHash('sha1').update(devId).digest().readUInt32BE(0) % 2 ** 31;
}

/**
 * The simulated fleet of the demo: exactly the seeded devices (same ids, classes, kids, names),
 * except those the seed marked offline, which stay away so the inactive state is visible.
 */
export async function demoFleetPlan(db: Db): Promise<DevicePlan[]> {
  const rows: Row[] = await db
    .select({
      devId: devices.devId,
      devClass: devices.devClass,
      devName: devices.devName,
      parentDevId: devices.parentDevId,
      offline: sql<boolean>`coalesce((${devices.info} ->> 'demoOffline')::boolean, false)`,
    })
    .from(devices)
    .where(and(isNotNull(devices.siteId)))
    .orderBy(asc(devices.createdAt), asc(devices.devId));
  const known = rows.filter((r) => isDeviceClass(r.devClass));
  return known
    .filter((r) => r.parentDevId === null && !r.offline)
    .map((parent) => ({
      devId: parent.devId,
      devClass: parent.devClass as DeviceClass,
      name: parent.devName,
      seed: seedOf(parent.devId),
      kids: known
        .filter((k) => k.parentDevId === parent.devId)
        .map((k) => ({
          devId: k.devId,
          devClass: k.devClass as DeviceClass,
          name: k.devName,
          seed: seedOf(k.devId),
        })),
    }));
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
