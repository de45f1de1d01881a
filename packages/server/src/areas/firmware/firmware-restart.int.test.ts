import type { DevicePlan, Fleet } from '@powerdeck/simulator';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCommandEvents } from '../../infra/db/schema';
import { type OpenedTestDatabase, testDatabases } from '../../test/databases';
import {
  type DeviceWorld,
  LiveClock,
  type TestBroker,
  buildDeviceWorld,
  testBrokers,
} from '../../test/devices';
import { eventually } from '../../test/sse';
import { firmwareTimings } from './firmware-area';
import {
  type FirmwareServer,
  firmwareCalls,
  startFirmwareServer,
  startWorldFleet,
} from './firmware-test-world';

const [embedded] = await testBrokers();
const STEP_S = 2;
// one upgrade at a time: a second one waits, queued
const ENV = { FIRMWARE_CONCURRENCY: '1', FIRMWARE_STEP_TIMEOUT_S: String(STEP_S) };

describe.each(testDatabases())('firmware upgrades across a server restart on $name', (testDb) => {
  let broker: TestBroker;
  let opened: OpenedTestDatabase;
  const clock = new LiveClock();
  const servers: FirmwareServer[] = [];
  let world: DeviceWorld;
  let fleet: Fleet;

  beforeAll(async () => {
    if (!embedded) throw new Error('no embedded broker');
    broker = await embedded.start();
    opened = await testDb.open();
    servers.push(await startFirmwareServer(opened, broker, clock, ENV));
    world = await buildDeviceWorld(opened.database, clock, { count: 4 });
    fleet = await startWorldFleet(world, broker, clock, servers[0] as FirmwareServer);
  });
  afterAll(async () => {
    await fleet?.stop();
    for (const server of servers) await server.close();
    await opened?.dispose();
    await broker?.stop();
  });

  it('a queued upgrade runs after a restart; the one in flight when its server stopped is Timed out', async () => {
    const [first] = servers as [FirmwareServer];
    const calls = firmwareCalls(first.t.app, world);
    const [inFlight, waiting] = world.plan.filter((p) => p.kids.length === 0) as [
      DevicePlan,
      DevicePlan,
    ];
    // the first device hears nothing: its upgrade waits for the begin's answer when the server stops
    fleet.get(inFlight.devId)?.injectFault({ kind: 'ignore-commands' });
    const a = await calls.upgrade(inFlight.devId);
    await eventually(async () =>
      (await calls.upgradesOf(inFlight.devId))[0]?.phase === 'downloading' ? true : undefined,
    );
    const b = await calls.upgrade(waiting.devId);
    expect((await calls.upgradesOf(waiting.devId))[0]).toMatchObject({ id: b.id, phase: 'queued' });

    await first.close();
    fleet.get(inFlight.devId)?.clearFaults();
    // the stopped server's heartbeat grows old
    clock.advance(firmwareTimings(STEP_S * 1000, 1).engine.staleMs + 1000);

    const second = await startFirmwareServer(opened, broker, clock, ENV);
    servers.push(second);
    const again = firmwareCalls(second.t.app, world);
    expect(await again.ended(inFlight.devId, a.id)).toMatchObject({
      phase: 'failed',
      reason: 'timedOut',
    });
    const done = await again.ended(waiting.devId, b.id, 60_000);
    expect(done.phase, JSON.stringify(done)).toBe('done');
    expect(done.steps.map((s) => s.phase)).toEqual([
      'queued',
      'downloading',
      'verifying',
      'installing',
      'rebooting',
      'done',
    ]);
    expect(fleet.get(waiting.devId)?.model.status().fwVer).toBe('4.0.2');
    const steps = await opened.database.db
      .select({ state: deviceCommandEvents.state, error: deviceCommandEvents.error })
      .from(deviceCommandEvents)
      .where(eq(deviceCommandEvents.cmdId, a.id))
      .orderBy(deviceCommandEvents.id);
    expect(steps).toEqual([
      { state: 'sent', error: null },
      { state: 'failed', error: 'Timed out' },
    ]);
  });
});
