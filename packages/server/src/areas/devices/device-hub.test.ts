import type { LiveEventEnvelope } from '@powerdeck/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TestClock } from '../../test/test-app';
import { CommandTracker } from './command-tracker';
import { DeviceHub } from './device-hub';
import { LiveEvents } from './live-events';
import { StateWriter } from './state-writer';
import {
  FakeCommandsRepo,
  FakeLink,
  FakeStateRepo,
  asCommandsRepo,
  asStateRepo,
  silentLog,
} from './test-fakes';

const DEV = '1065A3000001';
const KID = '00A1B2C3D4E5';
const status = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    devClass: 'm4315',
    sysTime: 1_714_564_800,
    uptime: 5,
    name: 'Rack',
    fwVer: '2.4.1',
    otlts: [true, false],
    interval: 30,
    voltage: 120.1,
    wattage: 300,
    ...extra,
  });

describe('device hub', () => {
  let link: FakeLink;
  let state: FakeStateRepo;
  let writer: StateWriter;
  let hub: DeviceHub;
  let clock: TestClock;
  let seen: LiveEventEnvelope[];
  let tracker: CommandTracker;

  beforeEach(async () => {
    clock = new TestClock();
    link = new FakeLink();
    state = new FakeStateRepo();
    const events = new LiveEvents(clock);
    seen = [];
    events.subscribe(DEV, (e) => seen.push(e));
    writer = new StateWriter(asStateRepo(state), silentLog);
    tracker = new CommandTracker({
      link,
      repo: asCommandsRepo(new FakeCommandsRepo()),
      events,
      clock,
      log: silentLog,
    });
    hub = new DeviceHub({ link, writer, events, tracker, clock, log: silentLog, shareGroup: 'g' });
    await hub.start();
  });

  it('subscribes to the fleet, sharing status but not acks', () => {
    expect(link.subscribed).toContain('$share/g/pd/v1/+/status');
    expect(link.subscribed).toContain('pd/v1/+/ack');
  });

  it('keeps the latest status and contact of a device, one row per device per flush', async () => {
    link.deliver(`pd/v1/${DEV}/status`, status({ uptime: 1 }));
    link.deliver(`pd/v1/${DEV}/status`, status({ uptime: 2 }));
    link.deliver(`pd/v1/${DEV}/kids/${KID}/status`, status({ uptime: 3 }));
    await writer.flush();
    const batch = state.batches[0] ?? [];
    expect(batch).toHaveLength(2);
    expect(batch[0]).toMatchObject({ devId: DEV, parentDevId: null, online: true });
    expect(batch[0]?.status).toMatchObject({ uptime: 2, time: 1_714_564_800 });
    expect(batch[1]).toMatchObject({ devId: KID, parentDevId: DEV });
    expect(hub.contactOf({ devId: DEV })).toEqual({
      online: true,
      lastContactMs: clock.now().getTime(),
    });
    expect(seen.filter((e) => e.event.type === 'status')).toHaveLength(3);
    expect(state.readings).toHaveLength(2);
  });

  it('drops bad JSON, invalid payloads and foreign topics without throwing', () => {
    expect(() => {
      link.deliver(`pd/v1/${DEV}/status`, 'not json {');
      link.deliver(`pd/v1/${DEV}/status`, status({ battlevel: 7 }));
      link.deliver(`pd/v1/${DEV}/ack`, '{"ok":true}');
      link.deliver(`pd/v1/${DEV}/online`, 'maybe');
      link.deliver('somewhere/else', '1');
    }).not.toThrow();
    expect(hub.stats.dropped).toBe(5);
    expect(seen).toHaveLength(0);
  });

  it('an empty online or status (a retained copy cleared) is neither news nor dropped', () => {
    const warn = vi.spyOn(silentLog, 'warn');
    link.deliver(`pd/v1/${DEV}/online`, '1');
    link.deliver(`pd/v1/${DEV}/status`, status());
    seen.length = 0;
    link.deliver(`pd/v1/${DEV}/online`, '');
    link.deliver(`pd/v1/${DEV}/status`, '');
    link.deliver(`pd/v1/${DEV}/kids/${KID}/status`, '', true);
    expect(hub.stats).toMatchObject({ dropped: 0, cleared: 3 });
    expect(warn).not.toHaveBeenCalled();
    expect(seen).toHaveLength(0);
    expect(hub.contactOf({ devId: DEV })?.online).toBe(true);
    // an empty event or ack is still a device's invalid message
    link.deliver(`pd/v1/${DEV}/ack`, '');
    expect(hub.stats.dropped).toBe(1);
    warn.mockRestore();
  });

  it('a retained status is not contact: a device gone for days stays inactive', async () => {
    link.deliver(`pd/v1/${DEV}/status`, status(), true);
    await writer.flush();
    expect(state.batches[0]?.[0]?.lastContact).toBeUndefined();
    expect(hub.contactOf({ devId: DEV })).toBeUndefined();
  });

  it('hands every report, retained or new, to the command tracker once', () => {
    const onStatus = vi.spyOn(tracker, 'onStatus');
    link.deliver(`pd/v1/${DEV}/status`, status({ uptime: 1 }), true);
    link.deliver(`pd/v1/${DEV}/status`, status({ uptime: 1 }));
    link.deliver(`pd/v1/${DEV}/kids/${KID}/status`, status({ uptime: 2 }));
    expect(onStatus.mock.calls.map(([address, report]) => [address, report.otlts])).toEqual([
      [{ devId: DEV }, [true, false]],
      [{ devId: DEV, kidId: KID }, [true, false]],
    ]);
  });

  it('online 0 (the last will) marks the device offline and tells the stream', () => {
    link.deliver(`pd/v1/${DEV}/online`, '1');
    link.deliver(`pd/v1/${DEV}/online`, '0');
    expect(hub.contactOf({ devId: DEV })?.online).toBe(false);
    const changes = seen.filter((e) => e.event.type === 'device').map((e) => e.event);
    expect(changes).toEqual([
      { type: 'device', devId: DEV, change: 'online' },
      { type: 'device', devId: DEV, change: 'offline' },
    ]);
  });
});

describe('state writer', () => {
  it('keeps a failed batch for the next flush, under newer reports', async () => {
    const repo = new FakeStateRepo();
    const writer = new StateWriter(asStateRepo(repo), silentLog);
    repo.fail = true;
    writer.record({ devId: DEV, parentDevId: null, sysTime: 1, online: true });
    await writer.flush();
    writer.record({ devId: DEV, parentDevId: null, sysTime: 2 });
    repo.fail = false;
    await writer.flush();
    expect(repo.batches[0]).toEqual([{ devId: DEV, parentDevId: null, sysTime: 2, online: true }]);
    expect(writer.stats).toMatchObject({ received: 2, failures: 1, flushes: 1 });
  });

  it('writes a large flush in parts, and after a failed part keeps only what was not written', async () => {
    const repo = new FakeStateRepo();
    const writer = new StateWriter(asStateRepo(repo), silentLog, { rowsPerStatement: 2 });
    const ids = ['A', 'B', 'C', 'D', 'E'];
    for (const devId of ids) writer.record({ devId, parentDevId: null, sysTime: 1 });
    repo.failAtBatch = 1;
    await writer.flush();
    expect(repo.batches.map((batch) => batch.map((w) => w.devId))).toEqual([['A', 'B']]);
    await writer.flush();
    expect(repo.batches.map((batch) => batch.map((w) => w.devId))).toEqual([
      ['A', 'B'],
      ['C', 'D'],
      ['E'],
    ]);
    expect(writer.stats).toMatchObject({ received: 5, rowsWritten: 5, failures: 1, flushes: 1 });
  });

  it("tells its listeners of the compared fields' changes after a flush, despite a failing one", async () => {
    const repo = new FakeStateRepo();
    const writer = new StateWriter(asStateRepo(repo), silentLog);
    const heard: unknown[] = [];
    writer.onStatusReplaced(['otlts'], () => {
      throw new Error('listener bug');
    });
    const stop = writer.onStatusReplaced(['pwr_cond'], (replaced) => heard.push(...replaced));
    const change = { devId: DEV, before: { otlts: [true] }, after: { otlts: [false] } };
    repo.replaced = [change];
    writer.record({ devId: DEV, parentDevId: null, status: { otlts: [false] } });
    await writer.flush();
    expect(repo.comparedBy[0]).toEqual(['otlts', 'pwr_cond']);
    expect(heard).toEqual([change]);
    expect(writer.stats).toMatchObject({ flushes: 1, failures: 0 });
    stop();
    repo.replaced = [change];
    writer.record({ devId: DEV, parentDevId: null, status: { otlts: [true] } });
    await writer.flush();
    expect(heard).toHaveLength(1);
  });

  it('keeps one reading per device per minute', () => {
    const repo = new FakeStateRepo();
    const writer = new StateWriter(asStateRepo(repo), silentLog);
    const t0 = Date.parse('2024-05-01T12:00:10Z');
    writer.reading(DEV, new Date(t0), { voltage: 120 });
    writer.reading(DEV, new Date(t0 + 30_000), { voltage: 121 });
    writer.reading(DEV, new Date(t0 + 60_000), { voltage: 122 });
    writer.reading(KID, new Date(t0), { otlts: [] });
    return writer.flush().then(() => {
      expect(repo.readings.map((r) => r.voltage)).toEqual([120, 122]);
      expect(repo.readings[0]?.at.toISOString()).toBe('2024-05-01T12:00:00.000Z');
    });
  });

  it('keeps the power factor of a reading where the status has one', async () => {
    const repo = new FakeStateRepo();
    const writer = new StateWriter(asStateRepo(repo), silentLog);
    const t0 = Date.parse('2024-05-01T12:00:10Z');
    writer.reading(DEV, new Date(t0), { wattage: 500, pwr_fact: 0.93 });
    writer.reading(KID, new Date(t0), { wattage: 20 });
    await writer.flush();
    expect(repo.readings.map((r) => [r.devId, r.pwrFact])).toEqual(
      expect.arrayContaining([
        [DEV, 0.93],
        [KID, null],
      ]),
    );
    expect(repo.readings).toHaveLength(2);
  });
});
