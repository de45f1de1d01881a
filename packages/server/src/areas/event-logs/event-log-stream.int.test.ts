import {
  type CommandResult,
  type EventLogPush,
  callPath,
  callTable,
  getDeviceSpec,
} from '@powerdeck/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenedTestDatabase, testDatabases } from '../../test/databases';
import { SseClient } from '../../test/sse';
import { type TestApp, startTestApp } from '../../test/test-app';
import { type EventLogWorld, startEventLogWorld } from './event-log-world';

const STREAM_PATH = callPath(callTable.eventLogs.eventLogPusher);

describe.each(testDatabases())('the event log stream on $name', (testDb) => {
  let opened: OpenedTestDatabase;
  let w: EventLogWorld;
  let base: string;
  /** A second server on the same database. */
  let other: TestApp;
  let otherBase: string;
  const streams: SseClient[] = [];

  beforeAll(async () => {
    opened = await testDb.open();
    w = await startEventLogWorld(opened);
    base = await w.t.app.listen({ port: 0, host: '127.0.0.1' });
    other = await startTestApp(opened.database);
    otherBase = await other.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const sse of streams) sse.close();
    await other?.app.close();
    await w?.t.app.close();
    await opened?.dispose();
  });

  const open = async (cookie: string, siteId: string, at = base) => {
    const sse = await SseClient.open(`${at}${STREAM_PATH}?siteId=${siteId}`, { cookie });
    streams.push(sse);
    return sse;
  };
  const pushes = (sse: SseClient) => sse.received as unknown as EventLogPush[];

  /** The meter reports (connected), then its outlet 1 is switched from the console. */
  const sendCommand = async () => {
    const meter = { devId: w.meter.devId };
    w.say(meter, 'status', {
      devClass: w.meter.devClass,
      sysTime: Math.floor(w.clock.now().getTime() / 1000),
      uptime: 10,
      name: 'Test',
      fwVer: '1.0.0',
      otlts: Array.from({ length: getDeviceSpec(w.meter.devClass).outletCount }, () => true),
      interval: 30,
    });
    const response = await w.control('admin', w.meter, 'setoutletstate', { otlt: '1', state: '0' });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CommandResult>().cmdId;
  };

  it('pushes the location when a command is sent there, to every server’s streams', async () => {
    const here = await open(w.cookie('client'), w.world.siteId);
    const there = await open(w.cookie('installer'), w.world.siteId, otherBase);
    expect([here.status, there.status]).toEqual([200, 200]);
    await sendCommand();
    for (const sse of [here, there]) {
      const push = (await sse.waitFor(
        (e) => (e as unknown as EventLogPush).siteId === w.world.siteId,
      )) as unknown as EventLogPush;
      expect(push.at).toBe(w.clock.now().getTime());
    }
  });

  it('pushes after a device reports', async () => {
    const sse = await open(w.cookie('admin'), w.world.siteId);
    w.say({ devId: w.meter.devId }, 'event', { type: 'power', value: 3, time: 1 });
    await sse.waitFor((e) => (e as unknown as EventLogPush).siteId === w.world.siteId);
  });

  it('leaves out a stream of another location', async () => {
    const mine = await open(w.cookie('admin'), w.world.siteId);
    const elsewhere = await open(w.cookie('admin'), w.world.lockedSiteId);
    expect(elsewhere.status).toBe(200);
    await sendCommand();
    await mine.waitFor((e) => (e as unknown as EventLogPush).siteId === w.world.siteId);
    // the push for our location has reached this server: one for the other would have too
    await w.t.app.eventLogs.writer.flush();
    expect(pushes(elsewhere)).toEqual([]);
  });

  it('refuses a caller without a level at the location, and no session', async () => {
    expect((await open(w.cookie('stranger'), w.world.siteId)).status).toBe(403);
    expect((await open('', w.world.siteId)).status).toBe(401);
  });
});
