import { getDeviceSpec, localParts, locationZone } from '@powerdeck/domain';
import {
  type Database,
  LiveClock,
  SchedulePlanner,
  SchedulesRepository,
  TEST_DEVICE_KEY,
  buildApp,
  buildDeviceWorld,
  clearRetained,
  connectDeviceLink,
  createJobQueue,
  loadConfig,
  migrate,
  startEmbeddedBroker,
} from '@powerdeck/server';
import { sql } from 'drizzle-orm';
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBenchDatabase } from './support/bench-database';
import { childMessage } from './support/child-message';
import { type BenchModule, type BenchResult, ms, percentile } from './bench';

/**
 * Schedules due in the same minute: one server with a simulated fleet connected, N schedules
 * (each switching one outlet on) all due at the same whole minute. The schedules are written
 * straight into the database and their jobs queued by the real SchedulePlanner (as a save does);
 * the server's own scheduler fires them from the durable job queue through the click's command
 * path. Measured from the database afterwards: fired_at − due_at of each firing
 * (schedule_fires), and the device's acknowledgement (the command's `done` step in the audit log,
 * device_command_events.at, recorded when the server took the ack) − due_at. Figures are printed,
 * not asserted. The fleet, the broker and the server (this process) run in three processes.
 *
 * Env: BENCH_SCHEDULES (default 10000), BENCH_SCHEDULE_DEVICES (2500: about 10,500 outlets of
 * their own, outlet 2 of each locked and left out), BENCH_SCHEDULE_LEAD_S (20: the due minute is
 * the first whole minute at least this long after the jobs are queued), BENCH_DATABASE_URL
 * (PostgreSQL; PGlite in memory otherwise), BENCH_MQTT_URL (an external broker allowing
 * anonymous devices; the embedded broker otherwise).
 */
const ORIGIN = 'http://bench.local';
const MINUTE = 60_000;
const SCHEDULES = Number(process.env.BENCH_SCHEDULES ?? 10_000);
const DEVICES = Number(process.env.BENCH_SCHEDULE_DEVICES ?? 2_500);
const LEAD_MS = Number(process.env.BENCH_SCHEDULE_LEAD_S ?? 20) * 1000;
/** How long after the due minute the firings and the devices' answers are waited for. */
const WAIT_MS = 10 * MINUTE;
/** Jobs queued at once while planning (PGlite runs them one by one anyway). */
const PLAN_CONCURRENCY = 8;
const support = join(import.meta.dirname, 'support');

const sleep = (msTime: number) => new Promise((r) => setTimeout(r, msTime));

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];

async function run(): Promise<BenchResult[]> {
  const serviceToken = randomBytes(16).toString('hex');
  const external = process.env.BENCH_MQTT_URL;
  const broker = external
    ? undefined
    : await startEmbeddedBroker({ deviceKey: TEST_DEVICE_KEY, serviceToken, logLevel: 'warn' });
  const url = external ?? broker?.url ?? '';
  try {
    const { database, dispose } = await openBenchDatabase(
      process.env.BENCH_DATABASE_URL,
      'pd_bench_sched',
    );
    try {
      return await runOn(database, url, external ? undefined : serviceToken);
    } finally {
      await dispose();
    }
  } finally {
    await broker?.stop();
  }
}

/** The server (this process) on `database` and the broker at `url`, and the fleet beside it. */
async function runOn(
  database: Database,
  url: string,
  /** The embedded broker's service token; undefined with an external broker. */
  serviceToken: string | undefined,
): Promise<BenchResult[]> {
  const external = serviceToken === undefined;
  await migrate(database);
  const clock = new LiveClock();
  const link = await connectDeviceLink({ url, ...(serviceToken ? { serviceToken } : {}) });
  const shareGroup = `bench-${randomBytes(3).toString('hex')}`;
  const app = await buildApp({
    config: loadConfig({
      LOG_LEVEL: 'warn',
      PUBLIC_ORIGIN: ORIGIN,
      DATA_DIR: join(tmpdir(), 'powerdeck-bench'),
      WEB_DIST: join(tmpdir(), 'powerdeck-bench-no-web'),
    }),
    db: database,
    clock,
    devices: { link, ...(external ? { shareGroup } : {}) },
  }).catch(async (error: unknown) => {
    await link.close();
    throw error;
  });
  try {
    // ready: the scheduler works its queue from here on
    await app.ready();
    return await withFleet(app, database, clock, url, external);
  } finally {
    await app.close();
    await link.close();
  }
}

async function withFleet(
  app: Awaited<ReturnType<typeof buildApp>>,
  database: Database,
  clock: LiveClock,
  url: string,
  external: boolean,
): Promise<BenchResult[]> {
  const world = await buildDeviceWorld(database, clock, { count: DEVICES });
  const dir = mkdtempSync(join(tmpdir(), 'pd-bench-'));
  const planFile = join(dir, 'plan.json');
  writeFileSync(planFile, JSON.stringify(world.plan));
  const fleet = fork(join(support, 'fleet-process.ts'), [url, planFile, TEST_DEVICE_KEY], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const ready = await childMessage<{ online: number; ms: number }>(fleet, 'ready', 600_000);
    const hub = app.devices.hub;
    const online = (devId: string) => hub?.contactOf({ devId })?.online === true;
    const deadline = Date.now() + 60_000;
    while (world.plan.filter((p) => online(p.devId)).length < ready.online) {
      if (Date.now() > deadline) break;
      await sleep(200);
    }
    // one schedule per outlet of the devices' own (outlet 2, locked, left out)
    const targets = world.plan
      .filter((p) => online(p.devId))
      .flatMap((p) =>
        Array.from({ length: getDeviceSpec(p.devClass).outletCount }, (_, i) => ({
          devId: p.devId,
          otlt: i + 1,
        })),
      )
      .filter((t) => t.otlt !== 2)
      .slice(0, SCHEDULES);
    const queued = await planSchedules(database, clock, world.siteId, targets);
    const dueAt = queued.dueAt;
    await sleep(Math.max(0, dueAt - Date.now()));
    const cpu0 = process.cpuUsage();
    await waitForFirings(database, world.siteId, dueAt, targets.length);
    const cpu = process.cpuUsage(cpu0);
    const figures = await measure(database, world.siteId, dueAt);
    return [
      {
        name: `${targets.length} schedules due at the same minute, one server, ${DEVICES} devices (${ready.online} online, fleet up in ${(ready.ms / 1000).toFixed(1)} s)`,
        figures: {
          ...figures,
          'server CPU ms per schedule': ms((cpu.user + cpu.system) / 1000 / targets.length),
          'jobs queued, s before due': ms(queued.aheadMs / 1000),
          database: database.kind,
          broker: external ? 'external' : 'embedded',
        },
        note:
          'lateness − due_at of: fired_at (schedule_fires; taken when the firing starts, before ' +
          'its row is claimed), command sent (device_commands.created_at, just before it is ' +
          'published to the device) and device done (the done step of its command in ' +
          'device_command_events, when the server took the ack); "within 1 s" = 0–1,000 ms after ' +
          'the minute. Each schedule switches one outlet on. Server CPU: this process (server, ' +
          'and PGlite when it is the database) from the due minute until every command has ' +
          'its outcome, per schedule.',
      },
    ];
  } finally {
    if (fleet.exitCode === null) {
      const exited = new Promise((r) => fleet.once('exit', r));
      fleet.send('stop');
      await Promise.race([exited, sleep(30_000)]);
      if (fleet.exitCode === null) fleet.kill('SIGKILL');
    }
    if (external) await clearRetained(url, world.plan).catch(() => undefined);
  }
}

/**
 * Writes one schedule per target (switch on, every day, at the local time of the due minute) and
 * queues each one's job through SchedulePlanner.plan, as saving a schedule does. The due minute
 * is the first whole minute LEAD_MS after the planning is expected to end.
 */
async function planSchedules(
  database: Database,
  clock: LiveClock,
  siteId: string,
  targets: readonly { devId: string; otlt: number }[],
): Promise<{ dueAt: number; aheadMs: number }> {
  const repo = new SchedulesRepository(database.db);
  const zone = await repo.locationTime(siteId);
  if (!zone) throw new Error('the location has no time zone');
  // PGlite queues a job in about 2 ms, PostgreSQL in less: a guess with room to spare
  const planMs = targets.length * (database.kind === 'pglite' ? 4 : 2);
  const dueAt = Math.ceil((Date.now() + planMs + LEAD_MS) / MINUTE) * MINUTE;
  const local = localParts(dueAt, locationZone(zone.timezone, zone.dst));
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = `${pad(local.hour)}:${pad(local.minute)}`;
  const now = new Date().toISOString();
  const list = JSON.stringify(targets.map((t, i) => ({ i, dev_id: t.devId, otlt: t.otlt })));
  await database.db.execute(sql`
    INSERT INTO schedules (site_id, name, action, time, day_mask, enabled, created_by_kind,
      created_at, updated_at)
    SELECT ${siteId}, 'Bench ' || t.i, 'on', ${time}, 127, true, 'api',
      ${now}::timestamptz, ${now}::timestamptz
    FROM jsonb_to_recordset(${list}::jsonb) AS t(i int, dev_id text, otlt int)
    ORDER BY t.i`);
  await database.db.execute(sql`
    INSERT INTO schedule_targets (schedule_id, position, dev_id, otlt)
    SELECT s.id, 0, t.dev_id, t.otlt
    FROM jsonb_to_recordset(${list}::jsonb) AS t(i int, dev_id text, otlt int)
    JOIN schedules s ON s.site_id = ${siteId} AND s.name = 'Bench ' || t.i`);

  const jobs = await createJobQueue(database, { log: console });
  try {
    const planner = new SchedulePlanner(repo, jobs, clock);
    const pending = await repo.enabledPlanned(siteId);
    const work = async () => {
      for (let s = pending.pop(); s; s = pending.pop()) {
        const next = await planner.plan(s, s);
        if (next?.getTime() !== dueAt)
          throw new Error(`schedule ${s.id} planned for ${next?.toISOString() ?? 'nothing'}`);
      }
    };
    await Promise.all(Array.from({ length: PLAN_CONCURRENCY }, work));
  } finally {
    await jobs.stop();
  }
  const aheadMs = dueAt - Date.now();
  if (aheadMs < 1000) throw new Error(`jobs queued only ${aheadMs} ms before the due minute`);
  return { dueAt, aheadMs };
}

/** Waits until every schedule's firing is recorded and every command it sent has an outcome. */
async function waitForFirings(database: Database, siteId: string, dueAt: number, count: number) {
  const due = new Date(dueAt).toISOString();
  const deadline = dueAt + WAIT_MS;
  while (Date.now() < deadline) {
    await sleep(2_000);
    const [row] = rowsOf<{ fires: number; open: number }>(
      await database.db.execute(sql`
        WITH fires AS (
          SELECT f.targets -> 0 ->> 'cmdId' AS cmd_id FROM schedule_fires f
          WHERE f.site_id = ${siteId} AND f.due_at = ${due}::timestamptz
            AND jsonb_array_length(f.targets) > 0
        ), final AS (
          SELECT DISTINCT cmd_id FROM device_command_events
          WHERE state IN ('done', 'failed', 'expired')
        )
        SELECT (SELECT count(*)::int FROM fires) AS fires,
          (SELECT count(*)::int FROM fires f LEFT JOIN final e ON e.cmd_id::text = f.cmd_id
            WHERE f.cmd_id IS NOT NULL AND e.cmd_id IS NULL) AS open`),
    );
    if (row && row.fires >= count && row.open === 0) return;
  }
}

async function measure(database: Database, siteId: string, dueAt: number) {
  const due = new Date(dueAt).toISOString();
  const rows = rowsOf<{
    kind: string;
    fire_ms: number;
    sent_ms: number | null;
    done_ms: number | null;
  }>(
    await database.db.execute(sql`
      WITH done AS (
        SELECT cmd_id, min(at) AS at FROM device_command_events WHERE state = 'done'
        GROUP BY cmd_id
      )
      SELECT f.kind,
        (extract(epoch FROM f.fired_at - f.due_at) * 1000)::float8 AS fire_ms,
        (extract(epoch FROM c.created_at - f.due_at) * 1000)::float8 AS sent_ms,
        (extract(epoch FROM d.at - f.due_at) * 1000)::float8 AS done_ms
      FROM schedule_fires f
      LEFT JOIN device_commands c ON c.id::text = f.targets -> 0 ->> 'cmdId'
      LEFT JOIN done d ON d.cmd_id = c.id
      WHERE f.site_id = ${siteId} AND f.due_at = ${due}::timestamptz`),
  );
  const [schedules] = rowsOf<{ n: number }>(
    await database.db.execute(
      sql`SELECT count(*)::int AS n FROM schedules WHERE site_id = ${siteId}`,
    ),
  );
  const fired = rows.filter((r) => r.kind === 'fired');
  const fire = fired.map((r) => Number(r.fire_ms));
  const sent = fired.flatMap((r) => (r.sent_ms === null ? [] : [Number(r.sent_ms)]));
  const done = fired.flatMap((r) => (r.done_ms === null ? [] : [Number(r.done_ms)]));
  const onTime = (values: number[]) => values.filter((v) => v >= 0 && v <= 1000).length;
  const p = (values: number[], q: number) => ms(percentile(values, q));
  return {
    schedules: schedules?.n ?? 0,
    fired: fired.length,
    'failed or missed': rows.length - fired.length,
    'not fired': (schedules?.n ?? 0) - rows.length,
    'fired within 1 s': onTime(fire),
    'fire lateness p50 ms': p(fire, 50),
    'fire lateness p95 ms': p(fire, 95),
    'fire lateness p99 ms': p(fire, 99),
    'fire lateness max ms': p(fire, 100),
    'fire lateness min ms': ms(Math.min(...fire)),
    'command sent': sent.length,
    'command sent within 1 s': onTime(sent),
    'command sent p50 ms': p(sent, 50),
    'command sent p95 ms': p(sent, 95),
    'command sent p99 ms': p(sent, 99),
    'command sent max ms': p(sent, 100),
    'device done': done.length,
    'device done within 1 s': onTime(done),
    'device done p50 ms': p(done, 50),
    'device done p95 ms': p(done, 95),
    'device done p99 ms': p(done, 99),
    'device done max ms': p(done, 100),
    'last firing after due, s': ms(Math.max(...fire) / 1000),
    'firings per s': Math.round(fire.length / (Math.max(...fire) / 1000)),
  };
}

const bench: BenchModule = {
  name: 'schedules fire',
  run,
};
export default bench;
