import { deriveDeviceSecret } from '@powerdeck/domain/device-credentials';
import { type DevicePlan, Fleet, planFleet } from '@powerdeck/simulator';
import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCredentials, devices } from '../../infra/db/schema';
import { type DeviceLink, connectDeviceLink } from '../../infra/mqtt/device-link';
import { type EmbeddedBroker, startEmbeddedBroker } from '../../infra/mqtt/embedded-broker';
import { type OpenedTestDatabase, testDatabases } from '../../test/databases';
import { type DeviceWorld, LiveClock, TEST_DEVICE_KEY, buildDeviceWorld } from '../../test/devices';
import { eventually } from '../../test/sse';
import { type TestApp, startTestApp } from '../../test/test-app';
import { checkDeviceCredential } from './device-credentials';
import { DeviceCredentialsRepository } from './device-credentials.repository';

const CLAIM_KEY = 'K7Q2M9X4TBPD';

/** Whether the embedded broker lets this identity in (a connection that is closed at once). */
async function signsIn(url: string, devId: string, password: string): Promise<boolean> {
  try {
    const client = await mqtt.connectAsync(url, {
      clientId: devId,
      username: devId,
      password,
      reconnectPeriod: 0,
      connectTimeout: 5_000,
    });
    await client.endAsync(true);
    return true;
  } catch {
    return false;
  }
}

describe.each(testDatabases())('device credentials on the embedded broker, $name', (testDb) => {
  let opened: OpenedTestDatabase;
  let broker: EmbeddedBroker;
  let link: DeviceLink;
  let t: TestApp;
  let world: DeviceWorld;
  let fleet: Fleet | undefined;
  /** A device the factory registered with CLAIM_KEY, not claimed by anyone yet. */
  let unit: DevicePlan;
  const issued: string[] = [];

  beforeAll(async () => {
    opened = await testDb.open();
    const repo = new DeviceCredentialsRepository(opened.database.db);
    const serviceToken = randomBytes(16).toString('hex');
    broker = await startEmbeddedBroker({
      deviceKey: TEST_DEVICE_KEY,
      serviceToken,
      logLevel: 'silent',
      checkDevice: async (devId, password) =>
        (await checkDeviceCredential(repo, devId, password)) !== null,
    });
    link = await connectDeviceLink({ url: broker.url, serviceToken });
    const clock = new LiveClock();
    t = await startTestApp(opened.database, {
      clock,
      devices: { link, credentialSinks: [broker], writer: { flushMs: 20 } },
    });
    await t.app.ready();
    world = await buildDeviceWorld(opened.database, clock, { count: 2 });
    const candidates = planFleet(20, randomBytes(4).readUInt32BE() % 2 ** 31);
    const found = candidates.find((p) => p.kids.length === 0);
    if (!found) throw new Error('no device without kids in the plan');
    unit = found;
    await opened.database.db.insert(devices).values({
      devId: unit.devId,
      siteId: null,
      devClass: unit.devClass,
      devName: unit.name,
      fwVer: '2.4.1',
      parentDevId: null,
      claimKeyHash: await t.passwords.hash(CLAIM_KEY),
    });
  });
  afterAll(async () => {
    await fleet?.stop();
    await t.app.close();
    await link.close();
    await broker.stop();
    await opened.dispose();
  });

  const claim = () =>
    t.app.inject({
      method: 'POST',
      url: `/data-svc/devices/dataSvc.php?svc=addNewDevice&siteId=${world.siteId}`,
      headers: { cookie: world.cookies.admin },
      payload: { devId: unit.devId, claimKey: CLAIM_KEY.toLowerCase() },
    });
  const remove = (devId: string, devClass: string) =>
    t.app.inject({
      method: 'POST',
      url: '/data-svc/devices/dataSvc.php?svc=deleteDevice',
      headers: { cookie: world.cookies.admin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ siteId: world.siteId, devId, devClass }).toString(),
    });
  const credentialRow = async (devId: string) =>
    (
      await opened.database.db
        .select()
        .from(deviceCredentials)
        .where(eq(deviceCredentials.devId, devId))
    )[0];

  it('a device signs in with its claim key once claimed, takes a secret of its own, and then only that secret works', async () => {
    expect(await signsIn(broker.url, unit.devId, CLAIM_KEY)).toBe(false);
    expect((await claim()).statusCode).toBe(200);
    expect(await signsIn(broker.url, unit.devId, CLAIM_KEY)).toBe(true);
    // a wrong key, or another device's id with this key, stays out
    expect(await signsIn(broker.url, unit.devId, 'WRONGKEY0000')).toBe(false);
    expect(await signsIn(broker.url, world.plan[0]?.devId ?? '', CLAIM_KEY)).toBe(false);

    fleet = new Fleet({
      mqttUrl: broker.url,
      plan: [unit],
      credentialFor: () => ({ secret: CLAIM_KEY, credential: 'claim-key' }),
      onSecret: (_devId, secret) => issued.push(secret),
      backoff: { initialMs: 50, maxMs: 500 },
    });
    await fleet.start();
    const secret = await eventually(() => issued[0], 10_000);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // the device reconnected with its secret, and the database keeps only its verifier
    await eventually(async () => {
      const row = await credentialRow(unit.devId);
      return row?.secretVerifier && row.claimKeyVerifier === null ? row : undefined;
    }, 10_000);
    await eventually(() => ((fleet?.get(unit.devId)?.connects ?? 0) >= 2 ? true : undefined));
    expect(JSON.stringify(await credentialRow(unit.devId))).not.toContain(secret);
    expect(await signsIn(broker.url, unit.devId, CLAIM_KEY)).toBe(false);
    // (the device itself holds the client id: a second sign-in with it would take it over)
    expect(
      await checkDeviceCredential(
        new DeviceCredentialsRepository(opened.database.db),
        unit.devId,
        secret,
      ),
    ).toBe('issued');
  });

  it('deleting a device ends its connection at once and refuses it, until it is claimed again', async () => {
    const device = fleet?.get(unit.devId);
    expect(device?.connected).toBe(true);
    expect((await remove(unit.devId, unit.devClass)).statusCode).toBe(200);
    await eventually(() => (device?.connected === false ? true : undefined));
    const secret = issued[0] ?? '';
    expect(await signsIn(broker.url, unit.devId, secret)).toBe(false);
    expect(await signsIn(broker.url, unit.devId, CLAIM_KEY)).toBe(false);
    expect((await credentialRow(unit.devId))?.revokedAt).not.toBeNull();

    await fleet?.stop();
    fleet = undefined;
    expect((await claim()).statusCode).toBe(200);
    // claimed again: its claim key signs it in; the secret of before does not
    expect(await signsIn(broker.url, unit.devId, CLAIM_KEY)).toBe(true);
    expect(await signsIn(broker.url, unit.devId, secret)).toBe(false);
  });

  it('a device on the derived secret is refused once deleted; other devices are not', async () => {
    const device = world.plan.find((p) => p.kids.length === 0) ?? world.plan[0];
    if (!device) throw new Error('no device');
    const derived = deriveDeviceSecret(TEST_DEVICE_KEY, device.devId);
    expect(await signsIn(broker.url, device.devId, derived)).toBe(true);
    expect((await remove(device.devId, device.devClass)).statusCode).toBe(200);
    expect(await signsIn(broker.url, device.devId, derived)).toBe(false);
    // another device's derived secret is untouched
    const other = world.plan.find((p) => p.devId !== device.devId);
    if (other) {
      expect(
        await signsIn(broker.url, other.devId, deriveDeviceSecret(TEST_DEVICE_KEY, other.devId)),
      ).toBe(true);
    }
  });
});
