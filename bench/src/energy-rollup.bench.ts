import {
  EnergyRollups,
  EnergyRollupsRepository,
  Retention,
  RetentionRepository,
  migrate,
} from '@powerdeck/server';
import { sql } from 'drizzle-orm';
import { type BenchModule, type BenchResult, ms, percentile } from './bench';
import { openBenchDatabase } from './support/bench-database';

/**
 * Energy rollup throughput while readings are written at the ingest rate (issue 16).
 *
 * A backlog of raw readings (DEVICES devices, one reading a minute each — the state writer's
 * downsampling — over BACKLOG_HOURS) is rolled up to minutes, hours and local days by the real
 * EnergyRollups, while a writer inserts INGEST_RATE readings a second (batches every 100 ms,
 * the statement the state writer uses: a JSON array through jsonb_to_recordset), timed after the
 * backlog so the rollup never reads them. Figures: raw readings rolled up per second, rows
 * written per level, and the ingest batches' latency before and during the rollup (what the
 * rollup costs the ingest path). Printed, not asserted.
 *
 * Env: BENCH_DATABASE_URL (PostgreSQL; PGlite in memory otherwise), ENERGY_ROLLUP_DEVICES
 * (default 2,000), ENERGY_ROLLUP_HOURS (6), ENERGY_INGEST_RATE (5,000 readings/s).
 */
const DEVICES = Number(process.env.ENERGY_ROLLUP_DEVICES ?? 2_000);
const BACKLOG_HOURS = Number(process.env.ENERGY_ROLLUP_HOURS ?? 6);
const INGEST_RATE = Number(process.env.ENERGY_INGEST_RATE ?? 5_000);
const TICK_MS = 100;
const BASELINE_MS = 5_000;
const MINUTE = 60_000;
/** The backlog ends here; "now" for the rollup is ten minutes later. */
const END = Date.parse('2026-01-15T12:00:00Z');
const SITE = 'bench-rollup-site';

const n = (value: number) => sql.raw(String(value));
const devId = (i: number) => `1065B4${i.toString(16).toUpperCase().padStart(6, '0')}`;
const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];
const sleep = (msTime: number) => new Promise((r) => setTimeout(r, msTime));

type Db = Awaited<ReturnType<typeof openBenchDatabase>>['database']['db'];

async function build(db: Db): Promise<number> {
  await db.execute(sql`
    INSERT INTO locations (id, name, timezone, dst) VALUES (${SITE}, 'Rollup Site', '1.00', true)`);
  await db.execute(sql`
    INSERT INTO devices (dev_id, site_id, dev_class, dev_name)
    SELECT '1065B4' || lpad(upper(to_hex(i)), 6, '0'), ${SITE}, 'm4315', 'Rack ' || i
    FROM generate_series(0, ${n(DEVICES - 1)}) i`);
  const start = new Date(END - BACKLOG_HOURS * 60 * MINUTE).toISOString();
  await db.execute(sql`
    INSERT INTO device_readings (dev_id, at, voltage, amperage, wattage, pwr_fact)
    SELECT '1065B4' || lpad(upper(to_hex(i)), 6, '0'), ${start}::timestamptz + m * interval '1 minute',
      120 + (m % 3), (200 + (i % 50) * 10 + (m * 37) % 90) / 120.0,
      200 + (i % 50) * 10 + (m * 37) % 90, 0.93
    FROM generate_series(0, ${n(DEVICES - 1)}) i,
         generate_series(0, ${n(BACKLOG_HOURS * 60 - 1)}) m`);
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM device_readings`),
  );
  return Number(row?.n ?? 0);
}

/** Inserts INGEST_RATE readings a second until stopped; each batch's latency, by phase. */
function startIngest(db: Db) {
  const perTick = Math.round((INGEST_RATE * TICK_MS) / 1000);
  const latencies: { phase: string; ms: number }[] = [];
  let phase = 'baseline';
  let written = 0;
  let stopped = false;
  let slot = 0;
  const loop = (async () => {
    let next = performance.now();
    while (!stopped) {
      const at = END + 60 * MINUTE + slot * 1000; // after the backlog: never rolled up here
      const batch = Array.from({ length: perTick }, (_, k) => {
        const index = (slot * perTick + k) % DEVICES;
        return {
          dev_id: devId(index),
          at: new Date(at + Math.floor((slot * perTick + k) / DEVICES)).toISOString(),
          voltage: 121,
          amperage: 2,
          wattage: 240,
          battlevel: null,
          pwr_fact: 0.95,
        };
      });
      slot++;
      const started = performance.now();
      await db.execute(sql`
        INSERT INTO device_readings (dev_id, at, voltage, amperage, wattage, battlevel, pwr_fact)
        SELECT v.dev_id, v.at, v.voltage, v.amperage, v.wattage, v.battlevel, v.pwr_fact
        FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS v(
          dev_id text, at timestamptz, voltage real, amperage real, wattage real, battlevel real,
          pwr_fact real
        )
        JOIN devices d ON d.dev_id = v.dev_id
        ON CONFLICT (dev_id, at) DO NOTHING`);
      latencies.push({ phase, ms: performance.now() - started });
      written += batch.length;
      next += TICK_MS;
      const wait = next - performance.now();
      if (wait > 0) await sleep(wait);
    }
  })();
  return {
    setPhase: (p: string) => {
      phase = p;
    },
    written: () => written,
    latencies,
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
}

async function run(): Promise<BenchResult[]> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const { database, dispose } = await openBenchDatabase(adminUrl, 'pd_bench_rollup');
  try {
    await migrate(database);
    const db = database.db;
    const buildStarted = performance.now();
    const backlog = await build(db);
    const buildMs = performance.now() - buildStarted;
    let nowMs = END + 10 * MINUTE;
    const clock = { now: () => new Date(nowMs) };
    const rollups = new EnergyRollups(new EnergyRollupsRepository(db), clock);

    const ingest = startIngest(db);
    await sleep(BASELINE_MS);
    const baselineWritten = ingest.written();
    ingest.setPhase('rollup');
    const rolledStarted = performance.now();
    const writtenBefore = ingest.written();
    const totals = { minute: 0, hour: 0, day: 0, windows: 0 };
    for (;;) {
      const pass = await rollups.runPass(10_000);
      totals.minute += pass.minuteRows;
      totals.hour += pass.hourRows;
      totals.day += pass.dayRows;
      const windows = pass.windows.minute + pass.windows.hour + pass.windows.day;
      totals.windows += windows;
      if (windows === 0) break;
    }
    const rollupMs = performance.now() - rolledStarted;
    const duringWritten = ingest.written() - writtenBefore;

    // Eight days later the backlog is past the raw retention (areas/retention/) and its minutes
    // nearly so: deleted in batches of 5,000.
    ingest.setPhase('retention');
    nowMs = END + 8 * 24 * 60 * MINUTE;
    const retention = new Retention(new RetentionRepository(db), clock, {
      readingsDays: 7,
      commandsDays: null,
      sessionsDays: null,
      loginFailuresDays: null,
      outboxDays: null,
      outboxFailedDays: null,
      batchSize: 5_000,
    });
    const retainStarted = performance.now();
    let deleted = 0;
    let passes = 0;
    for (;;) {
      const raw = (await retention.run()).tables.device_readings?.deleted ?? 0;
      const pass = await rollups.retain();
      passes++;
      deleted += raw + pass.minute + pass.hour;
      if (raw + pass.minute + pass.hour === 0) break;
    }
    const retainMs = performance.now() - retainStarted;
    await ingest.stop();

    const lat = (phase: string) =>
      ingest.latencies.filter((l) => l.phase === phase).map((l) => l.ms);
    const base = lat('baseline');
    const during = lat('rollup');
    const retaining = lat('retention');
    /** A percentile of batch latencies; none finished in a phase shorter than a batch. */
    const pct = (values: number[], p: number) =>
      values.length === 0 ? 'none finished' : ms(percentile(values, p));
    return [
      {
        name: `Rollup of ${backlog.toLocaleString('en-US')} raw readings (${DEVICES} devices × ${BACKLOG_HOURS} h, 1/min) on ${database.kind}`,
        figures: {
          'backlog built (s)': ms(buildMs / 1000),
          'rollup time (s)': ms(rollupMs / 1000),
          'raw readings rolled up / s': Math.round(backlog / (rollupMs / 1000)),
          'minute rows written': totals.minute,
          'minute rows / s': Math.round(totals.minute / (rollupMs / 1000)),
          'hour rows written': totals.hour,
          'day rows written': totals.day,
          transactions: totals.windows,
          'retention: rows deleted': deleted,
          'retention: rows deleted / s': Math.round(deleted / (retainMs / 1000)),
          'retention: passes (raw readings until done, ≤ 20 × 5,000 aggregates per table)': passes,
        },
      },
      {
        name: `Ingest at ${INGEST_RATE.toLocaleString('en-US')} readings/s (batches of ${Math.round((INGEST_RATE * TICK_MS) / 1000)} every ${TICK_MS} ms)`,
        figures: {
          'achieved rate before rollup (rows/s)': Math.round(
            baselineWritten / (BASELINE_MS / 1000),
          ),
          'achieved rate during rollup (rows/s)': Math.round(duringWritten / (rollupMs / 1000)),
          'batch p50 before (ms)': pct(base, 50),
          'batch p99 before (ms)': pct(base, 99),
          'batch p50 during (ms)': pct(during, 50),
          'batch p99 during (ms)': pct(during, 99),
          'batch p50 during retention (ms)': pct(retaining, 50),
          'batch p99 during retention (ms)': pct(retaining, 99),
        },
        note:
          "readings are written straight into device_readings (the state writer's statement), not through MQTT; " +
          'an achieved rate under the target means the database could not keep up on this machine',
      },
    ];
  } finally {
    await dispose();
  }
}

const bench: BenchModule = { name: 'energy rollups', run };
export default bench;
