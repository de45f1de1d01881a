import { Retention, RetentionRepository, type RetentionSettings, migrate } from '@powerdeck/server';
import { sql } from 'drizzle-orm';
import { type BenchModule, type BenchResult, ms, percentile } from './bench';
import { openBenchDatabase } from './support/bench-database';

/**
 * Retention speed (issue 19 item 4): rows deleted per second by the real Retention, in its
 * bounded batches, on a database that also holds the rows it must keep.
 *
 * Raw readings: OLD_READINGS readings older than 7 days and as many young ones (DEVICES devices,
 * one a minute each), the minute rollup caught up. Commands: OLD_COMMANDS finished commands older
 * than 90 days with two steps each (sent, done), and as many young ones. Each kind is timed on its
 * own (the others set to off); rows/s counts every row deleted (a command and its steps are three
 * rows) over the run's wall time, from the first batch to the last (the one that found fewer
 * rows than the batch size). Printed, not asserted.
 *
 * Env: BENCH_DATABASE_URL (PostgreSQL; PGlite in memory otherwise), RETENTION_BENCH_READINGS
 * (default 200,000), RETENTION_BENCH_COMMANDS (50,000), RETENTION_BENCH_BATCH (5,000).
 */
const OLD_READINGS = Number(process.env.RETENTION_BENCH_READINGS ?? 200_000);
const OLD_COMMANDS = Number(process.env.RETENTION_BENCH_COMMANDS ?? 50_000);
const BATCH = Number(process.env.RETENTION_BENCH_BATCH ?? 5_000);
const DEVICES = 200;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const NOW = Date.parse('2026-03-01T12:00:00Z');

const n = (value: number) => sql.raw(String(value));
const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];
const iso = (at: number) => new Date(at).toISOString();
const OFF = {
  readingsDays: null,
  commandsDays: null,
  sessionsDays: null,
  loginFailuresDays: null,
  outboxDays: null,
  outboxFailedDays: null,
};

type Db = Awaited<ReturnType<typeof openBenchDatabase>>['database']['db'];

/** `count` readings a minute apart over DEVICES devices, the newest `newestAgo` before NOW. */
async function insertReadings(db: Db, newestAgo: number, count: number): Promise<void> {
  const perDevice = Math.ceil(count / DEVICES);
  await db.execute(sql`
    INSERT INTO device_readings (dev_id, at, voltage, amperage, wattage, pwr_fact)
    SELECT 'BENCHRET' || lpad(i::text, 4, '0'),
      ${iso(NOW - newestAgo)}::timestamptz - m * interval '1 minute', 120, 2, 240, 0.95
    FROM generate_series(0, ${n(DEVICES - 1)}) i, generate_series(0, ${n(perDevice - 1)}) m
    WHERE i * ${n(perDevice)} + m < ${n(count)}`);
}

/** `count` finished commands a second apart, the newest `newestAgo` before NOW, two steps each. */
async function insertCommands(db: Db, newestAgo: number, count: number): Promise<void> {
  const newest = iso(NOW - newestAgo);
  await db.execute(sql`
    WITH c AS (
      INSERT INTO device_commands (id, dev_id, svc, actor_kind, created_at, expires_at)
      SELECT gen_random_uuid(), 'BENCHRET' || lpad((k % ${n(DEVICES)})::text, 4, '0'),
        'setOutlet', 'user', ${newest}::timestamptz - k * interval '1 second',
        ${newest}::timestamptz - k * interval '1 second' + interval '30 seconds'
      FROM generate_series(0, ${n(count - 1)}) k
      RETURNING id, created_at
    )
    INSERT INTO device_command_events (cmd_id, state, at, source)
    SELECT id, s.state, created_at, s.source FROM c,
      (VALUES ('sent', 'server'), ('done', 'ack')) AS s(state, source)`);
}

async function countOf(db: Db, table: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`),
  );
  return Number(row?.n ?? 0);
}

/** The real repository, timing each delete batch (readings or commands). */
class TimedRepository extends RetentionRepository {
  batchMs: number[] = [];
  override deleteReadings(before: Date, limit: number) {
    return this.timed(() => super.deleteReadings(before, limit));
  }
  override deleteCommands(before: Date, now: Date, limit: number) {
    return this.timed(() => super.deleteCommands(before, now, limit));
  }
  private async timed<T>(batch: () => Promise<T>): Promise<T> {
    const started = performance.now();
    const result = await batch();
    this.batchMs.push(performance.now() - started);
    return result;
  }
}

/** Runs one kind's retention to the end (the others off). */
async function timeRun(db: Db, clock: { now: () => Date }, kind: Partial<RetentionSettings>) {
  const repo = new TimedRepository(db);
  const retention = new Retention(repo, clock, { ...OFF, ...kind, batchSize: BATCH });
  const started = performance.now();
  const run = await retention.run(10 * 60_000);
  return { run, wallMs: performance.now() - started, batchMs: repo.batchMs };
}

async function run(): Promise<BenchResult[]> {
  const { database, dispose } = await openBenchDatabase(
    process.env.BENCH_DATABASE_URL,
    'pd_bench_retention',
  );
  try {
    await migrate(database);
    const db = database.db;
    const clock = { now: () => new Date(NOW) };
    const built = performance.now();
    await insertReadings(db, 8 * DAY, OLD_READINGS); // past 7 days
    await insertReadings(db, 0, OLD_READINGS); // the last days: kept
    await db.execute(sql`UPDATE energy_rollup_progress SET done_until = ${iso(NOW - 10 * MINUTE)}::timestamptz
      WHERE level = 'minute'`);
    await insertCommands(db, 91 * DAY, OLD_COMMANDS); // past 90 days
    await insertCommands(db, DAY, OLD_COMMANDS); // kept
    await db.execute(sql`ANALYZE`);
    const buildS = (performance.now() - built) / 1000;
    const readingsBefore = await countOf(db, 'device_readings');
    const stepsBefore = await countOf(db, 'device_command_events');

    const readings = await timeRun(db, clock, { readingsDays: 7 });
    const commands = await timeRun(db, clock, { commandsDays: 90 });
    const readingsLeft = await countOf(db, 'device_readings');
    const stepsLeft = await countOf(db, 'device_command_events');

    const rawDeleted = readings.run.tables.device_readings?.deleted ?? 0;
    const cmdDeleted = commands.run.tables.device_commands?.deleted ?? 0;
    const cmdStepsDeleted = commands.run.tables.device_command_events?.deleted ?? 0;
    const perSecond = (rows: number, wallMs: number) => Math.round(rows / (wallMs / 1000));
    return [
      {
        name: `Raw readings: ${OLD_READINGS.toLocaleString('en-US')} old of ${readingsBefore.toLocaleString('en-US')} on ${database.kind}, batches of ${BATCH.toLocaleString('en-US')}`,
        figures: {
          'rows deleted': rawDeleted,
          'rows deleted / s': perSecond(rawDeleted, readings.wallMs),
          'run time (s)': ms(readings.wallMs / 1000),
          'batch size': BATCH,
          batches: readings.run.tables.device_readings?.batches ?? 0,
          'batch p50 (ms)': ms(percentile(readings.batchMs, 50)),
          'batch p99 (ms)': ms(percentile(readings.batchMs, 99)),
          'young rows kept': readingsLeft,
        },
      },
      {
        name: `Commands: ${OLD_COMMANDS.toLocaleString('en-US')} old finished commands with 2 steps each, of ${(2 * OLD_COMMANDS).toLocaleString('en-US')} commands (${stepsBefore.toLocaleString('en-US')} steps) on ${database.kind}, batches of ${BATCH.toLocaleString('en-US')} commands`,
        figures: {
          'commands deleted': cmdDeleted,
          'steps deleted': cmdStepsDeleted,
          'rows deleted / s (commands + steps)': perSecond(
            cmdDeleted + cmdStepsDeleted,
            commands.wallMs,
          ),
          'run time (s)': ms(commands.wallMs / 1000),
          'batch size (commands)': BATCH,
          batches: commands.run.tables.device_commands?.batches ?? 0,
          'batch p50 (ms)': ms(percentile(commands.batchMs, 50)),
          'batch p99 (ms)': ms(percentile(commands.batchMs, 99)),
          'young steps kept': stepsLeft,
        },
        note: `data built in ${ms(buildS)} s (not counted); each command batch is one transaction deleting the commands and their steps`,
      },
    ];
  } finally {
    await dispose();
  }
}

const bench: BenchModule = { name: 'retention', run };
export default bench;
