import { type DeviceAlerts, IMMEDIATE_MAIL_WINDOW_MINUTES } from '@powerdeck/domain';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../infra/db/rows';
import { deviceMutes, devices, outbox, permissions, siteMutes, users } from '../../infra/db/schema';
import { alertEmailSubscriptions, alertMailLog, alerts } from '../../infra/db/schema-collab';
import { testDatabases } from '../../test/databases';
import { type DemoApp, type DemoRole, startDemoApp } from '../../test/demo-sessions';
import { eventually } from '../../test/sse';
import { TEST_ORIGIN } from '../../test/test-app';
import { sharedSecret } from '../devices/server-secrets.repository';
import { ALERT_MAIL_QUEUE, type AlertMailJob, jobIdFor, windowStartOf } from './alert-mail';
import { ALERT_MAIL_KEY, signUnsubscribeToken, verifyUnsubscribeToken } from './alert-mail-token';

interface Device {
  devId: string;
  devClass: string;
  siteId: string;
  devName: string;
}

interface QueuedJob {
  id: string;
  data: AlertMailJob;
  state: string;
}

const MINUTE = 60_000;

/**
 * Alert e-mails (issue 19 item 3) on the demo data: the admin chooses e-mail for a device's
 * alerts; the device drops (past the location's 60 s grace period) and comes back. Immediate
 * mails go through the app's own worker; a digest job waits for its window's end in real time,
 * so these tests move the app's clock past the window and run the job as the worker would.
 */
describe.each(testDatabases())('alert e-mails on $name', (testDb) => {
  let d: DemoApp;
  let first: Device;
  let second: Device;
  let adminId = '';
  let adminEmail = '';
  /** The jobs queued before the running test (left out of its reading). */
  let earlierJobs = new Set<string>();

  beforeAll(async () => {
    d = await startDemoApp(testDb);
    const db = d.opened.database.db;
    adminId = await d.userId('admin');
    const [admin] = await db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, adminId));
    adminEmail = admin?.email ?? '';
    // a location where the admin is ADMIN and the client holds no level, with two devices
    const clientSites = await d.siteIdsOf('client');
    const rows = await db
      .select({
        devId: devices.devId,
        devClass: devices.devClass,
        siteId: permissions.siteId,
        devName: devices.devName,
      })
      .from(devices)
      .innerJoin(permissions, eq(permissions.siteId, devices.siteId))
      .where(
        and(
          eq(permissions.userId, adminId),
          eq(permissions.permLvl, 'ADMIN'),
          isNull(devices.parentDevId),
        ),
      )
      .orderBy(asc(devices.devId));
    const bySite = new Map<string, Device[]>();
    for (const row of rows) {
      if (clientSites.includes(row.siteId)) continue;
      bySite.set(row.siteId, [...(bySite.get(row.siteId) ?? []), row]);
    }
    const pair = [...bySite.values()].find((list) => list.length >= 2);
    if (!pair?.[0] || !pair[1]) throw new Error('demo has no ADMIN location with two devices');
    [first, second] = [pair[0], pair[1]];
  });
  afterAll(() => d.close());

  beforeEach(async () => {
    const db = d.opened.database.db;
    await db.delete(alertEmailSubscriptions).where(eq(alertEmailSubscriptions.userId, adminId));
    await db.delete(alerts).where(eq(alerts.userId, adminId));
    await db.delete(outbox).where(eq(outbox.toAddress, adminEmail));
    await db.delete(alertMailLog).where(eq(alertMailLog.userId, adminId));
    await db.delete(deviceMutes).where(eq(deviceMutes.userId, adminId));
    await db.delete(siteMutes).where(eq(siteMutes.userId, adminId));
    // each test starts in a fresh hour (fresh windows) with both devices online
    d.t.clock.advance(4 * 60 * MINUTE);
    await d.t.app.alerts.idle();
    earlierJobs = new Set((await allAdminJobs()).map((j) => j.id));
  });

  const setEmail = (role: DemoRole, device: Device, emailMode: string, digestMinutes = '60') =>
    d.call(role, 'alertsManagement', 'setAlertEmail', {
      form: { type: '0', devClass: device.devClass, devId: device.devId, emailMode, digestMinutes },
    });

  const emailOf = async (role: DemoRole, device: Device) => {
    const answer = await d.call(role, 'alertsManagement', 'getDeviceAlerts', {
      query: { siteId: device.siteId, devId: device.devId },
    });
    return answer.json<DeviceAlerts>().devices[0]?.email;
  };

  const emit = async (device: Device, change: 'online' | 'offline') => {
    d.t.app.devices.events.publish({ type: 'device', devId: device.devId, change });
    await d.t.app.alerts.idle();
  };

  /** The device goes offline past the grace period (an 'offline' alert), then back online. */
  const drop = async (device: Device) => {
    await d.opened.database.db
      .update(devices)
      .set({ online: false })
      .where(eq(devices.devId, device.devId));
    await emit(device, 'offline');
    d.t.clock.advance(61_000);
    await d.t.app.alerts.sweep();
    await d.t.app.alerts.idle();
    await d.opened.database.db
      .update(devices)
      .set({ online: true })
      .where(eq(devices.devId, device.devId));
    await emit(device, 'online');
  };

  const adminAlerts = () =>
    d.opened.database.db.select().from(alerts).where(eq(alerts.userId, adminId));

  const mails = () =>
    d.opened.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, adminEmail))
      .orderBy(asc(outbox.id));

  /** The alert-mail jobs the running test queued for the admin (any state). */
  const adminJobs = async () => (await allAdminJobs()).filter((job) => !earlierJobs.has(job.id));

  const allAdminJobs = async (): Promise<QueuedJob[]> => {
    const result = await d.opened.database.db.execute(
      sql`select id::text as id, data, state::text as state from pgboss.job
          where name = ${ALERT_MAIL_QUEUE} and data->>'userId' = ${adminId}`,
    );
    return rowsOf<QueuedJob>(result);
  };

  /** Waits until the worker has run every immediate job of the admin. */
  const immediateJobsDone = () =>
    eventually(async () => {
      const jobs = (await adminJobs()).filter((j) => j.data.kind === 'immediate');
      return jobs.length > 0 && jobs.every((j) => j.state === 'completed') ? jobs : undefined;
    }, 20_000);

  /** Moves the clock past the digest's window and runs its job as the worker would. */
  const runDigest = async (minutes: number, alertTime: Date) => {
    const start = windowStartOf(alertTime, minutes);
    const id = jobIdFor(`digest/${adminId}/${String(minutes)}/${start.toISOString()}`);
    const job = (await adminJobs()).find((j) => j.id === id);
    if (!job) throw new Error('no digest job queued for the window');
    const end = start.getTime() + minutes * MINUTE;
    d.t.clock.advance(Math.max(0, end - d.t.clock.now().getTime()) + 1_000);
    await d.t.app.alertMail.deliver(job.data, job.id);
    return job;
  };

  const deviceLink = (device: Device) =>
    `${TEST_ORIGIN}/locations/${device.siteId}/devices/${device.devClass}/${device.devId}`;

  it('immediate: an alert for an e-mail subscription is mailed with a link to the device', async () => {
    expect((await setEmail('admin', first, 'immediate')).statusCode).toBe(200);
    expect(await emailOf('admin', first)).toEqual({ emailMode: 'immediate', digestMinutes: 60 });
    await emit(first, 'offline');
    d.t.clock.advance(61_000);
    await d.opened.database.db
      .update(devices)
      .set({ online: false })
      .where(eq(devices.devId, first.devId));
    await d.t.app.alerts.sweep();
    await d.t.app.alerts.idle();
    await immediateJobsDone();
    const [mail, ...more] = await mails();
    expect(more).toEqual([]);
    expect(mail?.subject).toMatch(/^Powerdeck alert: .* is offline\.$/);
    expect(mail?.bodyText).toContain(`Open the device: ${deviceLink(first)}`);
    expect(mail?.html).toContain(`href="${deviceLink(first)}"`);
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail?.headers?.['List-Unsubscribe']).toMatch(
      new RegExp(
        `^<${TEST_ORIGIN}/data-svc/alertsManagement/data-svc\\.php\\?svc=unsubscribeByMail&token=`,
      ),
    );
    expect(mail?.bodyText).toContain(`${TEST_ORIGIN}/alert-mail/unsubscribe?token=`);
    await emit(first, 'online');
  });

  it('a drop shorter than the grace period mails nothing', async () => {
    await setEmail('admin', first, 'immediate');
    await emit(first, 'offline');
    d.t.clock.advance(5_000);
    await emit(first, 'online');
    d.t.clock.advance(120_000);
    await d.t.app.alerts.sweep();
    await d.t.app.alerts.idle();
    expect(await adminAlerts()).toEqual([]);
    expect(await adminJobs()).toEqual([]);
    expect(await mails()).toEqual([]);
  });

  it('flapping within a window: one mail per device and kind of alert', async () => {
    await setEmail('admin', first, 'immediate');
    // three drops in about three minutes: six alerts, one window
    for (let i = 0; i < 3; i++) await drop(first);
    expect(await adminAlerts()).toHaveLength(6);
    await immediateJobsDone();
    const subjects = (await mails()).map((m) => m.subject).sort();
    expect(subjects).toHaveLength(2);
    expect(subjects[0]).toMatch(/is back online\.$/);
    expect(subjects[1]).toMatch(/is offline\.$/);
    const logged = await d.opened.database.db
      .select()
      .from(alertMailLog)
      .where(
        and(
          eq(alertMailLog.userId, adminId),
          eq(alertMailLog.devId, first.devId),
          eq(alertMailLog.windowMinutes, IMMEDIATE_MAIL_WINDOW_MINUTES),
        ),
      );
    expect(
      logged
        .filter((l) => l.mailedAt !== null)
        .map((l) => l.kind)
        .sort(),
    ).toEqual(['offline', 'online']);
    // the next window mails again
    d.t.clock.advance(IMMEDIATE_MAIL_WINDOW_MINUTES * MINUTE);
    await drop(first);
    await immediateJobsDone();
    expect(await mails()).toHaveLength(4);
  });

  it('digest: the alerts of a window in one mail, once, however often its job runs', async () => {
    await setEmail('admin', first, 'digest', '15');
    await setEmail('admin', second, 'digest', '15');
    const raisedAt = d.t.clock.now();
    await drop(first);
    await drop(first);
    await drop(second);
    expect(await adminAlerts()).toHaveLength(6);
    const jobs = await adminJobs();
    // one waiting digest job for the window, none immediate
    expect(jobs.map((j) => [j.data.kind, j.state])).toEqual([['digest', 'created']]);
    const job = await runDigest(15, raisedAt);
    const [mail, ...more] = await mails();
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Powerdeck: 6 alerts in the last 15 minutes');
    expect(mail?.bodyText).toMatch(/is offline\. \(.*; 2 times in this window\)/);
    expect(mail?.bodyText).toContain(deviceLink(first));
    expect(mail?.bodyText).toContain(deviceLink(second));
    // a retry, or a second server handed the same job, mails nothing more
    await d.t.app.alertMail.deliver(job.data, job.id);
    await d.t.app.alertMail.deliver(job.data, jobIdFor('another-run'));
    expect(await mails()).toHaveLength(1);
    // the unsubscribe link of a digest names every device in it
    const link = /\S+\/alert-mail\/unsubscribe\?token=\S+/.exec(mail?.bodyText ?? '')?.[0];
    const token = new URL(link ?? TEST_ORIGIN).searchParams.get('token') ?? '';
    const secret = await sharedSecret(d.opened.database.db, ALERT_MAIL_KEY);
    const claim = verifyUnsubscribeToken(secret, token, d.t.clock.now());
    expect(claim?.userId).toBe(adminId);
    expect(claim?.subscriptions.map((s) => s.devId).sort()).toEqual(
      [first.devId, second.devId].sort(),
    );
  });

  it('a muted device or location mails nothing, also when muted before its digest is sent', async () => {
    // muted before the alert: no alert, no job
    await setEmail('admin', first, 'immediate');
    const mute = (svc: string, form: Record<string, string>) =>
      d.call('admin', 'mutesManagement', svc, { form });
    expect(
      (await mute('muteDevice', { siteId: first.siteId, devId: first.devId })).statusCode,
    ).toBe(200);
    await drop(first);
    expect(await adminAlerts()).toEqual([]);
    expect(await adminJobs()).toEqual([]);
    await mute('unmuteDevice', { siteId: first.siteId, devId: first.devId });

    // muted between the alerts and the digest: the digest sends nothing
    await setEmail('admin', first, 'digest', '15');
    const raisedAt = d.t.clock.now();
    await drop(first);
    expect(await adminAlerts()).toHaveLength(2);
    expect((await mute('muteSite', { siteId: first.siteId })).statusCode).toBe(200);
    await runDigest(15, raisedAt);
    await mute('unmuteSite', { siteId: first.siteId });
    expect(await mails()).toEqual([]);
  });

  it('a subscription without e-mail, or another user with no choice, mails nothing', async () => {
    await setEmail('admin', first, 'digest', '60');
    await setEmail('admin', first, 'off');
    expect(await emailOf('admin', first)).toEqual({ emailMode: 'off', digestMinutes: 60 });
    const installerId = await d.userId('installer');
    await drop(first);
    expect((await adminAlerts()).length).toBe(2);
    expect(await adminJobs()).toEqual([]);
    const installerJobs = rowsOf(
      await d.opened.database.db.execute(
        sql`select 1 from pgboss.job where name = ${ALERT_MAIL_QUEUE} and data->>'userId' = ${installerId}`,
      ),
    );
    expect(installerJobs).toEqual([]);
    expect(await mails()).toEqual([]);
  });

  it('the signed unsubscribe link turns e-mail off; a tampered or expired one is refused', async () => {
    await setEmail('admin', first, 'immediate');
    const secret = await sharedSecret(d.opened.database.db, ALERT_MAIL_KEY);
    const subscription = { type: 0, devClass: first.devClass, devId: first.devId };
    const valid = signUnsubscribeToken(secret, {
      userId: adminId,
      subscriptions: [subscription],
      expiresAt: d.t.clock.now().getTime() + 60_000,
    });
    const oneClick = (token: string) =>
      d.t.app.inject({
        method: 'POST',
        url: `/data-svc/alertsManagement/data-svc.php?svc=unsubscribeByMail&token=${encodeURIComponent(token)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const [version, body = '', mac = ''] = valid.split('.');
    const otherBody = Buffer.from(
      Buffer.from(body, 'base64url').toString().replace(adminId, 'someone-else'),
    ).toString('base64url');
    const refused = [
      `${version ?? ''}.${otherBody}.${mac}`,
      `${valid.slice(0, -2)}${valid.endsWith('AA') ? 'BB' : 'AA'}`,
      signUnsubscribeToken('not-the-key', {
        userId: adminId,
        subscriptions: [subscription],
        expiresAt: d.t.clock.now().getTime() + 60_000,
      }),
      signUnsubscribeToken(secret, {
        userId: adminId,
        subscriptions: [subscription],
        expiresAt: d.t.clock.now().getTime() - 1,
      }),
      'garbage',
    ];
    for (const token of refused) {
      const answer = await oneClick(token);
      expect(answer.statusCode).toBe(400);
      expect(answer.json<{ error: string }>().error).toBe(
        'This unsubscribe link is not valid or has expired.',
      );
    }
    expect(await emailOf('admin', first)).toEqual({ emailMode: 'immediate', digestMinutes: 60 });
    // a GET of the call changes nothing: only POST (the page's button, a mail client) does
    const get = await d.t.app.inject({
      url: `/data-svc/alertsManagement/data-svc.php?svc=unsubscribeByMail&token=${encodeURIComponent(valid)}`,
    });
    expect(get.statusCode).toBeGreaterThanOrEqual(400);
    expect(await emailOf('admin', first)).toEqual({ emailMode: 'immediate', digestMinutes: 60 });

    expect((await oneClick(valid)).json()).toEqual({ ok: true });
    expect(await emailOf('admin', first)).toEqual({ emailMode: 'off', digestMinutes: 60 });
    // the bell keeps the alerts: only e-mail is off
    expect(
      (
        await d.call('admin', 'alertsManagement', 'getDeviceAlerts', {
          query: { siteId: first.siteId, devId: first.devId },
        })
      )
        .json<DeviceAlerts>()
        .devices[0]?.alerts.every((a) => a.subscribed),
    ).toBe(true);
    // a mail client that posts twice is answered the same
    expect((await oneClick(valid)).statusCode).toBe(200);
    // after it expires the link is refused
    d.t.clock.advance(61_000);
    expect((await oneClick(valid)).statusCode).toBe(400);
  });

  it("another user's subscription cannot be changed", async () => {
    await setEmail('admin', first, 'immediate');
    // the client holds no level at the device's location: the same 404 as for no device
    const answer = await setEmail('client', first, 'off');
    expect(answer.statusCode).toBe(404);
    const clientId = await d.userId('client');
    const rows = await d.opened.database.db
      .select()
      .from(alertEmailSubscriptions)
      .where(
        and(
          eq(alertEmailSubscriptions.devId, first.devId),
          inArray(alertEmailSubscriptions.userId, [adminId, clientId]),
        ),
      );
    expect(rows.map((r) => [r.userId, r.mode])).toEqual([[adminId, 'immediate']]);
    // a choice outside the offered set is refused by the shared schema
    const bad = await setEmail('admin', first, 'digest', '7');
    expect(bad.statusCode).toBe(400);
    expect(await emailOf('admin', first)).toEqual({ emailMode: 'immediate', digestMinutes: 60 });
  });
});
