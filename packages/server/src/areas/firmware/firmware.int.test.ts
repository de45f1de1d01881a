import {
  type DeviceFirmware,
  type DeviceMeta,
  type DevicesFirmwareInfo,
  type EventPage,
  FIRMWARE_ERROR_REASONS,
  FIRMWARE_ERROR_TEXTS,
  type FirmwareBatch,
  type FirmwarePush,
  type FirmwareUpgrade,
  type FirmwareUpgrades,
  callPath,
  callTable,
} from '@powerdeck/domain';
import type { DevicePlan, Fleet } from '@powerdeck/simulator';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCommandEvents, deviceCommands } from '../../infra/db/schema';
import { type OpenedTestDatabase, testDatabases } from '../../test/databases';
import {
  type DeviceWorld,
  LiveClock,
  type TestBroker,
  buildDeviceWorld,
  testBrokers,
} from '../../test/devices';
import { SseClient, eventually } from '../../test/sse';
import {
  type FirmwareServer,
  firmwareCalls,
  startFirmwareServer,
  startWorldFleet,
} from './firmware-test-world';

const [embedded] = await testBrokers();
const LIMIT = 3;
const LATEST = '4.0.2';
const ENV = { FIRMWARE_CONCURRENCY: String(LIMIT), FIRMWARE_STEP_TIMEOUT_S: '0.5' };
const STREAM_PATH = callPath(callTable.firmware.firmwarePusher);

describe.each(testDatabases())('firmware upgrades on a simulated fleet on $name', (testDb) => {
  let broker: TestBroker;
  let opened: OpenedTestDatabase;
  const clock = new LiveClock();
  let server: FirmwareServer;
  let world: DeviceWorld;
  let fleet: Fleet;
  let calls: ReturnType<typeof firmwareCalls>;
  let base: string;
  const streams: SseClient[] = [];

  beforeAll(async () => {
    if (!embedded) throw new Error('no embedded broker');
    broker = await embedded.start();
    opened = await testDb.open();
    server = await startFirmwareServer(opened, broker, clock, ENV);
    world = await buildDeviceWorld(opened.database, clock, { count: 16 });
    fleet = await startWorldFleet(world, broker, clock, server);
    calls = firmwareCalls(server.t.app, world);
    base = await server.t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const sse of streams) sse.close();
    await fleet?.stop();
    await server?.close();
    await opened?.dispose();
    await broker?.stop();
  });

  /** Devices on their own link (no kids), one per test that needs it. */
  const loners = () => world.plan.filter((p) => p.kids.length === 0);
  let nextLoner = 0;
  const takeLoner = (): DevicePlan => {
    const device = loners()[nextLoner++];
    if (!device) throw new Error('the plan has too few devices without kids');
    return device;
  };
  const model = (devId: string) => fleet.get(devId)?.model;

  it('runs an upgrade through every phase to done, live, and the version follows', async () => {
    const device = takeLoner();
    const sse = await SseClient.open(`${base}${STREAM_PATH}?siteId=${world.siteId}`, {
      cookie: world.cookies.client,
    });
    streams.push(sse);
    expect(sse.status).toBe(200);

    const before = (
      await calls.get('installer', 'getDeviceFirmware', {
        siteId: world.siteId,
        devId: device.devId,
      })
    ).json<DeviceFirmware>();
    expect(before).toMatchObject({
      fwVer: '2.4.1',
      latestVersion: LATEST,
      updateAvailable: true,
      connected: true,
      upgrade: null,
    });
    expect(before.images.map((i) => i.version)).toEqual(['4.0.2', '3.1.0', '2.4.1', '1.0.0']);
    expect(before.images[0]?.sha256).toMatch(/^[0-9a-f]{64}$/);

    const queued = await calls.upgrade(device.devId, 'installer');
    expect(queued).toMatchObject({
      devId: device.devId,
      fromVersion: '2.4.1',
      toVersion: LATEST,
      reason: null,
      startedBy: 'installer User',
    });
    // the location had a free turn: it may have started already
    expect(['queued', 'downloading']).toContain(queued.phase);
    const upgrade = await calls.ended(device.devId, queued.id);
    expect(upgrade.phase, JSON.stringify(upgrade)).toBe('done');
    expect(upgrade.steps.map((s) => s.phase)).toEqual([
      'queued',
      'downloading',
      'verifying',
      'installing',
      'rebooting',
      'done',
    ]);
    expect(upgrade).toMatchObject({ progress: 100, bytesSent: upgrade.size });

    // the device runs it and the console says so
    expect(model(device.devId)?.status().fwVer).toBe(LATEST);
    const info = (
      await calls.get('client', 'getDevicesFirmwareInfo', { siteId: world.siteId })
    ).json<DevicesFirmwareInfo>();
    expect(info.concurrencyLimit).toBe(LIMIT);
    expect(info.records.find((r) => r.devId === device.devId)).toMatchObject({
      fwVer: LATEST,
      updateAvailable: false,
      upgrade: { id: queued.id, phase: 'done' },
    });

    // the stream pushed the phases as they came (on failure: what it had pushed, and whether it
    // was still open)
    const pushedPhases = () =>
      (sse.received as unknown as FirmwarePush[])
        .filter((p) => p.upgrade.id === queued.id)
        .map((p) => p.upgrade.phase);
    await expect
      .poll(
        () => {
          const phases = pushedPhases();
          return { done: phases.includes('done'), phases, ended: sse.ended };
        },
        { timeout: 15_000 },
      )
      .toMatchObject({ done: true });
    const pushed = pushedPhases();
    expect(new Set(pushed)).toEqual(
      new Set(['downloading', 'verifying', 'installing', 'rebooting', 'done']),
    );

    // audited as a command with its lifecycle; the device's phases in the event log
    const steps = () =>
      opened.database.db
        .select({ state: deviceCommandEvents.state })
        .from(deviceCommandEvents)
        .where(eq(deviceCommandEvents.cmdId, queued.id))
        .orderBy(deviceCommandEvents.id)
        .then((rows) => rows.map((s) => s.state));
    // its last step is written just after the upgrade ends
    await expect.poll(steps, { timeout: 5000 }).toEqual(['sent', 'acknowledged', 'done']);
    const [command] = await opened.database.db
      .select()
      .from(deviceCommands)
      .where(eq(deviceCommands.id, queued.id));
    expect(command).toMatchObject({ svc: 'firmware', devId: device.devId, actorKind: 'user' });
    const log = await eventually(async () => {
      const page = (
        await server.t.app.inject({
          url: `/data-svc/eventLogs/data-svc.php?svc=getEvents&siteId=${world.siteId}&devId=${device.devId}&type=firmware`,
          headers: { cookie: world.cookies.client },
        })
      ).json<EventPage>();
      const texts = page.records.map((r) => r.text);
      return texts.includes(`Firmware ${LATEST}`) ? texts : undefined;
    });
    expect(log).toEqual(
      expect.arrayContaining([
        `Firmware upgrade to ${LATEST}`,
        'Firmware downloading',
        'Firmware verifying',
        'Firmware installing',
        'Firmware rebooting',
        `Firmware ${LATEST}`,
      ]),
    );
  });

  it('a rule that reads the version follows it: back on 1.0.0 the device meta says 1.0.0', async () => {
    const device = takeLoner();
    const response = await calls.post('admin', 'upgradeDevice', {
      siteId: world.siteId,
      devId: device.devId,
      version: '1.0.0',
    });
    expect(response.statusCode, response.body).toBe(200);
    const upgrade = await calls.ended(device.devId, response.json<FirmwareUpgrade>().id);
    expect(upgrade.phase).toBe('done');
    const metaVersion = async () =>
      (
        await server.t.app.inject({
          url: `/data-svc/deviceView/data-svc.php?svc=meta&siteId=${world.siteId}&devClass=${device.devClass}&devId=${device.devId}`,
          headers: { cookie: world.cookies.admin },
        })
      ).json<DeviceMeta>().fwVer;
    // the report with the new version is stored by the next state flush, after the upgrade ended
    await expect.poll(metaVersion, { timeout: 5000 }).toBe('1.0.0');
  });

  it('fails with each reason the device reports, shown in the spec’s words', async () => {
    const devices = loners().slice(nextLoner);
    expect(devices.length).toBeGreaterThanOrEqual(4);
    const results: Record<string, unknown> = {};
    // the reasons in rounds over the devices, each round's upgrades at once
    for (let i = 0; i < FIRMWARE_ERROR_REASONS.length; i += devices.length) {
      const round = FIRMWARE_ERROR_REASONS.slice(i, i + devices.length);
      const started = await Promise.all(
        round.map(async (reason, j) => {
          const device = devices[j] as DevicePlan;
          fleet.get(device.devId)?.injectFault({ kind: 'firmware', reason });
          return { reason, device, upgrade: await calls.upgrade(device.devId) };
        }),
      );
      for (const { reason, device, upgrade } of started) {
        const ended = await calls.ended(device.devId, upgrade.id);
        results[reason] = { phase: ended.phase, reason: ended.reason };
        // the audit log's last step is written just after the upgrade ends: wait for it
        const lastStep = () =>
          opened.database.db
            .select({ state: deviceCommandEvents.state, error: deviceCommandEvents.error })
            .from(deviceCommandEvents)
            .where(eq(deviceCommandEvents.cmdId, upgrade.id))
            .orderBy(deviceCommandEvents.id)
            .then((rows) => rows.at(-1));
        await expect
          .poll(lastStep, { message: reason, timeout: 5000 })
          .toEqual({ state: 'failed', error: FIRMWARE_ERROR_TEXTS[reason] });
        expect(model(device.devId)?.status().fwVer, reason).toBe('2.4.1');
      }
    }
    expect(results).toEqual(
      Object.fromEntries(
        FIRMWARE_ERROR_REASONS.map((reason) => [reason, { phase: 'failed', reason }]),
      ),
    );
    nextLoner += devices.length;
  });

  it('an offline device is Timed out', async () => {
    const device = world.plan.find((p) => p.kids.length > 0) as DevicePlan;
    const simulated = fleet.get(device.devId);
    simulated?.injectFault({ kind: 'offline' });
    try {
      const upgrade = await calls.upgrade(device.devId);
      expect(await calls.ended(device.devId, upgrade.id)).toMatchObject({
        phase: 'failed',
        reason: 'timedOut',
        steps: [{ phase: 'queued' }, { phase: 'downloading' }, { phase: 'failed' }],
      });
    } finally {
      simulated?.clearFaults();
    }
    await eventually(() => (simulated?.connected ? true : undefined), 15_000);
  });

  it('upgrades every device of the location with an update, never more than the limit at once', async () => {
    const response = await calls.post('admin', 'upgradeLocation', { siteId: world.siteId });
    expect(response.statusCode, response.body).toBe(200);
    const batch = response.json<FirmwareBatch>();
    expect(batch.concurrencyLimit).toBe(LIMIT);
    expect(batch.batchId).not.toBeNull();
    const withUpdate = (
      await calls.get('admin', 'getDevicesFirmwareInfo', { siteId: world.siteId })
    )
      .json<DevicesFirmwareInfo>()
      .records.filter((r) => r.fwVer !== LATEST);
    expect(batch.upgrades.map((u) => u.devId).sort()).toEqual(
      withUpdate.map((r) => r.devId).sort(),
    );
    expect(batch.upgrades.every((u) => u.phase === 'queued' || u.phase === 'downloading')).toBe(
      true,
    );

    const ended = await eventually(async () => {
      const page = (
        await calls.get('client', 'getFirmwareUpgrades', {
          siteId: world.siteId,
          batchId: batch.batchId ?? '',
        })
      ).json<FirmwareUpgrades>();
      return page.summary.done + page.summary.failed === batch.upgrades.length ? page : undefined;
    }, 120_000);
    expect(ended.summary).toMatchObject({ total: batch.upgrades.length, queued: 0, running: 0 });
    expect(ended.summary.done).toBe(batch.upgrades.length);

    // from each upgrade's recorded turn (downloading until its end): never more than the limit
    const turns = ended.upgrades.flatMap((u) => {
      const start = u.steps.find((s) => s.phase === 'downloading')?.at;
      return start === undefined || u.endedAt === null
        ? []
        : [
            { at: start, d: 1 },
            { at: u.endedAt, d: -1 },
          ];
    });
    turns.sort((a, b) => a.at - b.at || a.d - b.d);
    let now = 0;
    let most = 0;
    for (const t of turns) {
      now += t.d;
      most = Math.max(most, now);
    }
    expect(most).toBeLessThanOrEqual(LIMIT);
    expect(most).toBeGreaterThan(1);

    // nothing left to update: a second Update Firmware starts nothing
    const again = await calls.post('admin', 'upgradeLocation', { siteId: world.siteId });
    expect(again.json<FirmwareBatch>()).toEqual({
      batchId: null,
      upgrades: [],
      concurrencyLimit: LIMIT,
    });
  });

  it('CLIENT may read but not start an upgrade (403); another location is 403; unknown 404', async () => {
    const device = world.plan[0] as DevicePlan;
    const asClient = await calls.post('client', 'upgradeDevice', {
      siteId: world.siteId,
      devId: device.devId,
    });
    expect(asClient.statusCode).toBe(403);
    const siteAsClient = await calls.post('client', 'upgradeLocation', { siteId: world.siteId });
    expect(siteAsClient.statusCode).toBe(403);
    for (const svc of ['getDevicesFirmwareInfo', 'getFirmwareUpgrades']) {
      expect((await calls.get('client', svc, { siteId: world.siteId })).statusCode).toBe(200);
    }
    const foreign = await calls.post('stranger', 'upgradeDevice', {
      siteId: world.siteId,
      devId: device.devId,
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ error: "You don't have permission to access this location." });
    const foreignRead = await calls.get('stranger', 'getDeviceFirmware', {
      siteId: world.siteId,
      devId: device.devId,
    });
    expect(foreignRead.statusCode).toBe(403);
    // their own location, our device: not there
    const elsewhere = await calls.post('stranger', 'upgradeDevice', {
      siteId: world.otherSiteId,
      devId: device.devId,
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(
      (await calls.post('nobody', 'upgradeDevice', { siteId: world.siteId, devId: device.devId }))
        .statusCode,
    ).toBe(401);
    const stream = await SseClient.open(`${base}${STREAM_PATH}?siteId=${world.siteId}`, {
      cookie: world.cookies.stranger,
    });
    streams.push(stream);
    expect(stream.status).toBe(403);
  });

  it('refuses bad input with a clear 400, and a second upgrade or the same version with 409', async () => {
    const device = world.plan[1] as DevicePlan;
    const post = (fields: Record<string, string>) => calls.post('admin', 'upgradeDevice', fields);
    const badId = await post({ siteId: world.siteId, devId: 'not-hex' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json<{ error: string }>().error).toBe(
      'devId must be a device id (6-32 hex digits)',
    );
    const badVersion = await post({ siteId: world.siteId, devId: device.devId, version: 'x' });
    expect(badVersion.statusCode).toBe(400);
    const unknown = await post({ siteId: world.siteId, devId: device.devId, version: '9.9.9' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ error: string }>().error).toBe(
      `Firmware 9.9.9 is not in the catalogue for ${device.devClass}.`,
    );
    const noSite = await calls.post('admin', 'upgradeLocation', {});
    expect(noSite.json()).toMatchObject({ error: 'siteId is required' });
    const badBatch = await calls.get('admin', 'getFirmwareUpgrades', {
      siteId: world.siteId,
      batchId: 'nope',
    });
    expect(badBatch.statusCode).toBe(400);

    const same = await post({ siteId: world.siteId, devId: device.devId, version: LATEST });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toEqual({ error: `The device already runs firmware ${LATEST}.` });
    const first = await post({ siteId: world.siteId, devId: device.devId, version: '3.1.0' });
    expect(first.statusCode).toBe(200);
    const second = await post({ siteId: world.siteId, devId: device.devId, version: '2.4.1' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      error: 'A firmware upgrade of this device is already under way.',
    });
    await calls.ended(device.devId, first.json<FirmwareUpgrade>().id);
  });
});
