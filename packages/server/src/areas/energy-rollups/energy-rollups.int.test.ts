import { integrateEnergy, localDateOf, locationZone } from '@powerdeck/domain';
import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../infra/db/rows';
import {
  energyDay,
  energyDeviceMonth,
  energyHour,
  energyMinute,
  energySiteDay,
} from '../../infra/db/schema-energy';
import { type OpenedTestDatabase, testDatabases } from '../../test/databases';
import { type DeviceWorld, buildDeviceWorld } from '../../test/devices';
import { type TestApp, TestClock, startTestApp } from '../../test/test-app';
import { DeviceStateRepository, type ReadingWrite } from '../devices/device-state.repository';
import { EnergyRollups } from './energy-rollups';
import { EnergyRollupsRepository } from './energy-rollups.repository';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** 22:00 in Berlin the day before its spring change: the readings cross local midnight. */
const T0 = Date.UTC(2026, 2, 28, 21, 0);
const BERLIN = locationZone('1.00', true);

/** A device's load: varies by minute and device, with an outage (a gap and a reconnect). */
function readingsOf(devId: string, index: number, fromMin: number, toMin: number): ReadingWrite[] {
  const out: ReadingWrite[] = [];
  for (let m = fromMin; m < toMin; m++) {
    if (index === 0 && m >= 50 && m < 80) continue; // offline half an hour
    const wattage = 200 + 150 * index + ((m * 37) % 90);
    out.push({
      devId,
      at: new Date(T0 + m * MINUTE),
      voltage: 120 + (m % 3),
      amperage: wattage / 120,
      wattage,
      battlevel: null,
      pwrFact: 0.9,
    });
  }
  return out;
}

describe.each(testDatabases())('energy rollups on $name', (testDb) => {
  let opened: OpenedTestDatabase;
  let world: DeviceWorld;
  const clock = new TestClock(T0);
  const servers: TestApp[] = [];
  const written: ReadingWrite[] = [];
  let devIds: string[] = [];

  const write = async (fromMin: number, toMin: number) => {
    const batch = devIds.flatMap((devId, i) => readingsOf(devId, i, fromMin, toMin));
    await new DeviceStateRepository(opened.database.db).writeReadings(batch);
    written.push(...batch);
  };
  /** What the whole series integrates to, per device and in all. */
  const integral = () => {
    const byDevice = new Map<string, number>();
    const byDay = new Map<string, number>();
    for (const devId of devIds) {
      const samples = written
        .filter((r) => r.devId === devId)
        .map((r) => ({ atMs: r.at.getTime(), wattage: r.wattage }));
      for (const b of integrateEnergy(samples, { bucketMs: HOUR })) {
        byDevice.set(devId, (byDevice.get(devId) ?? 0) + b.kwh);
        const day = localDateOf(b.bucketStartMs, BERLIN);
        byDay.set(day, (byDay.get(day) ?? 0) + b.kwh);
      }
    }
    return { byDevice, byDay };
  };
  const query = async <T>(text: ReturnType<typeof sql>) =>
    rowsOf<T>(await opened.database.db.execute(text));
  /** kWh per device of each level (per location of energy_site_day), read through drizzle. */
  const sums = async () => {
    const db = opened.database.db;
    const kwh = sql<number>`sum(kwh)::float8`;
    const [minute, hour, day, site] = await Promise.all([
      db.select({ id: energyMinute.devId, kwh }).from(energyMinute).groupBy(energyMinute.devId),
      db.select({ id: energyHour.devId, kwh }).from(energyHour).groupBy(energyHour.devId),
      db.select({ id: energyDay.devId, kwh }).from(energyDay).groupBy(energyDay.devId),
      db
        .select({ id: energySiteDay.siteId, kwh })
        .from(energySiteDay)
        .groupBy(energySiteDay.siteId),
    ]);
    const map = (rows: { id: string; kwh: number }[]) =>
      new Map(rows.map((r) => [r.id, Number(r.kwh)]));
    return { minute: map(minute), hour: map(hour), day: map(day), site: map(site) };
  };
  /** Passes on every server at once, until a round finds nothing to do. */
  const rollUpOn = async (apps: TestApp[]) => {
    for (;;) {
      const passes = await Promise.all(
        apps.flatMap((s) => [s.app.energyRollups.runPass(), s.app.energyRollups.runPass()]),
      );
      if (passes.every((p) => Object.values(p.windows).every((n) => n === 0))) return;
    }
  };
  const expectTotals = async () => {
    const { byDevice, byDay } = integral();
    const got = await sums();
    for (const devId of devIds) {
      const expected = byDevice.get(devId) ?? NaN;
      expect(got.minute.get(devId), `minute ${devId}`).toBeCloseTo(expected, 6);
      expect(got.hour.get(devId), `hour ${devId}`).toBeCloseTo(expected, 6);
      expect(got.day.get(devId), `day ${devId}`).toBeCloseTo(expected, 6);
    }
    const total = [...byDevice.values()].reduce((a, b) => a + b, 0);
    expect(got.site.get(world.siteId)).toBeCloseTo(total, 6);
    const days = await query<{ day: string; kwh: number }>(
      sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, kwh FROM energy_site_day WHERE site_id = ${world.siteId}`,
    );
    expect(Object.fromEntries(days.map((d) => [d.day, Number(d.kwh).toFixed(6)]))).toEqual(
      Object.fromEntries([...byDay].map(([d, kwh]) => [d, kwh.toFixed(6)])),
    );
    // each device's local month is the sum of its local days, and of the integral
    const db = opened.database.db;
    const months = await db
      .select({
        siteId: energyDeviceMonth.siteId,
        devId: energyDeviceMonth.devId,
        month: energyDeviceMonth.month,
        kwh: energyDeviceMonth.kwh,
      })
      .from(energyDeviceMonth);
    const daysByMonth = await query<{
      site_id: string;
      dev_id: string;
      month: string;
      kwh: number;
    }>(
      sql`SELECT site_id, dev_id, to_char(day, 'YYYY-MM') AS month, sum(kwh)::float8 AS kwh
        FROM energy_day GROUP BY 1, 2, 3`,
    );
    const keyed = (rows: { site: string; dev: string; month: string; kwh: number }[]) =>
      Object.fromEntries(
        rows.map((r) => [`${r.site}|${r.dev}|${r.month}`, Number(r.kwh).toFixed(6)]),
      );
    expect(
      keyed(months.map((m) => ({ site: m.siteId, dev: m.devId, month: m.month, kwh: m.kwh }))),
    ).toEqual(
      keyed(
        daysByMonth.map((d) => ({ site: d.site_id, dev: d.dev_id, month: d.month, kwh: d.kwh })),
      ),
    );
    expect(
      keyed(
        devIds.map((dev) => ({
          site: world.siteId,
          dev,
          month: '2026-03',
          kwh: byDevice.get(dev) ?? NaN,
        })),
      ),
    ).toEqual(
      keyed(months.map((m) => ({ site: m.siteId, dev: m.devId, month: m.month, kwh: m.kwh }))),
    );
  };

  beforeAll(async () => {
    opened = await testDb.open();
    servers.push(await startTestApp(opened.database, { clock }));
    servers.push(await startTestApp(opened.database, { clock }));
    world = await buildDeviceWorld(opened.database, clock, { count: 3 });
    devIds = world.plan.map((p) => p.devId);
    await opened.database.db.execute(
      sql`UPDATE locations SET timezone = '1.00', dst = true WHERE id = ${world.siteId}`,
    );
  });
  afterAll(async () => {
    for (const s of servers) await s.app.close();
    await opened.dispose();
  });

  it('the servers keep one rollup pass waiting in the durable queue', async () => {
    const waiting = async () => {
      const jobs = await query<{ state: string; n: number }>(
        sql`SELECT state, count(*)::int AS n FROM pgboss.job WHERE name = 'energy-rollup'
          AND state IN ('created', 'retry') GROUP BY state`,
      );
      return jobs.map((j) => [j.state, Number(j.n)]);
    };
    await expect.poll(waiting, { timeout: 10_000 }).toEqual([['created', 1]]);
  });

  it('two servers roll the same readings up once: each level (device months too) sums to the integral', async () => {
    await write(0, 180);
    // the minute level trails the clock by 7 minutes; the hour level waits for whole hours
    clock.advance(5 * HOUR);
    await rollUpOn(servers);
    await expectTotals();
    const [dupes] = await query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM (SELECT dev_id, bucket FROM energy_minute GROUP BY 1, 2 HAVING count(*) > 1) d`,
    );
    expect(dupes?.n).toBe(0);
    const pf = await query<{ pf: number }>(
      sql`SELECT DISTINCT round(pf_avg::numeric, 2)::float8 AS pf FROM energy_hour WHERE pf_avg IS NOT NULL`,
    );
    expect(pf.map((r) => Number(r.pf))).toEqual([0.9]);
    // the device that was offline has unmeasured minutes, not zero load nor its last value
    const [covered] = await query<{ s: number }>(
      sql`SELECT sum(covered_s)::float8 AS s FROM energy_minute WHERE dev_id = ${devIds[0]}
        AND bucket >= ${new Date(T0 + 50 * MINUTE).toISOString()}::timestamptz
        AND bucket < ${new Date(T0 + 80 * MINUTE).toISOString()}::timestamptz`,
    );
    // last reading at minute 49, next at 80: each held 2.5 minutes; 1.5 + 2.5 of them fall here
    expect(Number(covered?.s)).toBe(240);
  });

  it('a server stopped and a new one started on the same database count nothing twice', async () => {
    // readings are written before their minutes are due (the clock is at minute 300)
    await write(300, 420);
    clock.advance(HOUR); // part of the new readings can be rolled up
    await servers[0]?.app.energyRollups.runPass();
    await servers.shift()?.app.close();
    await write(420, 480);
    servers.push(await startTestApp(opened.database, { clock }));
    clock.advance(4 * HOUR);
    await rollUpOn(servers);
    await expectTotals();
  });

  it('retention deletes aggregates past their time in bounded batches, and keeps the rest', async () => {
    const now = clock.now().getTime();
    const db = opened.database.db;
    const kept = await sums();
    const old = (age: number, n: number) =>
      Array.from({ length: n }, (_, i) => new Date(now - age - i * MINUTE).toISOString());
    const aggregate = (table: string, at: string) => sql`
      INSERT INTO ${sql.raw(table)} (dev_id, bucket, kwh, covered_s, samples)
      VALUES (${devIds[1]}, ${at}::timestamptz, 1, 60, 1)`;
    for (const at of old(15 * DAY, 25)) await db.execute(aggregate('energy_minute', at));
    for (const at of old(800 * DAY, 12)) await db.execute(aggregate('energy_hour', at));
    const count = async (table: string, column: string) => {
      const [row] = await query<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE ${sql.raw(column)} < ${new Date(now - 7 * DAY).toISOString()}::timestamptz`,
      );
      return Number(row?.n);
    };
    const retention = new EnergyRollups(new EnergyRollupsRepository(db), clock, {
      deleteBatch: 4,
      deleteBatchesPerPass: 2,
    });
    const first = await retention.retain();
    expect(first.minute).toBeLessThanOrEqual(8);
    expect(first.hour).toBeLessThanOrEqual(8);
    for (let pass = 0; pass < 20; pass++) await retention.retain();
    expect(await count('energy_minute', 'bucket')).toBe(0);
    expect(await count('energy_hour', 'bucket')).toBe(0);
    // everything recent is still there: the rolled-up sums did not move
    const after = await sums();
    for (const devId of devIds) {
      expect(after.hour.get(devId)).toBeCloseTo(kept.hour.get(devId) ?? NaN, 6);
      expect(after.day.get(devId)).toBeCloseTo(kept.day.get(devId) ?? NaN, 6);
    }
    const [recent] = await query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM device_readings WHERE at >= ${new Date(T0).toISOString()}::timestamptz`,
    );
    expect(Number(recent?.n)).toBe(written.length);
  });
  it('a location half an hour off the hour ends its local day at its own midnight', async () => {
    // Kolkata (+5:30, no DST): local midnight is 18:30 UTC, inside an hour bucket
    const devId = `0A55${randomBytes(4).toString('hex').toUpperCase()}`;
    const db = opened.database.db;
    await db.execute(
      sql`UPDATE locations SET timezone = '5.50', dst = false WHERE id = ${world.otherSiteId}`,
    );
    await db.execute(sql`
      INSERT INTO devices (dev_id, site_id, dev_class, dev_name)
      VALUES (${devId}, ${world.otherSiteId}, ${world.plan[0]?.devClass ?? ''}, 'Kolkata rack')`);
    const from = T0 + 20 * HOUR; // 17:00 UTC on 29 March, 22:30 in Kolkata
    const readings: ReadingWrite[] = Array.from({ length: 180 }, (_, m) => ({
      devId,
      at: new Date(from + m * MINUTE),
      voltage: 230,
      amperage: 4,
      wattage: 900 + ((m * 13) % 200),
      battlevel: null,
    }));
    await new DeviceStateRepository(db).writeReadings(readings);
    clock.advance(from + 5 * HOUR - clock.now().getTime());
    await rollUpOn(servers);

    const kolkata = locationZone('5.50', false);
    const expected = new Map<string, number>();
    const samples = readings.map((r) => ({ atMs: r.at.getTime(), wattage: r.wattage }));
    for (const b of integrateEnergy(samples, { bucketMs: MINUTE })) {
      const day = localDateOf(b.bucketStartMs, kolkata);
      expected.set(day, (expected.get(day) ?? 0) + b.kwh);
    }
    expect([...expected.keys()].sort()).toEqual(['2026-03-29', '2026-03-30']);
    const days = await query<{ day: string; kwh: number }>(
      sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, kwh FROM energy_day WHERE dev_id = ${devId}`,
    );
    const sites = await query<{ day: string; kwh: number }>(
      sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, kwh FROM energy_site_day
        WHERE site_id = ${world.otherSiteId}`,
    );
    const fixed = (rows: { day: string; kwh: number }[]) =>
      Object.fromEntries(rows.map((d) => [d.day, Number(d.kwh).toFixed(6)]));
    const want = Object.fromEntries([...expected].map(([d, kwh]) => [d, kwh.toFixed(6)]));
    expect(fixed(days)).toEqual(want);
    expect(fixed(sites)).toEqual(want);
  });
});
