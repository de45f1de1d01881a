import { type AlertPush, type DeviceStatusView, powerConditionCode } from '@powerdeck/domain';
import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../demo/demo-data';
import { deviceMutes, devices, siteMutes } from '../../infra/db/schema';
import { testDatabases } from '../../test/databases';
import { type DemoApp, type DemoRole, startDemoApp } from '../../test/demo-sessions';
import { SseClient } from '../../test/sse';
import { type TestApp, cookieHeader, startTestApp } from '../../test/test-app';
import { ALERT_STREAM_PATH } from './alert-stream.routes';

interface Device {
  devId: string;
  devClass: string;
  siteId: string;
}

/** The pushes of an alert stream (SseClient keeps each frame's parsed data). */
const pushesOf = (sse: SseClient) => sse.received as unknown as AlertPush[];

describe.each(testDatabases())('the per-user alert stream on $name', (testDb) => {
  let d: DemoApp;
  let base: string;
  /** A second server on the same database: alerts raised on one reach streams on the other. */
  let other: TestApp;
  let otherBase: string;
  /** At a location the demo client user cannot see. */
  let hidden: Device;
  /** At a location shared with the client user. */
  let shared: Device;
  /** Another device the client user can see. */
  let sharedToo: Device;
  const opened: SseClient[] = [];

  beforeAll(async () => {
    d = await startDemoApp(testDb);
    base = await d.t.app.listen({ port: 0, host: '127.0.0.1' });
    other = await startTestApp(d.opened.database);
    otherBase = await other.app.listen({ port: 0, host: '127.0.0.1' });
    const db = d.opened.database.db;
    const clientSites = await d.siteIdsOf('client');
    const ownerMuted = (await db.select({ siteId: siteMutes.siteId }).from(siteMutes)).map(
      (r) => r.siteId,
    );
    const topLevel = (where: ReturnType<typeof and>) =>
      db
        .select({ devId: devices.devId, devClass: devices.devClass, siteId: devices.siteId })
        .from(devices)
        .where(and(isNull(devices.parentDevId), where))
        .orderBy(devices.devId);
    const hiddenRows = await topLevel(notInArray(devices.siteId, [...clientSites, ...ownerMuted]));
    const sharedRows = await topLevel(
      inArray(
        devices.siteId,
        clientSites.filter((s) => !ownerMuted.includes(s)),
      ),
    );
    const pick = (row: (typeof hiddenRows)[number] | undefined): Device => {
      if (!row?.siteId) throw new Error('the demo data lacks a device this test needs');
      return { devId: row.devId, devClass: row.devClass, siteId: row.siteId };
    };
    hidden = pick(hiddenRows[0]);
    shared = pick(sharedRows[0]);
    sharedToo = pick(sharedRows[1]);
  });

  afterAll(async () => {
    for (const sse of opened) sse.close();
    await other?.app.close();
    await d?.close();
  });

  const open = async (cookie: string, options: { at?: string; lastEventId?: string } = {}) => {
    const sse = await SseClient.open(`${options.at ?? base}${ALERT_STREAM_PATH}`, {
      cookie,
      ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}),
    });
    opened.push(sse);
    return sse;
  };

  const lowPower = new Map<string, boolean>();
  /** Flips the device's power condition as its status reports would: one power alert. */
  const changePower = async (device: Device) => {
    const status = (low: boolean): DeviceStatusView => ({
      time: 1,
      sysTime: 1,
      otlts: [true],
      pwr_cond: powerConditionCode(low ? 'under-voltage' : 'normal'),
    });
    const was = lowPower.get(device.devId);
    if (was === undefined) {
      d.t.app.devices.events.publish({
        type: 'status',
        devId: device.devId,
        status: status(false),
      });
    }
    const now = !(was ?? false);
    lowPower.set(device.devId, now);
    d.t.app.devices.events.publish({ type: 'status', devId: device.devId, status: status(now) });
    await d.t.app.alerts.idle();
    return `power condition ${now ? 'under-voltage' : 'normal'}.`;
  };
  const waitForAlertOn = (sse: SseClient, device: Device, after = 0) =>
    sse.waitFor((e) => {
      const push = e as unknown as AlertPush;
      return push.alert.devId === device.devId && push.alert.id > after;
    });

  it('pushes a new alert to a subscribed user with its unread count', async () => {
    const sse = await open(d.cookie('admin'));
    expect(sse.status).toBe(200);
    const msg = await changePower(shared);
    const push = (await waitForAlertOn(sse, shared)) as unknown as AlertPush;
    expect(push.alert).toMatchObject({ type: 0, read: false, devId: shared.devId });
    expect(push.alert.msg).toMatch(msg);
    expect(push.unread).toBeGreaterThanOrEqual(1);
  });

  it('reaches a stream held by another server on the same database', async () => {
    const sse = await open(d.cookie('installer'), { at: otherBase });
    expect(sse.status).toBe(200);
    await changePower(shared);
    await waitForAlertOn(sse, shared);
  });

  it('leaves out a user without access to the location', async () => {
    const sse = await open(d.cookie('client'));
    await changePower(hidden);
    // the next alert the client may see comes after it: had the first reached them, it would be here
    await changePower(shared);
    await waitForAlertOn(sse, shared);
    expect(pushesOf(sse).some((p) => p.alert.devId === hidden.devId)).toBe(false);
  });

  it('leaves out an unsubscribed user, a muted location and a muted device', async () => {
    const sse = await open(d.cookie('installer'));
    const installer = await d.userId('installer');
    const db = d.opened.database.db;
    const key = { type: '0', devClass: shared.devClass, devId: shared.devId };
    expect(
      (await d.call('installer', 'alertsManagement', 'unsubscribe', { query: key })).statusCode,
    ).toBe(200);
    await changePower(shared);
    await d.call('installer', 'alertsManagement', 'subscribe', { query: key });

    await db.insert(siteMutes).values({ userId: installer, siteId: hidden.siteId });
    await changePower(hidden);
    await db.delete(siteMutes).where(eq(siteMutes.userId, installer));

    await db.insert(deviceMutes).values({ userId: installer, devId: sharedToo.devId });
    await changePower(sharedToo);
    await db.delete(deviceMutes).where(eq(deviceMutes.userId, installer));

    // a sentinel the installer does get: everything above was raised before it
    await changePower(hidden);
    await waitForAlertOn(sse, hidden);
    expect(pushesOf(sse).map((p) => p.alert.devId)).toEqual([hidden.devId]);
  });

  it('resumes after Last-Event-ID with the alerts raised while it was away', async () => {
    const first = await open(d.cookie('admin'));
    await changePower(hidden);
    const seen = (await waitForAlertOn(first, hidden)) as unknown as AlertPush;
    first.close();
    await changePower(hidden);
    await changePower(sharedToo);
    const resumed = await open(d.cookie('admin'), { lastEventId: String(seen.alert.id) });
    await waitForAlertOn(resumed, sharedToo);
    const pushes = pushesOf(resumed);
    expect(pushes.map((p) => p.alert.devId)).toEqual([hidden.devId, sharedToo.devId]);
    expect(pushes.every((p) => p.alert.id > seen.alert.id)).toBe(true);
    // the query parameter works as the header does
    const byQuery = await SseClient.open(
      `${base}${ALERT_STREAM_PATH}?lastEventId=${seen.alert.id}`,
      { cookie: d.cookie('admin') },
    );
    opened.push(byQuery);
    await waitForAlertOn(byQuery, sharedToo);
    expect(pushesOf(byQuery)).toHaveLength(2);
  });

  it('ends as soon as its session is logged out, with no alert to push', async () => {
    const cookie = await signIn('admin');
    const sse = await open(cookie);
    const kept = await open(d.cookie('admin'));
    await changePower(shared);
    await waitForAlertOn(sse, shared);
    const logout = await d.t.app.inject({
      method: 'POST',
      url: '/data-svc/auth/data-svc.php?svc=logout',
      headers: { cookie },
    });
    expect(logout.statusCode).toBe(200);
    await sse.waitForEnd();
    expect(pushesOf(sse)).toHaveLength(1);
    // the user's other session keeps its stream
    await changePower(shared);
    await waitForAlertOn(kept, shared, pushesOf(kept)[0]?.alert.id);
    expect(kept.ended).toBe(false);
  });

  it("ends when a password change ends the user's other sessions, on every server", async () => {
    const here = await open(await signIn('owner'));
    const there = await open(await signIn('owner'), { at: otherBase });
    const change = (from: string, to: string) =>
      d.call('owner', 'accountManagement', 'changePassword', {
        json: { currentPassword: from, password: to, passwordConfirm: to },
      });
    expect((await change(DEMO_PASSWORD, 'another-password-1')).statusCode).toBe(200);
    await here.waitForEnd();
    await there.waitForEnd();
    expect((await change('another-password-1', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('ends at the next alert when its session was revoked without a word', async () => {
    const cookie = await signIn('installer');
    const sse = await open(cookie);
    // a session ended behind the trigger's back (as if its notification were lost)
    await d.opened.database.db.execute(
      sql`alter table sessions disable trigger sessions_revoked_notify`,
    );
    try {
      const logout = await d.t.app.inject({
        method: 'POST',
        url: '/data-svc/auth/data-svc.php?svc=logout',
        headers: { cookie },
      });
      expect(logout.statusCode).toBe(200);
    } finally {
      await d.opened.database.db.execute(
        sql`alter table sessions enable trigger sessions_revoked_notify`,
      );
    }
    expect(sse.ended).toBe(false);
    await changePower(shared);
    await sse.waitForEnd();
    expect(pushesOf(sse)).toHaveLength(0);
  });

  it('answers 401 without a session and 400 for a bad Last-Event-ID', async () => {
    expect((await open('')).status).toBe(401);
    expect((await open(d.cookie('admin'), { lastEventId: 'abc' })).status).toBe(400);
    expect((await open(d.cookie('admin'), { lastEventId: '-3' })).status).toBe(400);
    const byQuery = await SseClient.open(`${base}${ALERT_STREAM_PATH}?lastEventId=1.5`, {
      cookie: d.cookie('admin'),
    });
    expect(byQuery.status).toBe(400);
  });

  it('raises an offline alert at the end of a zero grace period without waiting for a sweep', async () => {
    const set = await d.call('admin', 'alertsManagement', 'setAlertSettings', {
      form: { siteId: hidden.siteId, offlineGraceSeconds: '0' },
    });
    expect(set.statusCode).toBe(200);
    await d.opened.database.db
      .update(devices)
      .set({ online: false })
      .where(eq(devices.devId, hidden.devId));
    const sse = await open(d.cookie('admin'));
    d.t.app.devices.events.publish({ type: 'device', devId: hidden.devId, change: 'offline' });
    const push = (await waitForAlertOn(sse, hidden)) as unknown as AlertPush;
    expect(push.alert.msg).toMatch(/is offline\.$/);
  });

  async function signIn(role: DemoRole): Promise<string> {
    const response = await d.t.app.inject({
      method: 'POST',
      url: '/data-svc/auth/data-svc.php?svc=login',
      payload: { email: `${role}@example.com`, password: DEMO_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    return cookieHeader(response);
  }
});
