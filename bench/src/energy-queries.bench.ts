import type { EnergyRange, SessionUser } from '@powerdeck/domain';
import { EnergyRepository, EnergyService, PermissionsRepository, migrate } from '@powerdeck/server';
import { sql } from 'drizzle-orm';
import { type BenchModule, type BenchResult, ms, percentile } from './bench';
import { openBenchDatabase } from './support/bench-database';

/**
 * Energy Usage read queries on PostgreSQL (issue 16): a device's 30-day chart (hourly rollups)
 * and 12-month chart (daily rollups), and a location's month to date with its top consumers.
 *
 * Data, generated with generate_series: DEVICES devices at one location (the worst case for the
 * location's top consumers) with a daily rollup row each for the year 2025, the location's
 * daily totals and each device's monthly totals (energy_device_month, summed from its days); hourly rollups for the year for HOURLY_DEVICES of them (all 10,000 × 8,760 hours
 * is 87.6 M rows, ~15 GB with its index: set ENERGY_BENCH_HOURLY_DEVICES=10000 on a machine with
 * the room and the time; a chart reads one device's rows through the primary key, whose depth
 * grows by at most one level over that range).
 */
const DEVICES = Number(process.env.ENERGY_BENCH_DEVICES ?? 10_000);
const HOURLY_DEVICES = Math.min(DEVICES, Number(process.env.ENERGY_BENCH_HOURLY_DEVICES ?? 1_000));
const QUERIES = 300;
const SITE = 'bench-site';
/** 31 December 2025, noon UTC (07:00 in New York): the month has 30.5 local days behind it. */
const NOW = Date.parse('2025-12-31T12:00:00Z');

const n = (value: number) => sql.raw(String(value));
const devId = (i: number) => `1065A3${i.toString(16).toUpperCase().padStart(6, '0')}`;

async function build(db: Awaited<ReturnType<typeof openBenchDatabase>>['database']['db']) {
  await db.execute(sql`
    INSERT INTO users (id, email, password_hash, first_name, last_name, tier)
    VALUES ('bench-user', 'user@bench.test', 'x', 'Bench', 'User', 'STANDARD')`);
  await db.execute(sql`
    INSERT INTO locations (id, name, timezone, dst) VALUES (${SITE}, 'Bench Site', '-5.00', true)`);
  await db.execute(sql`
    INSERT INTO permissions (user_id, site_id, perm_lvl) VALUES ('bench-user', ${SITE}, 'CLIENT')`);
  await db.execute(sql`
    INSERT INTO location_energy (site_id, monthly_budget, rates)
    VALUES (${SITE}, 50000, '[{"season":"Winter","startMonth":11,"endMonth":2,"rate":0.2},
                              {"season":"Summer","startMonth":3,"endMonth":10,"rate":0.3}]'::jsonb)`);
  await db.execute(sql`
    INSERT INTO devices (dev_id, site_id, dev_class, dev_name)
    SELECT '1065A3' || lpad(upper(to_hex(i)), 6, '0'), ${SITE}, 'm4315', 'Rack ' || i
    FROM generate_series(1, ${n(DEVICES)}) i`);
  await db.execute(sql`
    INSERT INTO energy_day (dev_id, site_id, day, kwh, covered_s, v_min, v_avg, v_max,
      a_min, a_avg, a_max, w_min, w_avg, w_max, pf_avg, samples)
    SELECT '1065A3' || lpad(upper(to_hex(i)), 6, '0'), ${SITE}, d::date,
      5 + (i % 17) + extract(dow from d) , 86400, 118, 120, 122, 1, 2, 3, 100, 250, 400, 0.95, 1440
    FROM generate_series(1, ${n(DEVICES)}) i,
         generate_series('2025-01-01'::date, '2025-12-31'::date, interval '1 day') d`);
  await db.execute(sql`
    INSERT INTO energy_site_day (site_id, day, kwh)
    SELECT site_id, day, sum(kwh) FROM energy_day GROUP BY site_id, day`);
  await db.execute(sql`
    INSERT INTO energy_device_month (site_id, dev_id, month, kwh)
    SELECT site_id, dev_id, to_char(day, 'YYYY-MM'), sum(kwh)
    FROM energy_day GROUP BY site_id, dev_id, to_char(day, 'YYYY-MM')`);
  await db.execute(sql`
    INSERT INTO energy_hour (dev_id, bucket, kwh, covered_s, v_min, v_avg, v_max,
      a_min, a_avg, a_max, w_min, w_avg, w_max, pf_avg, samples)
    SELECT '1065A3' || lpad(upper(to_hex(i)), 6, '0'), h, 0.25, 3600, 118, 120, 122,
      1, 2, 3, 100, 250, 400, 0.95, 60
    FROM generate_series(1, ${n(HOURLY_DEVICES)}) i,
         generate_series('2025-01-01T00:00:00Z'::timestamptz, '2025-12-31T23:00:00Z'::timestamptz,
                         interval '1 hour') h`);
  // the rollups are caught up to the end of the data
  await db.execute(sql`UPDATE energy_rollup_progress SET done_until = '2026-01-01T00:00:00Z'`);
  await db.execute(sql`VACUUM ANALYZE`);
}

async function measure(
  run: (i: number) => Promise<unknown>,
  before: () => Promise<unknown> = () => Promise.resolve(),
  queries = QUERIES,
) {
  for (let i = 0; i < 20; i++) await run(i); // warm-up: index pages into the cache
  const times: number[] = [];
  for (let i = 0; i < queries; i++) {
    await before();
    const started = performance.now();
    await run(i);
    times.push(performance.now() - started);
  }
  return {
    queries: times.length,
    'p50 ms': ms(percentile(times, 50)),
    'p95 ms': ms(percentile(times, 95)),
    'p99 ms': ms(percentile(times, 99)),
    'max ms': ms(Math.max(...times)),
  };
}

const bench: BenchModule = {
  name: 'energy queries',
  async run(): Promise<BenchResult[]> {
    const adminUrl =
      process.env.TEST_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/test';
    const { database, dispose } = await openBenchDatabase(adminUrl, 'pd_bench_energy');
    try {
      await migrate(database);
      const started = performance.now();
      await build(database.db);
      const buildSeconds = (performance.now() - started) / 1000;
      const service = new EnergyService({
        repo: new EnergyRepository(database.db),
        permissions: new PermissionsRepository(database.db),
        clock: { now: () => new Date(NOW) },
      });
      const user: SessionUser = {
        userId: 'bench-user',
        email: 'user@bench.test',
        firstName: 'Bench',
        lastName: 'User',
        tier: 'STANDARD',
      };
      const chart = (range: EnergyRange) => (i: number) =>
        service.getDeviceEnergy(user, {
          siteId: SITE,
          devId: devId(1 + ((i * 7919) % HOURLY_DEVICES)),
          range,
        });
      const data =
        `${String(DEVICES)} devices at one location × 365 daily rows (energy_day ` +
        `${String(DEVICES * 365)} rows), hourly rows for ${String(HOURLY_DEVICES)} devices ` +
        `(energy_hour ${String(HOURLY_DEVICES * 8760)} rows), built in ${buildSeconds.toFixed(0)} s`;
      return [
        {
          name: 'getDeviceEnergy range=30d (720 hourly points, 31 daily bars)',
          figures: await measure(chart('30d')),
          note: `target p99 <= 50 ms; data: ${data}`,
        },
        {
          name: 'getDeviceEnergy range=12m (365 daily points, 12 monthly bars)',
          figures: await measure(chart('12m')),
          note: 'target p99 <= 50 ms',
        },
        {
          name: `getLocationEnergy, ${String(DEVICES)} devices (month to date, forecast, top 5)`,
          figures: await measure(() => service.getLocationEnergy(user, SITE)),
          note:
            "target p99 <= 50 ms; the top 5 are the first rows of energy_device_month's " +
            '(site_id, month, kwh desc) index',
        },
        {
          name: `getLocationEnergy, ${String(DEVICES)} devices, first read after a day rollup pass`,
          figures: await measure(
            () => service.getLocationEnergy(user, SITE),
            () =>
              database.db.execute(sql`update energy_rollup_progress
                set done_until = done_until + interval '1 millisecond'
                where level = 'day'`),
            100,
          ),
          note:
            'nothing is cached between reads: the same first index rows of energy_device_month ' +
            `whatever the watermark (was: ${String(DEVICES * 30)} energy_day rows summed)`,
        },
      ];
    } finally {
      await dispose();
    }
  },
};

export default bench;
