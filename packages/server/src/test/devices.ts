import { type DeviceClass, getDeviceSpec } from '@powerdeck/domain';
import {
  type DevicePlan,
  Fleet,
  type Scheduler,
  TEST_TIMING,
  planFleet,
} from '@powerdeck/simulator';
import mqtt from 'mqtt';
import { randomBytes } from 'node:crypto';
import { SessionRepository } from '../areas/auth/session.repository';
import { SessionService } from '../areas/auth/session.service';
import { buildLocation, buildPermission, buildUser } from '../demo/builders';
import { SESSION_COOKIE } from '../http/cookies';
import type { Database } from '../infra/db/database';
import { testDatabases } from './databases';
import { devices, locations, outlets, permissions, users } from '../infra/db/schema';
import { deriveDeviceSecret } from '@powerdeck/domain/device-credentials';
import { type EmbeddedBroker, startEmbeddedBroker } from '../infra/mqtt/embedded-broker';
import { checkMosquitto } from '@powerdeck/simulator/test-services';
import { TestClock } from './test-app';

/** A clock that runs in real time (devices check command expiry against their own clock). */
export class LiveClock extends TestClock {
  private offset = 0;
  override now(): Date {
    return new Date(Date.now() + this.offset);
  }
  override advance(ms: number): void {
    this.offset += ms;
  }
}

export interface TestBroker {
  name: string;
  url: string;
  /** The service token the server connects with (embedded broker only). */
  serviceToken?: string;
  /** Whether the broker itself refuses a device publishing outside its root. */
  enforcesAcl: boolean;
  stop(): Promise<void>;
}

export const TEST_DEVICE_KEY = 'test-device-key';

/**
 * Every test broker with every test database, for `describe.each(...)('… on $name', …)`. Call at
 * the top level of a test file, as testBrokers.
 */
export async function brokerDatabaseCases() {
  return (await testBrokers()).flatMap((broker) =>
    testDatabases().map((database) => ({
      name: `${broker.name} and ${database.name}`,
      broker,
      database,
    })),
  );
}

/**
 * The embedded broker, and Mosquitto at MQTT_TEST_URL (default mqtt://127.0.0.1:1883) when it
 * answers. Call at the top level of a test file (`await testBrokers()`): when Mosquitto does not
 * answer, its cases are left out and a skipped test names the reason; with REQUIRE_SERVICES=true
 * the file fails instead (see @powerdeck/simulator/test-services).
 */
export async function testBrokers(): Promise<{ name: string; start(): Promise<TestBroker> }[]> {
  const mosquitto = await checkMosquitto();
  if (!mosquitto.reachable) {
    // imported here, not at the top: benchmarks import this module outside Vitest
    const { it } = await import('vitest');
    it.skip(mosquitto.skipReason, () => {});
  }
  return [
    {
      name: 'embedded broker',
      async start() {
        const serviceToken = randomBytes(16).toString('hex');
        const broker: EmbeddedBroker = await startEmbeddedBroker({
          deviceKey: TEST_DEVICE_KEY,
          serviceToken,
          logLevel: 'silent',
        });
        return {
          name: 'embedded',
          url: broker.url,
          serviceToken,
          enforcesAcl: true,
          stop: () => broker.stop(),
        };
      },
    },
    ...(mosquitto.reachable
      ? [
          {
            name: 'Mosquitto',
            start: () =>
              Promise.resolve({
                name: 'mosquitto',
                url: mosquitto.url,
                enforcesAcl: false,
                stop: () => Promise.resolve(),
              }),
          },
        ]
      : []),
  ];
}

export interface DeviceWorld {
  siteId: string;
  lockedSiteId: string;
  otherSiteId: string;
  plan: DevicePlan[];
  /** Session cookies by role: admin, client, installer (at siteId), stranger (other site only). */
  cookies: Record<'admin' | 'client' | 'installer' | 'stranger', string>;
}

/**
 * Users, three locations and the devices of `plan` (with kids and outlets, outlet 2 of every
 * device locked) at the first one; device ids are random per call, so runs never share a device.
 */
export async function buildDeviceWorld(
  database: Database,
  clock: TestClock,
  options: { count?: number; lockedPlan?: DevicePlan[] } = {},
): Promise<DeviceWorld> {
  const db = database.db;
  const plan = planFleet(options.count ?? 12, randomBytes(4).readUInt32BE() % 2 ** 31);
  const site = buildLocation({ name: 'Device Test Site' });
  const locked = buildLocation({ name: 'Locked Site', otltLock: true });
  const other = buildLocation({ name: 'Other Site' });
  await db.insert(locations).values([site, locked, other]);
  const roles = ['admin', 'client', 'installer', 'stranger'] as const;
  const people = roles.map((role) => buildUser({ passwordHash: 'x', firstName: role }));
  await db.insert(users).values(people);
  const [admin, client, installer, stranger] = people.map((p) => p.id);
  await db
    .insert(permissions)
    .values([
      buildPermission(admin ?? '', site.id, 'ADMIN'),
      buildPermission(admin ?? '', locked.id, 'ADMIN'),
      buildPermission(client ?? '', site.id, 'CLIENT'),
      buildPermission(installer ?? '', site.id, 'INSTALLER'),
      buildPermission(stranger ?? '', other.id, 'ADMIN'),
    ]);
  await insertPlan(database, plan, site.id);
  if (options.lockedPlan) await insertPlan(database, options.lockedPlan, locked.id);
  const sessions = new SessionService(new SessionRepository(db), clock);
  const cookie = async (userId: string | undefined) =>
    `${SESSION_COOKIE}=${await sessions.create(userId ?? '', { ip: '127.0.0.1', userAgent: 'test' })}`;
  return {
    siteId: site.id,
    lockedSiteId: locked.id,
    otherSiteId: other.id,
    plan,
    cookies: {
      admin: await cookie(admin),
      client: await cookie(client),
      installer: await cookie(installer),
      stranger: await cookie(stranger),
    },
  };
}

/** Device rows (parents, then kids) and their outlets for a fleet plan. */
export async function insertPlan(database: Database, plan: DevicePlan[], siteId: string) {
  const row = (
    p: { devId: string; devClass: DeviceClass; name: string },
    parent: string | null,
  ) => ({
    devId: p.devId,
    siteId,
    devClass: p.devClass,
    devName: p.name,
    fwVer: '2.4.1',
    parentDevId: parent,
  });
  const parents = plan.map((p) => row(p, null));
  const kids = plan.flatMap((p) => p.kids.map((k) => row(k, p.devId)));
  for (let i = 0; i < parents.length; i += 500) {
    await database.db.insert(devices).values(parents.slice(i, i + 500));
  }
  for (let i = 0; i < kids.length; i += 500) {
    await database.db.insert(devices).values(kids.slice(i, i + 500));
  }
  const outletRows = [...parents, ...kids].flatMap((d) =>
    Array.from({ length: getDeviceSpec(d.devClass).outletCount }, (_, i) => ({
      devId: d.devId,
      otltId: i + 1,
      name1: `Outlet ${i + 1}`,
      locked: i === 1,
    })),
  );
  for (let i = 0; i < outletRows.length; i += 500) {
    await database.db.insert(outlets).values(outletRows.slice(i, i + 500));
  }
}

/**
 * The simulated fleet of a plan on a broker, with the secrets the embedded broker expects; with a
 * scheduler the devices keep its time (a test that moves the server's clock moves theirs).
 */
export function startTestFleet(plan: DevicePlan[], url: string, scheduler?: Scheduler): Fleet {
  return new Fleet({
    mqttUrl: url,
    plan,
    secretFor: (devId) => deriveDeviceSecret(TEST_DEVICE_KEY, devId),
    timing: { ...TEST_TIMING, cycleOffMs: 200, rebootDownMs: 500 },
    backoff: { initialMs: 100, maxMs: 1000 },
    ...(scheduler ? { scheduler } : {}),
  });
}

/**
 * Clears the retained `online` and `status` of a plan's devices and kids on a broker that allows
 * anonymous clients (a shared Mosquitto would otherwise hand them to every later subscriber).
 */
export async function clearRetained(url: string, plan: readonly DevicePlan[]): Promise<void> {
  const client = await mqtt.connectAsync(url, { reconnectPeriod: 0 });
  try {
    for (const p of plan) {
      const roots = [p.devId, ...p.kids.map((k) => `${p.devId}/kids/${k.devId}`)];
      for (const root of roots) {
        for (const leaf of ['online', 'status']) {
          await client.publishAsync(`pd/v1/${root}/${leaf}`, '', { qos: 0, retain: true });
        }
      }
    }
    // a QoS 1 round trip: everything before it has reached the broker
    await client.publishAsync('pd/v1/cleanup', '', { qos: 1 });
  } finally {
    await client.endAsync();
  }
}
