import { localParts, locationZone } from '@powerdeck/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduleEvents, scheduleFires, schedules } from '../../infra/db/schema-schedules';
import { type OpenedTestDatabase, testDatabases } from '../../test/databases';
import { type DeviceWorld, buildDeviceWorld } from '../../test/devices';
import { eventually } from '../../test/sse';
import { type TestApp, TestClock, startTestApp } from '../../test/test-app';
import { controlMessages } from '../devices/device-control.service';
import { fireMessages } from './schedule-firing';
import { scheduleCalls } from './schedule-test-calls';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const ZONE = locationZone('-8.00', false);
/** A firing's due time; the first server stops 10 s (of its clock and the real one) before it. */
const DUE = Date.parse('2024-05-01T12:30:00Z');
const LEAD_MS = 10_000;

const localTime = (at: number) => {
  const { hour, minute } = localParts(at, ZONE);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
};

describe.each(testDatabases())('scheduler across a restart on $name', (testDb) => {
  let opened: OpenedTestDatabase;
  let world: DeviceWorld;
  const started: TestApp[] = [];
  /** The three schedules the first server made before it stopped. */
  const ids = { late: 0, days: 0, lost: 0 };
  /** The first occurrence of `days`, three days and ten minutes before DUE. */
  const daysDue = DUE - 3 * DAY - 10 * MINUTE;

  beforeAll(async () => {
    opened = await testDb.open();
    const clock = new TestClock(daysDue - LEAD_MS);
    const first = await startTestApp(opened.database, { clock });
    started.push(first);
    world = await buildDeviceWorld(opened.database, clock, { count: 4 });
    const calls = scheduleCalls(first.app, world);
    const device = world.plan[0]?.devId ?? '';
    const create = async (name: string, time: string) => {
      const response = await calls.post('admin', 'createSchedule', {
        siteId: world.siteId,
        name,
        targets: [{ devId: device, otlt: 1 }],
        action: 'cycle',
        time,
        dayMask: 127,
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ id: number }>().id;
    };
    ids.days = await create('Down for days', localTime(daysDue));
    clock.advance(DUE - LEAD_MS - clock.now().getTime());
    ids.late = await create('Late', localTime(DUE));
    ids.lost = await create('Job lost', localTime(DUE));
    // the server stops before any of them is due; one job is lost with it
    await first.app.close();
    await opened.database.db.execute(
      sql`DELETE FROM pgboss.job WHERE name = 'schedule-fire' AND (data ->> 'scheduleId')::int = ${ids.lost}`,
    );
    // ...and starts again two minutes after DUE
    started.push(await startTestApp(opened.database, { clock: new TestClock(DUE + 2 * MINUTE) }));
  });
  afterAll(async () => {
    for (const t of started) await t.app.close();
    await opened.dispose();
  });

  const firesOf = (scheduleId: number) =>
    opened.database.db
      .select()
      .from(scheduleFires)
      .where(eq(scheduleFires.scheduleId, scheduleId))
      .orderBy(asc(scheduleFires.dueAt));
  const nextOf = async (scheduleId: number) => {
    const [row] = await opened.database.db
      .select({ next: schedules.nextFireAt })
      .from(schedules)
      .where(eq(schedules.id, scheduleId));
    return row?.next?.getTime();
  };
  const eventKinds = async (scheduleId: number) =>
    (
      await opened.database.db
        .select()
        .from(scheduleEvents)
        .where(eq(scheduleEvents.scheduleId, scheduleId))
        .orderBy(asc(scheduleEvents.id))
    ).map((e) => e.kind);

  it('a firing due while the server was stopped runs once on start when under 5 minutes late', async () => {
    await eventually(
      async () => ((await nextOf(ids.late)) === DUE + DAY ? true : undefined),
      30_000,
    );
    const fires = await firesOf(ids.late);
    expect(fires).toHaveLength(1);
    // sent through the command path: this app has no device link, so the click rule refuses it
    expect(fires[0]).toMatchObject({
      dueAt: new Date(DUE),
      firedAt: new Date(DUE + 2 * MINUTE),
      kind: 'failed',
      targets: [{ otlt: 1, cmdId: null, skipped: controlMessages.noHub }],
    });
    expect(await eventKinds(ids.late)).toEqual(['added', 'failed']);
  });

  it('a schedule whose job was lost gets it again on start', async () => {
    await eventually(
      async () => ((await nextOf(ids.lost)) === DUE + DAY ? true : undefined),
      30_000,
    );
    expect((await firesOf(ids.lost)).map((f) => [f.dueAt?.getTime(), f.kind])).toEqual([
      [DUE, 'failed'],
    ]);
  });

  it('a firing more than 5 minutes late is missed; each occurrence missed meanwhile is recorded once', async () => {
    await eventually(
      async () => ((await nextOf(ids.days)) === daysDue + 4 * DAY ? true : undefined),
      30_000,
    );
    const fires = await firesOf(ids.days);
    expect(fires.map((f) => [f.dueAt?.getTime(), f.kind])).toEqual(
      [0, 1, 2, 3].map((n) => [daysDue + n * DAY, 'missed']),
    );
    expect(fires[0]?.targets).toEqual([
      { devId: world.plan[0]?.devId, otlt: 1, cmdId: null, skipped: fireMessages.missed },
    ]);
    expect(await eventKinds(ids.days)).toEqual(['added', 'missed', 'missed', 'missed', 'missed']);
  });
});
