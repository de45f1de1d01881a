import { DEVICE_CLASSES, getDeviceSpec, isDeviceClass } from '@powerdeck/domain';
import { and, count, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../infra/db/migrate';
import { devices, locations, outlets, permissions, users } from '../infra/db/schema';
import { scheduleTargets, schedules } from '../infra/db/schema-schedules';
import { type OpenedTestDatabase, testDatabases } from '../test/databases';
import { CountingHasher, TestClock } from '../test/test-app';
import { DEMO_UNDISCOVERED_UNITS, DEMO_UPLINK } from './demo-data';
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

  const seed = (enabled = true) =>
    seedDemo({ database: opened.database, passwords, clock, enabled });
  const countOf = async (table: typeof users | typeof locations | typeof devices) =>
    (await opened.database.db.select({ n: count() }).from(table))[0]?.n ?? 0;

  it('seeds an empty database once; a second start changes nothing', async () => {
    const first = await seed();
    expect(first.seeded).toBe(true);
    expect(first.emails).toEqual([
      'owner@example.com',
      'admin@example.com',
      'installer@example.com',
      'client@example.com',
      'support@example.com',
    ]);
    const counts = [await countOf(users), await countOf(locations), await countOf(devices)];
    const second = await seed();
    expect(second.seeded).toBe(false);
    expect(second.emails).toHaveLength(5);
    expect([await countOf(users), await countOf(locations), await countOf(devices)]).toEqual(
      counts,
    );
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
});
