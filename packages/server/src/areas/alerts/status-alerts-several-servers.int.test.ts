import { type DeviceStatusView, powerConditionCode } from '@powerdeck/domain';
import { and, eq, gt, isNotNull, isNull, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../demo/seed';
import { devices, permissions } from '../../infra/db/schema';
import { alerts } from '../../infra/db/schema-collab';
import { type OpenedTestDatabase, testDatabases } from '../../test/databases';
import { type TestApp, startTestApp } from '../../test/test-app';

/** A status whose power is normal or under-voltage (a change of it is an alert). */
const status = (low: boolean): DeviceStatusView => ({
  time: 1,
  sysTime: 1,
  otlts: [true],
  pwr_cond: powerConditionCode(low ? 'under-voltage' : 'normal'),
});

/**
 * With several servers on an external broker, a device's reports are spread over them by the
 * shared subscription, and a server watching the device gets every one as well: a change must be
 * alerted once, whichever servers store the reports around it.
 */
describe.each(testDatabases())('status alerts with several servers on $name', (testDb) => {
  let opened: OpenedTestDatabase;
  let one: TestApp;
  let two: TestApp;
  let devId = '';

  beforeAll(async () => {
    opened = await testDb.open();
    const several = { devices: { shareGroup: 'test' } };
    one = await startTestApp(opened.database, several);
    await seedDemo({
      database: opened.database,
      passwords: one.passwords,
      clock: one.clock,
      enabled: true,
    });
    two = await startTestApp(opened.database, several);
    const db = opened.database.db;
    const [row] = await db
      .select({ devId: devices.devId })
      .from(devices)
      .innerJoin(permissions, eq(permissions.siteId, devices.siteId))
      .where(and(isNull(devices.parentDevId), isNotNull(devices.siteId)))
      .limit(1);
    devId = row?.devId ?? '';
    if (!devId) throw new Error('the demo data has no device at a location with users');
    await db
      .update(devices)
      .set({ status: status(false) })
      .where(eq(devices.devId, devId));
  });
  afterAll(async () => {
    await two?.app.close();
    await one?.app.close();
    await opened?.dispose();
  });

  const store = async (server: TestApp, low: boolean) => {
    server.app.devices.writer.record({ devId, parentDevId: null, status: status(low) });
    await server.app.devices.writer.flush();
    await server.app.alerts.idle();
  };
  /** How many alerts each alerted user got since `since` whose message ends with `text`. */
  const perUser = async (since: number, text: string) => {
    const rows = await opened.database.db
      .select({ userId: alerts.userId })
      .from(alerts)
      .where(and(eq(alerts.devId, devId), gt(alerts.id, since), like(alerts.msg, `%${text}`)));
    const counts = new Map<string, number>();
    for (const r of rows) counts.set(r.userId, (counts.get(r.userId) ?? 0) + 1);
    return [...counts.values()];
  };

  it('alerts each change once, by the server whose write made it', async () => {
    const [latest] = await opened.database.db
      .select({ id: sql<number>`coalesce(max(${alerts.id}), 0)` })
      .from(alerts);
    const since = Number(latest?.id ?? 0);
    await store(one, true);
    await store(two, true);
    await store(one, true);
    const low = await perUser(since, 'power condition under-voltage.');
    expect(low.length).toBeGreaterThan(0);
    expect(low.every((n) => n === 1)).toBe(true);
    await store(two, false);
    await store(one, false);
    const normal = await perUser(since, 'power condition normal.');
    expect(normal).toHaveLength(low.length);
    expect(normal.every((n) => n === 1)).toBe(true);
  });

  it('ignores the status events a server sees (another may have stored a newer report)', async () => {
    const [latest] = await opened.database.db
      .select({ id: sql<number>`coalesce(max(${alerts.id}), 0)` })
      .from(alerts);
    const since = Number(latest?.id ?? 0);
    one.app.devices.events.publish({ type: 'status', devId, status: status(false) });
    one.app.devices.events.publish({ type: 'status', devId, status: status(true) });
    await one.app.alerts.idle();
    expect(await perUser(since, 'under-voltage.')).toEqual([]);
  });
});
