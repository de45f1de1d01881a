import {
  type CommandResult,
  type EventEntry,
  type EventPage,
  type TopicAddress,
  getDeviceSpec,
} from '@powerdeck/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../infra/db/rows';
import { type OpenedTestDatabase, testDatabases } from '../../test/databases';
import { type EventLogWorld, startEventLogWorld } from './event-log-world';

const SECOND = 1000;
const HOUR = 3_600_000;

describe.each(testDatabases())('event logs on $name', (testDb) => {
  let opened: OpenedTestDatabase;
  let w: EventLogWorld;
  let meter: TopicAddress;
  let kid: TopicAddress;

  beforeAll(async () => {
    opened = await testDb.open();
    w = await startEventLogWorld(opened);
    meter = { devId: w.meter.devId };
    kid = { devId: w.parent.devId, kidId: w.kid.devId };
  });
  afterAll(async () => {
    await w?.t.app.close();
    await opened?.dispose();
  });

  const db = () => opened.database.db;
  const tick = () => w.clock.advance(SECOND);
  const deviceTime = () => Math.floor(w.clock.now().getTime() / 1000);
  /** A status report: the device is connected (contact), and nothing is logged. */
  const connect = (address: TopicAddress): void => {
    // a kid is connected while its parent is
    if (address.kidId) connect({ devId: address.devId });
    const devClass = address.kidId
      ? w.kid.devClass
      : address.devId === w.parent.devId
        ? w.parent.devClass
        : w.meter.devClass;
    w.say(address, 'status', {
      devClass,
      sysTime: deviceTime(),
      uptime: 10,
      name: 'Test',
      fwVer: '1.0.0',
      otlts: Array.from({ length: getDeviceSpec(devClass).outletCount }, () => true),
      interval: 30,
    });
  };
  /** Switches outlet `otlt` by a control call and lets the device answer (or not). */
  const switchOutlet = async (
    address: TopicAddress,
    otlt: number,
    state: 0 | 1,
    answer: { ok: boolean; error?: string } | null,
  ) => {
    connect(address);
    const device = address.kidId ? w.kid : w.meter;
    const response = await w.control(
      'admin',
      device,
      'setoutletstate',
      { otlt: String(otlt), state: String(state) },
      address.kidId ? w.parent : undefined,
    );
    expect(response.statusCode, response.body).toBe(200);
    const { cmdId } = response.json<CommandResult>();
    // the device reports the switch before it acks: the same happening as the command
    if (answer?.ok)
      w.say(address, 'event', { type: 'outlet', outlet: otlt, value: state, time: deviceTime() });
    if (answer) w.say(address, 'ack', { id: cmdId, ...answer });
    await w.settle();
    return cmdId;
  };
  const byId = (entries: EventEntry[], id: string) => entries.find((e) => e.id === id);

  describe('sources', () => {
    let entries: EventEntry[];
    let done: string;
    let failed: string;
    let pending: string;
    let kidCmd: string;

    beforeAll(async () => {
      tick();
      done = await switchOutlet(meter, 3, 0, { ok: true });
      tick();
      failed = await switchOutlet(meter, 1, 1, { ok: false, error: 'busy' });
      tick();
      pending = await switchOutlet(meter, 4, 1, null);
      tick();
      kidCmd = await switchOutlet(kid, 1, 1, { ok: true });
      tick();
      // at the device itself, no command
      w.say(meter, 'event', { type: 'outlet', outlet: 5, value: 1, time: deviceTime() });
      tick();
      w.say(meter, 'event', { type: 'power', value: 2, time: deviceTime() });
      // heard twice (a second subscription): one entry
      w.say(meter, 'event', { type: 'power', value: 2, time: deviceTime() });
      tick();
      w.say(kid, 'online', '0');
      tick();
      w.say(kid, 'online', '1');
      // the same again and a retained copy: no change, no entry
      w.say(kid, 'online', '1');
      w.say(kid, 'online', '1', true);
      tick();
      await w.settle();
      entries = await w.entries();
    });

    it('shows a command with the person who sent it and its outcome, not the device’s report of it', () => {
      expect(byId(entries, `cmd:${done}`)).toMatchObject({
        type: 'outlet',
        devId: w.meter.devId,
        devClass: 'm4315',
        outlet: 3,
        text: 'Outlet 3 switched off',
        actor: { kind: 'user', name: 'admin User' },
        result: 'done',
      });
      const reports = entries.filter((e) => e.id.startsWith('dev:') && e.outlet === 3);
      expect(reports).toEqual([]);
    });

    it('shows a failed command with its reason and an unanswered one as pending', () => {
      expect(byId(entries, `cmd:${failed}`)).toMatchObject({
        text: 'Outlet 1 switched on',
        result: 'failed',
        detail: 'busy',
      });
      expect(byId(entries, `cmd:${pending}`)).toMatchObject({ result: 'pending', detail: null });
    });

    it('shows a kid’s command under the kid, with its parent', () => {
      expect(byId(entries, `cmd:${kidCmd}`)).toMatchObject({
        devId: w.kid.devId,
        parentDevId: w.parent.devId,
        text: 'Outlet 1 switched on',
        result: 'done',
      });
    });

    it('shows what the device did by itself, with the device as actor', () => {
      const fromDevice = entries.filter(
        (e) => e.id.startsWith('dev:') && e.devId === w.meter.devId,
      );
      expect(fromDevice.map((e) => [e.type, e.text, e.actor.kind])).toEqual([
        ['power', 'Power condition Under Voltage', 'device'],
        ['outlet', 'Outlet 5 switched on', 'device'],
      ]);
    });

    it('shows online and offline changes once each', () => {
      const connection = entries.filter((e) => e.type === 'connection');
      expect(connection.map((e) => [e.devId, e.text])).toEqual([
        [w.kid.devId, 'Back online'],
        [w.kid.devId, 'Went offline'],
      ]);
    });

    it('lists newest first', () => {
      const times = entries.map((e) => e.time);
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });
  });

  describe('more sources', () => {
    it('logs a battery running low from status reports, once', async () => {
      const status = (battlevel: number) => ({
        devClass: 'f1500',
        sysTime: deviceTime(),
        uptime: 10,
        name: 'UPS',
        fwVer: '1.0.0',
        otlts: [true, true, true, true],
        interval: 30,
        battlevel,
      });
      const ups = w.world.plan.find((p) => p.devClass === 'f1500');
      if (!ups) throw new Error('no f1500 in the plan');
      tick();
      w.say({ devId: ups.devId }, 'status', status(0.5));
      tick();
      w.say({ devId: ups.devId }, 'status', status(0.15));
      tick();
      w.say({ devId: ups.devId }, 'status', status(0.14));
      await w.settle();
      const battery = await w.entries({ type: 'battery' });
      expect(battery.map((e) => [e.devId, e.text])).toEqual([[ups.devId, 'Battery low (15%)']]);
    });

    it('logs schedule events with their actor, and a fire with its per-target results', async () => {
      tick();
      connect(meter);
      const tracker = w.t.app.devices.tracker;
      if (!tracker) throw new Error('no tracker');
      const sent = await tracker.send({
        address: meter,
        svc: 'setOutlet',
        args: { otlt: 6, state: 0 },
        actor: { kind: 'schedule', id: '41' },
      });
      w.say(meter, 'ack', { id: sent.cmdId, ok: true });
      await w.settle();
      const admins = rowsOf<{ user_id: string }>(
        await db().execute(sql`
        SELECT user_id FROM permissions WHERE site_id = ${w.world.siteId} AND perm_lvl = 'ADMIN'`),
      );
      const adminId = admins[0]?.user_id ?? '';
      const at = w.clock.now().toISOString();
      await db().execute(sql`
        INSERT INTO schedules (id, site_id, name, action, time, day_mask, created_by_kind,
          created_by_id, created_at, updated_at)
        VALUES (41, ${w.world.siteId}, 'Nightly', 'off', '02:30', 127, 'user', ${adminId},
          ${at}::timestamptz, ${at}::timestamptz)`);
      await db().execute(sql`
        INSERT INTO schedule_targets (schedule_id, position, dev_id, otlt)
        VALUES (41, 0, ${w.meter.devId}, 6), (41, 1, ${w.meter.devId}, 2)`);
      const fire = rowsOf<{ id: string }>(
        await db().execute(sql`
        INSERT INTO schedule_fires (schedule_id, site_id, due_at, fired_at, kind, targets)
        VALUES (41, ${w.world.siteId}, ${at}::timestamptz, ${at}::timestamptz, 'fired',
          ${JSON.stringify([
            { devId: w.meter.devId, otlt: 6, cmdId: sent.cmdId, skipped: null },
            { devId: w.meter.devId, otlt: 2, cmdId: null, skipped: 'This outlet is locked.' },
          ])}::jsonb)
        RETURNING id`),
      );
      await db().execute(sql`
        INSERT INTO schedule_events (site_id, schedule_id, schedule_name, kind, actor_kind, actor_id, at, fire_id)
        VALUES (${w.world.siteId}, 41, 'Nightly', 'added', 'user', ${adminId}, ${at}::timestamptz - interval '1 hour', NULL),
          (${w.world.siteId}, 41, 'Nightly', 'fired', 'schedule', '41', ${at}::timestamptz, ${fire[0]?.id ?? 0})`);

      const schedule = await w.entries({ type: 'schedule' });
      expect(schedule.map((e) => [e.text, e.actor.kind, e.actor.name, e.result])).toEqual([
        ['Schedule “Nightly” fired', 'schedule', 'Nightly', 'partial'],
        ['Schedule “Nightly” added', 'user', 'admin User', null],
      ]);
      expect(schedule[0]?.detail).toBe(
        `${w.meter.name} outlet 6: done; ${w.meter.name} outlet 2: skipped (This outlet is locked.)`,
      );
      const bySchedule = await w.entries({ actor: 'schedule', type: 'outlet' });
      expect(bySchedule.map((e) => [e.id, e.text, e.actor])).toEqual([
        [
          `cmd:${sent.cmdId}`,
          'Outlet 6 switched off',
          { kind: 'schedule', id: '41', name: 'Nightly' },
        ],
      ]);
    });
  });

  describe('a server starting', () => {
    it('logs no device as back online from the broker’s stored copies, but one that went away meanwhile', async () => {
      const ups = w.world.plan.find((p) => p.devClass === 'mb1500');
      if (!ups) throw new Error('no mb1500 in the plan');
      tick();
      // never logged before: its stored "online" is no news
      w.say({ devId: w.parent.devId }, 'online', '1', true);
      // logged online, then the stored copy says offline: it went away while no server listened
      w.say({ devId: ups.devId }, 'online', '1');
      await w.settle();
      tick();
      w.say({ devId: ups.devId }, 'online', '0', true);
      await w.settle();
      const connection = await w.entries({ type: 'connection' });
      expect(connection.filter((e) => e.devId === w.parent.devId)).toEqual([]);
      expect(connection.filter((e) => e.devId === ups.devId).map((e) => e.text)).toEqual([
        'Went offline',
        'Back online',
      ]);
    });
  });

  describe('filters and pages', () => {
    it('one device shows its own entries and its kids’', async () => {
      const parentLog = await w.entries({ devId: w.parent.devId });
      expect(parentLog.length).toBeGreaterThan(0);
      expect(parentLog.every((e) => e.devId === w.kid.devId || e.devId === w.parent.devId)).toBe(
        true,
      );
      const kidLog = await w.entries({ devId: w.kid.devId });
      expect(kidLog.map((e) => e.id)).toEqual(parentLog.map((e) => e.id));
      const meterLog = await w.entries({ devId: w.meter.devId });
      expect(meterLog.some((e) => e.devId === w.kid.devId)).toBe(false);
      expect(meterLog.some((e) => e.type === 'schedule')).toBe(true);
    });

    it('filters by type and actor', async () => {
      const all = await w.entries();
      const outlets = await w.entries({ type: 'outlet' });
      expect(outlets.map((e) => e.id)).toEqual(
        all.filter((e) => e.type === 'outlet').map((e) => e.id),
      );
      const devices = await w.entries({ actor: 'device' });
      expect(devices.map((e) => e.id)).toEqual(
        all.filter((e) => e.actor.kind === 'device').map((e) => e.id),
      );
      const people = await w.entries({ actor: 'user' });
      expect(people.map((e) => e.id)).toEqual(
        all.filter((e) => e.actor.kind === 'user').map((e) => e.id),
      );
      expect(await w.entries({ actor: 'autoReboot' })).toEqual([]);
    });

    it('pages without gaps or repeats, also through entries of the same instant', async () => {
      // the same millisecond in every source
      for (let otlt = 1; otlt <= 5; otlt++) {
        w.say(meter, 'event', { type: 'fault', outlet: otlt, value: 'efuse', time: deviceTime() });
      }
      w.say(kid, 'online', '0');
      await w.settle();
      const all = await w.entries();
      const walked: string[] = [];
      let before: string | null = null;
      do {
        const response = await w.call('client', 'getEvents', {
          siteId: w.world.siteId,
          limit: '3',
          ...(before ? { before } : {}),
        });
        expect(response.statusCode).toBe(200);
        const page = response.json<EventPage>();
        expect(page.records.length).toBeLessThanOrEqual(3);
        walked.push(...page.records.map((e) => e.id));
        before = page.next;
      } while (before);
      expect(walked).toEqual(all.map((e) => e.id));
      expect(new Set(walked).size).toBe(walked.length);
    });

    it('reads dates and the calendar in the location’s time zone', async () => {
      // GMT-8 without DST: 07:30 UTC on May 3 is still May 2 there, 08:30 is May 3
      await db().execute(
        sql`UPDATE locations SET timezone = '-8.00', dst = false WHERE id = ${w.world.siteId}`,
      );
      w.clock.advance(Date.parse('2024-05-03T07:30:00Z') - w.clock.now().getTime());
      w.say(meter, 'event', { type: 'firmware', value: 'updating', time: deviceTime() });
      w.clock.advance(HOUR);
      w.say(meter, 'event', { type: 'firmware', value: '2.5.0', time: deviceTime() });
      w.clock.advance(HOUR);
      w.say(meter, 'event', { type: 'firmware', value: 'done', time: deviceTime() });
      await w.settle();
      const may3 = await w.entries({ from: '2024-05-03', to: '2024-05-03' });
      expect(may3.map((e) => e.text)).toEqual(['Firmware done', 'Firmware 2.5.0']);
      const may2 = await w.entries({ from: '2024-05-02', to: '2024-05-02', type: 'firmware' });
      expect(may2.map((e) => e.text)).toEqual(['Firmware updating']);

      const calendar = await w.calendar('2024-05', { type: 'firmware' });
      expect(calendar.days).toEqual([
        { date: '2024-05-02', count: 1 },
        { date: '2024-05-03', count: 2 },
      ]);
      expect(calendar.zone).toEqual({ timezone: '-8.00', dst: false });
      const everything = await w.calendar('2024-05');
      const total = everything.days.reduce((n, d) => n + d.count, 0);
      expect(total).toBe((await w.entries()).length);
      expect((await w.calendar('2024-04')).days).toEqual([]);
    });
  });

  describe('CSV export', () => {
    it('answers the filtered log as an attachment, times in the location’s zone, formulas defused', async () => {
      await db().execute(
        sql`UPDATE devices SET dev_name = '=HYPERLINK("x")' WHERE dev_id = ${w.meter.devId}`,
      );
      const response = await w.call('installer', 'exportEvents', {
        siteId: w.world.siteId,
        type: 'firmware',
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="events-device-test-site-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const lines = response.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines).toEqual([
        'Time,Type,Device,Device ID,Outlet,Event,By,Result,Detail',
        `May/03/2024 01:30:00 AM,Firmware,"'=HYPERLINK(""x"")",${w.meter.devId},,Firmware done,Device,,`,
        `May/03/2024 12:30:00 AM,Firmware,"'=HYPERLINK(""x"")",${w.meter.devId},,Firmware 2.5.0,Device,,`,
        `May/02/2024 11:30:00 PM,Firmware,"'=HYPERLINK(""x"")",${w.meter.devId},,Firmware updating,Device,,`,
      ]);
    });
  });

  describe('who may read', () => {
    it('lets every level at the location read, CLIENT included', async () => {
      for (const who of ['admin', 'installer', 'client'] as const) {
        const response = await w.call(who, 'getEvents', { siteId: w.world.siteId });
        expect(response.statusCode, who).toBe(200);
      }
    });

    it('refuses another location, a device of another location and no session', async () => {
      for (const svc of ['getEvents', 'exportEvents']) {
        expect((await w.call('stranger', svc, { siteId: w.world.siteId })).statusCode).toBe(403);
        expect((await w.call('nobody', svc, { siteId: w.world.siteId })).statusCode).toBe(401);
      }
      const calendar = await w.call('stranger', 'getEventCalendar', {
        siteId: w.world.siteId,
        month: '2024-05',
      });
      expect(calendar.statusCode).toBe(403);
      // the stranger's own location, with a device of ours: not there
      const foreignDevice = await w.call('stranger', 'getEvents', {
        siteId: w.world.otherSiteId,
        devId: w.meter.devId,
      });
      expect(foreignDevice.statusCode).toBe(404);
    });

    it('answers 400 to bad input', async () => {
      const site = { siteId: w.world.siteId };
      const cases: [string, Record<string, string>, string][] = [
        ['getEvents', { ...site, limit: '0' }, 'limit'],
        ['getEvents', { ...site, limit: '201' }, 'limit'],
        ['getEvents', { ...site, type: 'nonsense' }, 'type'],
        ['getEvents', { ...site, actor: 'robot' }, 'actor'],
        ['getEvents', { ...site, before: 'not-a-cursor' }, 'before'],
        ['getEvents', { ...site, before: Buffer.from('1.9.x').toString('base64url') }, 'before'],
        ['getEvents', { ...site, from: '2024-02-30' }, 'from'],
        ['getEvents', { ...site, from: '2024-05-03', to: '2024-05-01' }, 'to'],
        ['getEventCalendar', { ...site, month: '2024-13' }, 'month'],
        ['exportEvents', { ...site, to: 'tomorrow' }, 'to'],
      ];
      for (const [svc, query, field] of cases) {
        const response = await w.call('admin', svc, query);
        expect(response.statusCode, `${svc} ${JSON.stringify(query)}`).toBe(400);
        expect(Object.keys(response.json<{ fields?: object }>().fields ?? {})).toContain(field);
      }
    });
  });
});
