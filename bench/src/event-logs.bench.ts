import type { EventCalendar, EventPage } from '@powerdeck/domain';
import {
  type Database,
  LiveClock,
  buildApp,
  buildDeviceWorld,
  loadConfig,
  migrate,
} from '@powerdeck/server';
import { sql } from 'drizzle-orm';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBenchDatabase } from './support/bench-database';
import { type BenchModule, type BenchResult, ms, percentile } from './bench';

/**
 * Event logs: a location with 100,000 entries (commands of the audit log, device events, schedule
 * events over 60 days) and as many at another location; the latency of getEvents' first page, of
 * every page down to the last, of filtered first pages, of the calendar and of the CSV export,
 * through the HTTP app (inject, no network). Figures are printed, not asserted.
 *
 * Env: BENCH_EVENT_DATABASES ("postgres,pglite" by default), BENCH_DATABASE_URL or
 * TEST_DATABASE_URL (the PostgreSQL server, default postgres://postgres@127.0.0.1:5432/test).
 */
const COMMANDS = 40_000;
const DEVICE_EVENTS = 50_000;
const SCHEDULE_EVENTS = 10_000;
const DAYS = 60;
const RUNS = 100;
const ORIGIN = 'http://bench.local';
const NOW = Date.parse('2024-06-30T12:00:00Z');

/** A constant spelled into the SQL (a parameter would leave `i % $1` ambiguous). */
const n = (value: number) => sql.raw(String(value));

/** 100,000 entries at `siteId` (its devices `devIds`) spread over DAYS days before NOW. */
async function seed(database: Database, siteId: string, devIds: readonly string[]) {
  const db = database.db;
  const devs = sql.raw(`ARRAY[${devIds.map((d) => `'${d}'`).join(',')}]`);
  const span = DAYS * 86_400;
  const end = new Date(NOW).toISOString();
  // the time of row i: spread evenly over the span, newest last
  const at = (count: number) =>
    sql.raw(`'${end}'::timestamptz - ((${count} - i) * ${span / count}) * interval '1 second'`);
  await db.execute(sql`
    INSERT INTO device_commands (id, dev_id, svc, args, actor_kind, actor_id, created_at, expires_at)
    SELECT gen_random_uuid(), (${devs})[1 + i % ${n(devIds.length)}],
      CASE WHEN i % 10 = 0 THEN 'cycleOutlet' ELSE 'setOutlet' END,
      jsonb_build_object('otlt', 1 + i % 4, 'state', i % 2),
      CASE WHEN i % 5 = 0 THEN 'schedule' ELSE 'user' END,
      CASE WHEN i % 5 = 0 THEN '1' ELSE 'bench-user' END,
      ${at(COMMANDS)}, ${at(COMMANDS)} + interval '30 seconds'
    FROM generate_series(1, ${n(COMMANDS)}) i`);
  await db.execute(sql`
    INSERT INTO device_command_events (cmd_id, state, at, source)
    SELECT id, 'sent', created_at, 'server' FROM device_commands`);
  await db.execute(sql`
    INSERT INTO device_command_events (cmd_id, state, at, source)
    SELECT id, CASE WHEN random() < 0.05 THEN 'failed' ELSE 'done' END,
      created_at + interval '1 second', 'ack'
    FROM device_commands`);
  await db.execute(sql`
    INSERT INTO device_events (dev_id, site_id, type, outlet, value, device_time, at)
    SELECT (${devs})[1 + i % ${n(devIds.length)}], ${siteId},
      (ARRAY['outlet', 'power', 'fault', 'firmware', 'outlet'])[1 + i % 5],
      CASE WHEN i % 5 IN (0, 4) THEN 1 + i % 4 END,
      to_jsonb(i % 2), ${at(DEVICE_EVENTS)}, ${at(DEVICE_EVENTS)}
    FROM generate_series(1, ${n(DEVICE_EVENTS)}) i`);
  await db.execute(sql`
    INSERT INTO schedule_events (site_id, schedule_id, schedule_name, kind, actor_kind, actor_id, at)
    SELECT ${siteId}, 1, 'Nightly', (ARRAY['edited', 'missed'])[1 + i % 2], 'schedule', '1',
      ${at(SCHEDULE_EVENTS)}
    FROM generate_series(1, ${n(SCHEDULE_EVENTS)}) i`);
}

/** As many entries at another location, so the indexes must pick this location's out. */
async function seedElsewhere(database: Database, siteId: string) {
  await database.db.execute(sql`
    INSERT INTO device_events (dev_id, site_id, type, outlet, value, device_time, at)
    SELECT 'FFFF' || i % 50, ${siteId}, 'outlet', 1, to_jsonb(1), now() - i * interval '1 minute',
      now() - i * interval '1 minute'
    FROM generate_series(1, 100000) i`);
}

async function run(kind: string): Promise<BenchResult[]> {
  const { database, dispose } = await openBenchDatabase(
    kind === 'pglite'
      ? undefined
      : process.env.BENCH_DATABASE_URL?.trim() ||
          process.env.TEST_DATABASE_URL?.trim() ||
          'postgres://postgres@127.0.0.1:5432/test',
    'pd_bench_events',
  );
  try {
    await migrate(database);
    const clock = new LiveClock();
    clock.advance(NOW - Date.now());
    const app = await buildApp({
      config: loadConfig({
        LOG_LEVEL: 'warn',
        PUBLIC_ORIGIN: ORIGIN,
        DATA_DIR: join(tmpdir(), 'powerdeck-bench'),
        WEB_DIST: join(tmpdir(), 'powerdeck-bench-no-web'),
      }),
      db: database,
      clock,
    });
    await app.ready();
    try {
      const world = await buildDeviceWorld(database, clock, { count: 20 });
      const started = performance.now();
      await seed(
        database,
        world.siteId,
        world.plan.map((p) => p.devId),
      );
      await seedElsewhere(database, world.otherSiteId);
      // PostgreSQL's autovacuum would have gathered statistics; PGlite has none (no autovacuum)
      if (kind !== 'pglite') await database.db.execute(sql`ANALYZE`);
      const seedSeconds = (performance.now() - started) / 1000;

      const get = async <T>(svc: string, query: Record<string, string>) => {
        const t0 = performance.now();
        const response = await app.inject({
          url: `/data-svc/eventLogs/data-svc.php?${new URLSearchParams({ svc, siteId: world.siteId, ...query }).toString()}`,
          headers: { cookie: world.cookies.client },
        });
        const elapsed = performance.now() - t0;
        if (response.statusCode !== 200) throw new Error(`${svc}: ${response.body}`);
        return { elapsed, body: response.json<T>(), size: response.body.length };
      };
      const repeat = async (svc: string, query: Record<string, string>) => {
        for (let i = 0; i < 10; i++) await get(svc, query);
        const times: number[] = [];
        for (let i = 0; i < RUNS; i++) times.push((await get(svc, query)).elapsed);
        return `${ms(percentile(times, 50))} / ${ms(percentile(times, 95))}`;
      };

      const first = {
        'getEvents first page (50)': await repeat('getEvents', {}),
        'type=outlet': await repeat('getEvents', { type: 'outlet' }),
        'actor=schedule': await repeat('getEvents', { actor: 'schedule' }),
        'type=schedule': await repeat('getEvents', { type: 'schedule' }),
        'one device': await repeat('getEvents', { devId: world.plan[3]?.devId ?? '' }),
        'one week (from/to)': await repeat('getEvents', { from: '2024-06-01', to: '2024-06-07' }),
        'calendar (June)': await repeat('getEventCalendar', { month: '2024-06' }),
        'calendar (June, type=power)': await repeat('getEventCalendar', {
          month: '2024-06',
          type: 'power',
        }),
      };

      // every page of 200, newest to oldest
      const pageTimes: number[] = [];
      let before: string | null = null;
      let entries = 0;
      do {
        const page: { elapsed: number; body: EventPage } = await get<EventPage>('getEvents', {
          limit: '200',
          ...(before ? { before } : {}),
        });
        pageTimes.push(page.elapsed);
        entries += page.body.records.length;
        before = page.body.next;
      } while (before);
      const deep = {
        pages: pageTimes.length,
        entries,
        'first page ms': ms(pageTimes[0] ?? Number.NaN),
        'p50 ms': ms(percentile(pageTimes, 50)),
        'p95 ms': ms(percentile(pageTimes, 95)),
        'last page ms': ms(pageTimes.at(-1) ?? Number.NaN),
      };

      const t0 = performance.now();
      const csv = await app.inject({
        url: `/data-svc/eventLogs/data-svc.php?svc=exportEvents&siteId=${world.siteId}`,
        headers: { cookie: world.cookies.client },
      });
      const exportMs = performance.now() - t0;
      const calendar = await get<EventCalendar>('getEventCalendar', { month: '2024-06' });
      const counted = calendar.body.days.reduce((sum, d) => sum + d.count, 0);

      return [
        {
          name: `event logs on ${kind}: first pages and calendar, p50 / p95 ms (${RUNS} runs each)`,
          figures: first,
          note: `data: ${entries} entries at the location (${COMMANDS} commands, ${DEVICE_EVENTS} device events, ${SCHEDULE_EVENTS} schedule events over ${DAYS} days) and 100,000 at another, seeded in ${seedSeconds.toFixed(0)} s`,
        },
        { name: `event logs on ${kind}: every page of 200, newest to oldest`, figures: deep },
        {
          name: `event logs on ${kind}: CSV export of the whole log`,
          figures: {
            ms: ms(exportMs),
            MB: ms(csv.body.length / 1e6),
            rows: csv.body.split('\r\n').length - 2,
            'June entries (calendar)': counted,
          },
        },
      ];
    } finally {
      await app.close();
    }
  } finally {
    await dispose();
  }
}

const bench: BenchModule = {
  name: 'event-logs',
  async run(): Promise<BenchResult[]> {
    const kinds = (process.env.BENCH_EVENT_DATABASES ?? 'postgres,pglite').split(',');
    const results: BenchResult[] = [];
    for (const kind of kinds) results.push(...(await run(kind.trim())));
    return results;
  },
};

export default bench;
