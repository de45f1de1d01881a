import { DEVICE_CLASSES, getDeviceSpec, isDeviceClass } from '@powerdeck/domain';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../infra/db/migrate';
import {
  deviceReadings,
  devices,
  locations,
  outlets,
  permissions,
  users,
} from '../infra/db/schema';
import { locationEnergy } from '../infra/db/schema-locations';
import { scheduleTargets, schedules } from '../infra/db/schema-schedules';
import { type OpenedTestDatabase, testDatabases } from '../test/databases';
import { CountingHasher, TestClock } from '../test/test-app';
import { DEMO_RATES, DEMO_UNDISCOVERED_UNITS, DEMO_UPLINK } from './demo-data';
import { DEMO_HISTORY_DAYS } from './demo-energy';
import { demoFleetPlan, undiscoveredUnitId } from './demo-fleet';
import { demoMac } from './device-plan';
import { seedDemo } from './seed';

describe.each(testDatabases())('demo seed on $name', (testDb) => {
  let opened: OpenedTestDatabase;
  const passwords = new CountingHasher();
  const clock = new TestClock();

  beforeEach(async () => {
    opened = await testDb.open();
    await migrate(opened.database);
  });
  afterEach(() => opened.dispose());

  const seed = (enabled = true, energyHistory = false) =>
    seedDemo({ database: opened.database, passwords, clock, enabled, energyHistory });
  const countOf = async (table: typeof users | typeof locations | typeof devices) =>
    (await opened.database.db.select({ n: count() }).from(table))[0]?.n ?? 0;

  it('seeds an empty database once; a second start changes nothing', async () => {
    const first = await seed(true, true);
    expect(first.seeded).toBe(true);
    expect(first.emails).toEqual([
      'owner@example.com',
      'admin@example.com',
      'installer@example.com',
      'client@example.com',
      'support@example.com',
    ]);
    const readings = async () =>
      (await opened.database.db.select({ n: count() }).from(deviceReadings))[0]?.n ?? 0;
    const counts = [
      await countOf(users),
      await countOf(locations),
      await countOf(devices),
      await readings(),
    ];
    const second = await seed(true, true);
    expect(second.seeded).toBe(false);
    expect(second.emails).toHaveLength(5);
    expect([
      await countOf(users),
      await countOf(locations),
      await countOf(devices),
      await readings(),
    ]).toEqual(counts);
    expect(counts[3]).toBeGreaterThan(0);
    expect(counts[1]).toBeGreaterThanOrEqual(22);
  });

  it('does nothing with DEMO=false', async () => {
    expect(await seed(false)).toEqual({ seeded: false, emails: [] });
    expect(await countOf(users)).toBe(0);
  });

  it('never seeds a database that already has a user', async () => {
    await opened.database.db.insert(users).values({
      id: 'someone',
      email: 'someone@example.com',
      passwordHash: 'x',
      firstName: 'Some',
      lastName: 'One',
    });
    expect((await seed()).seeded).toBe(false);
    expect(await countOf(locations)).toBe(0);
  });

  it('holds a device of every class, kids under parents the catalog allows, outlets per catalog', async () => {
    await seed();
    const db = opened.database.db;
    const rows = await db.select().from(devices);
    const byId = new Map(rows.map((d) => [d.devId, d]));
    expect(new Set(rows.map((d) => d.devClass))).toEqual(new Set(DEVICE_CLASSES));
    for (const device of rows) {
      expect(device.devId).toMatch(/^1065A3[0-9A-F]{6}$/);
      // devices waiting to be claimed or joined belong to no site and have no parent yet
      if (device.siteId === null) continue;
      if (!isDeviceClass(device.devClass)) throw new Error(device.devClass);
      const spec = getDeviceSpec(device.devClass);
      const parent = device.parentDevId ? byId.get(device.parentDevId) : undefined;
      expect(spec.isChild, device.devClass).toBe(parent !== undefined);
      if (parent) {
        expect(spec.parentClasses).toContain(parent.devClass);
        expect(parent.siteId).toBe(device.siteId);
      }
      const [outletCount] = await db
        .select({ n: count() })
        .from(outlets)
        .where(eq(outlets.devId, device.devId));
      expect(outletCount?.n, device.devClass).toBe(spec.outletCount);
    }
  });

  it('gives each user the level its name says; the client only at some locations', async () => {
    await seed();
    const db = opened.database.db;
    const levels = await db
      .select({ email: users.email, permLvl: permissions.permLvl, n: count() })
      .from(permissions)
      .innerJoin(users, eq(users.id, permissions.userId))
      .groupBy(users.email, permissions.permLvl);
    const total = await countOf(locations);
    const find = (email: string) => levels.filter((l) => l.email === email);
    expect(find('owner@example.com')).toEqual([
      { email: 'owner@example.com', permLvl: 'owner', n: total },
    ]);
    expect(find('admin@example.com')[0]).toMatchObject({ permLvl: 'ADMIN', n: total });
    expect(find('installer@example.com')[0]).toMatchObject({ permLvl: 'INSTALLER', n: total });
    expect(find('client@example.com')[0]).toMatchObject({ permLvl: 'CLIENT', n: 6 });
    expect(find('support@example.com')).toEqual([]);
    const [support] = await db.select().from(users).where(eq(users.email, 'support@example.com'));
    expect(support?.tier).toBe('SUPPORT');
  });

  it('gives every location but the Test Bench seasonal rates across the new year, and no budget', async () => {
    await seed();
    const db = opened.database.db;
    const settings = await db
      .select({
        name: locations.name,
        budget: locationEnergy.monthlyBudget,
        rates: locationEnergy.rates,
      })
      .from(locations)
      .leftJoin(locationEnergy, eq(locationEnergy.siteId, locations.id));
    const withoutRates = settings
      .filter((s) => !s.rates || s.rates.length === 0)
      .map((s) => s.name);
    expect(withoutRates).toEqual(['Test Bench']);
    for (const s of settings.filter((s) => s.name !== 'Test Bench')) {
      expect(s.rates).toEqual(DEMO_RATES);
      expect(s.budget).toBe(0);
    }
  });

  it('seeds two schedules at the first location, on outlets of its devices', async () => {
    await seed();
    const db = opened.database.db;
    const rows = await db
      .select({
        name: schedules.name,
        action: schedules.action,
        time: schedules.time,
        dayMask: schedules.dayMask,
        siteId: schedules.siteId,
        devSite: devices.siteId,
        otlt: scheduleTargets.otlt,
      })
      .from(schedules)
      .innerJoin(scheduleTargets, eq(scheduleTargets.scheduleId, schedules.id))
      .innerJoin(devices, eq(devices.devId, scheduleTargets.devId));
    const [first] = await db
      .select()
      .from(locations)
      .where(eq(locations.name, 'Harbor View Lobby'));
    expect(rows.every((r) => r.siteId === first?.id && r.devSite === first.id)).toBe(true);
    expect(rows.every((r) => r.otlt !== null)).toBe(true);
    expect(new Set(rows.map((r) => `${r.name}|${r.action}|${r.time}|${r.dayMask}`))).toEqual(
      new Set(['Nightly reboot of the projector|cycle|02:30|127', 'Weekend off|off|20:00|12']),
    );
  });

  it('runs the fleet with the modem on the first device and a sequencer to discover per bb232', async () => {
    await seed();
    const db = opened.database.db;
    const plan = await demoFleetPlan(db);
    // deterministic: the same plan every start
    expect(await demoFleetPlan(db)).toEqual(plan);

    const first = plan.find((p) => p.devId === demoMac(DEMO_UPLINK.group));
    const uplinkOtlt = getDeviceSpec(first?.devClass ?? 'm4315').outletCount;
    expect(first?.uplinkOtlt).toBe(uplinkOtlt);
    expect(plan.filter((p) => p.uplinkOtlt !== undefined)).toHaveLength(1);
    const [modem] = await db
      .select({ name1: outlets.name1 })
      .from(outlets)
      .where(and(eq(outlets.devId, first?.devId ?? ''), eq(outlets.otltId, uplinkOtlt)));
    expect(modem?.name1).toBe(DEMO_UPLINK.label);

    const adapters = plan.filter((p) => DEMO_UNDISCOVERED_UNITS[p.devClass] !== undefined);
    expect(adapters.length).toBeGreaterThan(0);
    for (const adapter of adapters) {
      const unitClass = DEMO_UNDISCOVERED_UNITS[adapter.devClass];
      expect(adapter.undiscovered).toEqual([
        expect.objectContaining({ devId: undiscoveredUnitId(adapter.devId), devClass: unitClass }),
      ]);
      expect(getDeviceSpec(adapter.devClass).childClasses).toContain(unitClass);
    }
    expect(plan.filter((p) => p.undiscovered)).toHaveLength(adapters.length);

    // once a discovery added it, it runs as a kid and is no longer waiting on the bus
    const adapter = adapters[0];
    const unit = adapter?.undiscovered?.[0];
    if (!adapter || !unit) throw new Error('no bb232 in the demo fleet');
    const [row] = await db.select().from(devices).where(eq(devices.devId, adapter.devId));
    await db.insert(devices).values({
      devId: unit.devId,
      devClass: unit.devClass,
      devName: unit.name,
      parentDevId: adapter.devId,
      siteId: row?.siteId ?? null,
      createdAt: new Date(),
    });
    const after = (await demoFleetPlan(db)).find((p) => p.devId === adapter.devId);
    expect(after?.undiscovered).toBeUndefined();
    expect(after?.kids.map((k) => k.devId)).toContain(unit.devId);
  });
  it('seeds energy history for every chart range, the levels agreeing, in the shape of the simulated loads', async () => {
    const started = performance.now();
    await seed(true, true);
    const seedMs = performance.now() - started;
    const db = opened.database.db;
    const now = clock.now().getTime();
    const rows = <T>(query: ReturnType<typeof sql>) =>
      db.execute(query).then((r) => (r as { rows: T[] }).rows);
    const at = (ms: number) => new Date(now - ms).toISOString();
    const HOUR = 3_600_000;
    const DAY = 24 * HOUR;

    // the metered devices of live locations, and what each chart range reads for them
    const all = await db.select().from(devices);
    const metered = all.filter(
      (d) =>
        d.siteId !== null &&
        isDeviceClass(d.devClass) &&
        getDeviceSpec(d.devClass).panels.meter &&
        !(d.info as { demoOffline?: boolean }).demoOffline,
    );
    expect(metered.length).toBeGreaterThan(10);
    const perDevice = async (table: string, column: string, fromMs: number) =>
      new Map(
        (
          await rows<{ dev_id: string; n: number }>(sql`
            SELECT dev_id, count(*)::int AS n FROM ${sql.raw(table)}
            WHERE ${sql.raw(column)} >= ${at(fromMs)}::timestamptz GROUP BY dev_id`)
        ).map((r) => [r.dev_id, r.n]),
      );
    const live = await perDevice('device_readings', 'at', HOUR);
    const day = await perDevice('energy_minute', 'bucket', DAY);
    const week = await perDevice('energy_hour', 'bucket', 7 * DAY);
    const month = await perDevice('energy_hour', 'bucket', 30 * DAY);
    const days = new Map(
      (
        await rows<{ dev_id: string; n: number }>(
          sql`SELECT dev_id, count(*)::int AS n FROM energy_day GROUP BY dev_id`,
        )
      ).map((r) => [r.dev_id, r.n]),
    );
    for (const device of metered) {
      const id = device.devId;
      expect(live.get(id), `live ${id}`).toBeGreaterThanOrEqual(58);
      expect(day.get(id), `24h ${id}`).toBeGreaterThanOrEqual(24 * 60 - 2);
      expect(week.get(id), `7d ${id}`).toBeGreaterThanOrEqual(7 * 24 - 1);
      expect(month.get(id), `30d ${id}`).toBeGreaterThanOrEqual(30 * 24 - 1);
      expect(days.get(id), `12m ${id}`).toBeGreaterThanOrEqual(DEMO_HISTORY_DAYS);
    }

    // hours sum to days, devices' days to their location's days and to their months, minutes
    // to their hours
    const [levels] = await rows<{
      hour_day: number;
      day_site: number;
      day_month: number;
      minute_hour: number;
    }>(sql`
      SELECT
        (SELECT max(abs(h.kwh - d.kwh)) FROM
          (SELECT dev_id, sum(kwh) AS kwh FROM energy_hour GROUP BY dev_id) h
          JOIN (SELECT dev_id, sum(kwh) AS kwh FROM energy_day GROUP BY dev_id) d USING (dev_id)
        ) AS hour_day,
        (SELECT max(abs(d.kwh - s.kwh)) FROM
          (SELECT site_id, day, sum(kwh) AS kwh FROM energy_day GROUP BY site_id, day) d
          JOIN energy_site_day s USING (site_id, day)
        ) AS day_site,
        (SELECT max(abs(coalesce(d.kwh, 'NaN') - coalesce(m.kwh, 'NaN'))) FROM
          (SELECT site_id, dev_id, to_char(day, 'YYYY-MM') AS month, sum(kwh) AS kwh
           FROM energy_day GROUP BY 1, 2, 3) d
          FULL JOIN energy_device_month m USING (site_id, dev_id, month)
        ) AS day_month,
        (SELECT max(abs(h.kwh - m.kwh)) FROM energy_hour h JOIN
          (SELECT dev_id, date_trunc('hour', bucket) AS bucket, sum(kwh) AS kwh
           FROM energy_minute GROUP BY 1, 2) m USING (dev_id, bucket)
        ) AS minute_hour`);
    expect(levels?.hour_day).toBeLessThan(1e-6);
    expect(levels?.day_site).toBeLessThan(1e-6);
    expect(levels?.day_month).toBeLessThan(1e-6);
    expect(levels?.minute_hour).toBeLessThan(1e-6);
    const [siteDays] = await rows<{ n: number; kwh: number }>(
      sql`SELECT count(*)::int AS n, sum(kwh) AS kwh FROM energy_site_day`,
    );
    expect(siteDays?.kwh).toBeGreaterThan(0);

    // the simulator's profile: weekday business hours draw far more than nights and weekends
    const [shape] = await rows<{ business: number; night: number; weekend: number }>(sql`
      SELECT
        avg(h.w_avg) FILTER (WHERE extract(isodow FROM l.t) <= 5
          AND extract(hour FROM l.t) BETWEEN 10 AND 16) AS business,
        avg(h.w_avg) FILTER (WHERE extract(hour FROM l.t) BETWEEN 0 AND 5) AS night,
        avg(h.w_avg) FILTER (WHERE extract(isodow FROM l.t) >= 6
          AND extract(hour FROM l.t) BETWEEN 10 AND 16) AS weekend
      FROM energy_hour h
      JOIN devices d ON d.dev_id = h.dev_id
      CROSS JOIN LATERAL (SELECT h.bucket AT TIME ZONE 'America/Los_Angeles' AS t) l
      WHERE d.dev_id = ${metered[0]?.devId ?? ''}`);
    expect(shape?.business ?? 0).toBeGreaterThan(1.8 * (shape?.night ?? Infinity));
    expect(shape?.business ?? 0).toBeGreaterThan(1.4 * (shape?.weekend ?? Infinity));
    expect(shape?.weekend ?? 0).toBeGreaterThan(shape?.night ?? Infinity);

    // a battery unit's outage: its battery ran down, then its charger drew more than the same
    // hour a week before
    const outages = new Map(
      (
        await rows<{ dev_id: string; bmin: number; extra: number }>(sql`
          SELECT h.dev_id, min(h.batt_min) AS bmin, max(h.w_avg - p.w_avg) AS extra
          FROM energy_hour h
          JOIN energy_hour p ON p.dev_id = h.dev_id AND p.bucket = h.bucket - interval '7 days'
          WHERE h.batt_min < 1
          GROUP BY h.dev_id`)
      ).map((r) => [r.dev_id, r]),
    );
    const batteries = metered.filter(
      (d) => isDeviceClass(d.devClass) && getDeviceSpec(d.devClass).panels.battery,
    );
    expect(batteries.length).toBeGreaterThan(0);
    for (const unit of batteries) {
      expect(outages.get(unit.devId)?.bmin, unit.devId).toBeLessThan(0.9);
      expect(outages.get(unit.devId)?.extra, unit.devId).toBeGreaterThan(30);
    }

    // the rollups go on from where the seed ends; nothing reaches past now
    const progress = await rows<{ level: string; done_until: string | Date | null }>(
      sql`SELECT level, done_until FROM energy_rollup_progress`,
    );
    expect(progress.every((p) => p.done_until !== null)).toBe(true);
    const [latest] = await rows<{ raw: string | Date; hour: string | Date }>(
      sql`SELECT (SELECT max(at) FROM device_readings) AS raw, (SELECT max(bucket) FROM energy_hour) AS hour`,
    );
    expect(new Date(latest?.raw ?? 0).getTime()).toBeLessThan(now);
    expect(new Date(latest?.hour ?? 0).getTime()).toBeLessThan(now);
    // bulk SQL: the whole seed, energy included, stays quick (a generous bound for loaded CI)
    expect(seedMs).toBeLessThan(60_000);
  });
});
