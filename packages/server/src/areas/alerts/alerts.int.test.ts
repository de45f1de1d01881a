import {
  ALERT_SUBSCRIPTIONS_PAGE_SIZE,
  type AlertSubscriptionsPage,
  type AlertsList,
  alertSettingsMessages,
} from '@powerdeck/domain';
import { and, eq, inArray, isNotNull, isNull, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, permissions, siteMutes } from '../../infra/db/schema';
import { alertSubscriptions, alerts } from '../../infra/db/schema-collab';
import { testDatabases } from '../../test/databases';
import { type DemoApp, type DemoRole, startDemoApp } from '../../test/demo-sessions';

describe.each(testDatabases())('alerts on $name', (testDb) => {
  let d: DemoApp;
  let device = { devId: '', devClass: '', siteId: '' };

  beforeAll(async () => {
    d = await startDemoApp(testDb);
    const db = d.opened.database.db;
    const adminSites = await db
      .select({ siteId: permissions.siteId })
      .from(permissions)
      .innerJoin(devices, eq(devices.siteId, permissions.siteId))
      .where(and(isNull(devices.parentDevId), eq(permissions.permLvl, 'ADMIN')))
      .limit(1);
    const siteId = adminSites[0]?.siteId ?? '';
    const [row] = await db
      .select()
      .from(devices)
      .where(and(eq(devices.siteId, siteId), isNull(devices.parentDevId)))
      .limit(1);
    if (!row?.siteId) throw new Error('demo has no device at an ADMIN location');
    device = { devId: row.devId, devClass: row.devClass, siteId: row.siteId };
    await db.update(devices).set({ online: false }).where(eq(devices.devId, device.devId));
  });
  afterAll(() => d.close());

  const list = async (role: DemoRole) =>
    (
      await d.call(role, 'notificationsManagement', 'enumerate', { query: { isFromWeb: 'true' } })
    ).json<AlertsList>();
  const emit = async (change: 'online' | 'offline') => {
    d.t.app.devices.events.publish({ type: 'device', devId: device.devId, change });
    await d.t.app.alerts.idle();
  };
  /**
   * Sweeps for due offline alerts. The server sweeps every second too, so a test reads the
   * outcome from the alerts, not from how many this call happened to raise.
   */
  const sweep = async () => {
    await d.t.app.alerts.sweep();
    await d.t.app.alerts.idle();
  };
  const offlineAlerts = async (role: DemoRole) =>
    (await list(role)).records.filter(
      (r) => r.devId === device.devId && /is offline\.$/.test(r.msg),
    ).length;

  it('a device that drops for a few seconds pages no one', async () => {
    await emit('offline');
    d.t.clock.advance(5_000);
    await emit('online');
    d.t.clock.advance(120_000);
    await sweep();
    expect((await list('admin')).records).toHaveLength(0);
  });

  it('offline after the grace period alerts the users there, then back online', async () => {
    await emit('offline');
    d.t.clock.advance(30_000);
    await sweep();
    expect(await offlineAlerts('admin')).toBe(0);
    d.t.clock.advance(31_000);
    await sweep();
    expect(await offlineAlerts('admin')).toBe(1);
    const { records, unread } = await list('admin');
    expect(unread).toBe(1);
    expect(records[0]).toMatchObject({
      type: 0,
      read: false,
      isSubscribed: true,
      devId: device.devId,
      siteId: device.siteId,
    });
    expect(records[0]?.msg).toMatch(/is offline\.$/);
    await emit('online');
    expect((await list('admin')).records[0]?.msg).toMatch(/is back online\.$/);
  });

  it('a fleet dropping at once: each device alerted once after the grace, not one back in time', async () => {
    const db = d.opened.database.db;
    const rows = await db
      .select({ devId: devices.devId })
      .from(devices)
      .innerJoin(permissions, eq(permissions.siteId, devices.siteId))
      .where(and(eq(permissions.userId, await d.userId('admin')), isNull(devices.parentDevId)));
    const fleet = rows
      .map((r) => r.devId)
      .filter((id) => id !== device.devId)
      .slice(0, 4);
    expect(fleet.length).toBeGreaterThanOrEqual(3);
    const [back = '', ...gone] = fleet;
    await db.update(devices).set({ online: false }).where(inArray(devices.devId, gone));
    const events = d.t.app.devices.events;
    // published in one go: handled as one offline batch, then one online batch
    for (const devId of fleet) events.publish({ type: 'device', devId, change: 'offline' });
    events.publish({ type: 'device', devId: back, change: 'online' });
    await d.t.app.alerts.idle();
    d.t.clock.advance(61_000);
    await sweep();
    const alerted = async (text: RegExp) =>
      (await list('admin')).records
        .filter((r) => r.devId !== null && fleet.includes(r.devId) && text.test(r.msg))
        .map((r) => r.devId)
        .sort();
    expect(await alerted(/is offline\.$/)).toEqual([...gone].sort());
    for (const devId of fleet) events.publish({ type: 'device', devId, change: 'online' });
    await d.t.app.alerts.idle();
    expect(await alerted(/is back online\.$/)).toEqual([...gone].sort());
    await db.update(devices).set({ online: true }).where(inArray(devices.devId, gone));
    await db.delete(alerts).where(inArray(alerts.devId, fleet));
  });

  it('honours the per-location grace period and the location mute', async () => {
    const set = await d.call('admin', 'alertsManagement', 'setAlertSettings', {
      form: { siteId: device.siteId, offlineGraceSeconds: '300' },
    });
    expect(set.statusCode).toBe(200);
    await d.opened.database.db
      .insert(siteMutes)
      .values({ userId: await d.userId('admin'), siteId: device.siteId });
    const before = (await list('admin')).records.length;
    const installerBefore = await offlineAlerts('installer');
    await emit('offline');
    d.t.clock.advance(120_000);
    await sweep();
    expect(await offlineAlerts('installer')).toBe(installerBefore);
    d.t.clock.advance(200_000);
    await sweep();
    // raised for the installer there, not for the admin who muted the location
    expect(await offlineAlerts('installer')).toBe(installerBefore + 1);
    expect((await list('admin')).records).toHaveLength(before);
    await d.opened.database.db.delete(siteMutes);
    await emit('online');
  });

  it('marks read one and all; another user cannot mark mine', async () => {
    const { records } = await list('admin');
    const id = String(records[0]?.id);
    expect(
      (await d.call('installer', 'notificationsManagement', 'read', { query: { id } })).statusCode,
    ).toBe(404);
    expect(
      (await d.call('admin', 'notificationsManagement', 'read', { query: { id } })).statusCode,
    ).toBe(200);
    expect((await list('admin')).records[0]?.read).toBe(true);
    expect((await d.call('admin', 'notificationsManagement', 'readall')).statusCode).toBe(200);
    expect((await list('admin')).unread).toBe(0);
  });

  it('unsubscribes once (then refuses), stops new alerts, and re-subscribes', async () => {
    const key = { type: '0', devClass: device.devClass, devId: device.devId };
    expect(
      (await d.call('admin', 'alertsManagement', 'unsubscribe', { query: key })).statusCode,
    ).toBe(200);
    const again = await d.call('admin', 'alertsManagement', 'unsubscribe', { query: key });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      error: 'There was an error unsubscribing alert or you have already unsubscribed.',
    });
    expect((await list('admin')).records.every((r) => !r.isSubscribed)).toBe(true);
    const subs = await allSubscriptions('admin');
    expect(subs.find((s) => s.devId === device.devId)).toMatchObject({
      type: 0,
      devClass: device.devClass,
      subscribed: false,
    });
    const before = (await list('admin')).records.length;
    await emit('offline');
    d.t.clock.advance(400_000);
    await sweep();
    expect((await list('admin')).records).toHaveLength(before);
    expect(
      (await d.call('admin', 'alertsManagement', 'subscribe', { query: key })).statusCode,
    ).toBe(200);
    await emit('online');
  });

  it('refuses to subscribe or unsubscribe to a device the caller cannot see, and writes nothing', async () => {
    const db = d.opened.database.db;
    const clientId = await d.userId('client');
    const clientSites = await d.siteIdsOf('client');
    const [hidden] = await db
      .select({ devId: devices.devId, devClass: devices.devClass })
      .from(devices)
      .where(and(isNotNull(devices.siteId), notInArray(devices.siteId, clientSites)))
      .limit(1);
    if (!hidden) throw new Error('demo has no device the client user cannot see');
    const keys = [
      { type: '0', devClass: hidden.devClass, devId: hidden.devId },
      // a device that does not exist, and a real one under another class: the same answer
      { type: '0', devClass: hidden.devClass, devId: 'FFFFFFFFFFF0' },
      { type: '0', devClass: 'nope', devId: device.devId },
    ];
    for (const svc of ['subscribe', 'unsubscribe']) {
      for (const key of keys) {
        const response = await d.call('client', 'alertsManagement', svc, { query: key });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: 'Device not found.' });
      }
    }
    const written = await db
      .select()
      .from(alertSubscriptions)
      .where(eq(alertSubscriptions.userId, clientId));
    expect(written).toEqual([]);
    // the same calls for a device the user sees still work
    const own = { type: '0', devClass: device.devClass, devId: device.devId };
    expect(
      (await d.call('installer', 'alertsManagement', 'unsubscribe', { query: own })).statusCode,
    ).toBe(200);
    expect(
      (await d.call('installer', 'alertsManagement', 'subscribe', { query: own })).statusCode,
    ).toBe(200);
  });

  it('raises status alerts for a power condition change, none for outlets switching', async () => {
    const status = (pwr: number, otlts: boolean[]) => ({
      sysTime: 1,
      time: 1,
      interval: 10,
      pwr_cond: pwr,
      otlts,
    });
    const publish = async (s: ReturnType<typeof status>) => {
      d.t.app.devices.events.publish({ type: 'status', devId: device.devId, status: s });
      await d.t.app.alerts.idle();
    };
    const mine = async () =>
      (await list('installer')).records.filter((r) => r.devId === device.devId);
    await publish(status(0, [true, false]));
    const before = (await mine()).length;
    // outlets switching (someone's command, a schedule, the device's own report) page no one
    await publish(status(0, [true, true]));
    await publish(status(0, [false, true]));
    expect((await mine()).length).toBe(before);
    // the power condition changing does, once, as an alert (type 0)
    await publish(status(2, [false, false]));
    const after = await mine();
    expect(after.length).toBe(before + 1);
    expect(after.filter((r) => /power condition under-voltage/.test(r.msg))).toEqual([
      expect.objectContaining({ type: 0 }),
    ]);
    expect(after.some((r) => /outlet \d turned/.test(r.msg))).toBe(false);
  });

  it('lists every alert a user can subscribe to, a page at a time, with its state', async () => {
    const db = d.opened.database.db;
    const countAt = async (role: DemoRole) => {
      const rows = await db
        .select({ devId: devices.devId })
        .from(devices)
        .innerJoin(permissions, eq(permissions.siteId, devices.siteId))
        .where(eq(permissions.userId, await d.userId(role)));
      return rows.length;
    };
    for (const role of ['admin', 'client'] as const) {
      const subs = await allSubscriptions(role);
      expect(subs).toHaveLength(await countAt(role));
      expect(new Set(subs.map((s) => s.devId)).size).toBe(subs.length);
      expect(subs.every((s) => s.type === 0 && s.subscribed && s.locationName)).toBe(true);
    }
    const first = (
      await d.call('admin', 'alertsManagement', 'listSubscriptions')
    ).json<AlertSubscriptionsPage>();
    expect(first).toMatchObject({ pageNo: 1, recordsPerPage: ALERT_SUBSCRIPTIONS_PAGE_SIZE });
    expect(first.records.length).toBe(Math.min(ALERT_SUBSCRIPTIONS_PAGE_SIZE, first.totalRecords));
    // SUPPORT holds no level of its own: it is alerted nowhere, so it subscribes to nothing
    expect(await allSubscriptions('support')).toHaveLength(0);
    expect(
      (
        await d.call('admin', 'alertsManagement', 'listSubscriptions', {
          query: { pageNo: '0' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('reads and sets the grace period: whole seconds from 0 to 3600, by admin or owner', async () => {
    const byInstaller = await d.call('installer', 'alertsManagement', 'getAlertSettings', {
      query: { siteId: device.siteId },
    });
    expect(byInstaller.json()).toEqual({ offlineGraceSeconds: 300 });
    for (const [value, message] of [
      ['3601', alertSettingsMessages.graceMax],
      ['-1', alertSettingsMessages.graceMin],
      ['2.5', alertSettingsMessages.graceWhole],
      ['', alertSettingsMessages.graceRequired],
    ] as const) {
      const bad = await d.call('owner', 'alertsManagement', 'setAlertSettings', {
        form: { siteId: device.siteId, offlineGraceSeconds: value },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ error: string }>().error).toBe(message);
    }
    const ok = await d.call('owner', 'alertsManagement', 'setAlertSettings', {
      form: { siteId: device.siteId, offlineGraceSeconds: '3600' },
    });
    expect(ok.json()).toEqual({ offlineGraceSeconds: 3600 });
    await d.call('owner', 'alertsManagement', 'setAlertSettings', {
      form: { siteId: device.siteId, offlineGraceSeconds: '300' },
    });
  });

  it('answers 401 without a session, 400 for bad input, 403 for grace settings without admin', async () => {
    expect((await d.call(null, 'notificationsManagement', 'enumerate')).statusCode).toBe(401);
    expect(
      (await d.call('admin', 'notificationsManagement', 'read', { query: { id: 'x' } })).statusCode,
    ).toBe(400);
    expect(
      (await d.call('admin', 'alertsManagement', 'unsubscribe', { query: { type: '0' } }))
        .statusCode,
    ).toBe(400);
    const byInstaller = await d.call('installer', 'alertsManagement', 'setAlertSettings', {
      form: { siteId: device.siteId, offlineGraceSeconds: '10' },
    });
    expect([403]).toContain(byInstaller.statusCode);
  });

  async function allSubscriptions(role: DemoRole) {
    const records = [];
    for (let pageNo = 1; ; pageNo++) {
      const page = (
        await d.call(role, 'alertsManagement', 'listSubscriptions', {
          query: { pageNo: String(pageNo) },
        })
      ).json<AlertSubscriptionsPage>();
      records.push(...page.records);
      if (page.records.length < page.recordsPerPage) return records;
    }
  }
});
