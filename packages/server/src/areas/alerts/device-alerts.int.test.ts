import {
  type AlertsList,
  type DeviceAlerts,
  type EventPage,
  DEFAULT_DIGEST_MINUTES,
  alertKindsOf,
  getDeviceSpec,
} from '@powerdeck/domain';
import type { DevicePlan, Fleet } from '@powerdeck/simulator';
import { and, eq, gte, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../infra/db/rows';
import { devices } from '../../infra/db/schema';
import { alerts } from '../../infra/db/schema-collab';
import { type DeviceLink, connectDeviceLink } from '../../infra/mqtt/device-link';
import type { OpenedTestDatabase } from '../../test/databases';
import {
  type DeviceWorld,
  LiveClock,
  type TestBroker,
  brokerDatabaseCases,
  buildDeviceWorld,
  clearRetained,
  startTestFleet,
} from '../../test/devices';
import { eventually } from '../../test/sse';
import { type TestApp, TEST_ORIGIN, startTestApp } from '../../test/test-app';
import { alertErrors } from './alerts.service';

const cases = await brokerDatabaseCases();

type Who = keyof DeviceWorld['cookies'] | 'nobody';

/**
 * Manage Alerts against a simulated fleet: the kinds of each family, per-kind subscriptions that
 * take effect on the next alert the device raises, and the permissions of the calls.
 */
describe.each(cases)(
  'alert subscriptions per kind on $name',
  ({ broker: brokerCase, database }) => {
    let broker: TestBroker;
    let opened: OpenedTestDatabase;
    let link: DeviceLink;
    let t: TestApp;
    let world: DeviceWorld;
    let fleet: Fleet;
    /**
     * A running device with outlets of its own (outlet 2 locked), a power condition and no kids.
     */
    let device: DevicePlan;

    beforeAll(async () => {
      broker = await brokerCase.start();
      opened = await database.open();
      const clock = new LiveClock();
      link = await connectDeviceLink({
        url: broker.url,
        ...(broker.serviceToken ? { serviceToken: broker.serviceToken } : {}),
      });
      t = await startTestApp(opened.database, {
        clock,
        devices: {
          link,
          ...(broker.enforcesAcl ? {} : { shareGroup: `test-${randomBytes(4).toString('hex')}` }),
          writer: { flushMs: 50 },
        },
      });
      world = await buildDeviceWorld(opened.database, clock, { count: 8 });
      const found = world.plan.find(
        (p) =>
          p.kids.length === 0 &&
          getDeviceSpec(p.devClass).outletCount >= 3 &&
          alertKindsOf(p.devClass).includes('power'),
      );
      if (!found) throw new Error('the plan has no switchable device');
      device = found;
      fleet = startTestFleet([device], broker.url);
      await fleet.start();
      // its first status is in: the next one is compared with it
      await eventually(async () => {
        const status = await view('admin', 'status');
        return status.statusCode === 200 && status.json<{ status: unknown }>().status
          ? true
          : undefined;
      }, 45_000);
    });

    afterAll(async () => {
      await fleet?.stop();
      if (!broker?.enforcesAcl && world) await clearRetained(broker.url, world.plan);
      await t?.app.close();
      await link?.close();
      await opened?.dispose();
      await broker?.stop();
    });

    const cookie = (who: Who) => (who === 'nobody' ? '' : world.cookies[who]);
    const call = (who: Who, svc: string, query: Record<string, string>) =>
      t.app.inject({
        url: `/data-svc/alertsManagement/data-svc.php?${new URLSearchParams({ svc, ...query }).toString()}`,
        headers: { cookie: cookie(who), origin: TEST_ORIGIN },
      });
    const view = (who: Who, svc: string) =>
      t.app.inject({
        url: `/data-svc/deviceView/data-svc.php?svc=${svc}&siteId=${world.siteId}&devClass=${device.devClass}&devId=${device.devId}`,
        headers: { cookie: cookie(who) },
      });
    const deviceAlerts = (who: Who, siteId = world.siteId, devId = device.devId) =>
      call(who, 'getDeviceAlerts', { siteId, devId });
    const key = (kind?: string) => ({
      type: '0',
      devClass: device.devClass,
      devId: device.devId,
      ...(kind ? { kind } : {}),
    });
    /** The bell's alerts of the device whose message says `says`, for a user. */
    const alertsSaying = async (who: Who, says: string) => {
      const list = (
        await t.app.inject({
          url: '/data-svc/notificationsManagement/data-svc.php?svc=enumerate&isFromWeb=true',
          headers: { cookie: cookie(who) },
        })
      ).json<AlertsList>();
      return list.records.filter((r) => r.devId === device.devId && r.msg.includes(says)).length;
    };
    /** Drops the device's power (its status reports the new condition), or restores it. */
    const brownout = async (on: boolean) => {
      const before = (await view('admin', 'status')).json<{ status: { pwr_cond?: number } }>();
      if (on) fleet.injectFault(device.devId, { kind: 'brownout', condition: 'under-voltage' });
      else fleet.get(device.devId)?.clearFaults();
      await eventually(async () => {
        const now = (await view('admin', 'status')).json<{ status: { pwr_cond?: number } }>();
        return now.status.pwr_cond !== before.status.pwr_cond ? true : undefined;
      }, 10_000);
      await t.app.devices.writer.flush();
      await t.app.alerts.idle();
    };
    /** Switches an outlet through the console's call and waits for the device to report it. */
    const switchOutlet = async (otlt: number, state: 0 | 1) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/data-svc/${device.devClass}.deviceControls/data-svc.php?svc=setoutletstate`,
        headers: {
          cookie: world.cookies.admin,
          origin: TEST_ORIGIN,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams({
          siteId: world.siteId,
          devClass: device.devClass,
          devId: device.devId,
          otlt: String(otlt),
          state: String(state),
        }).toString(),
      });
      expect(response.statusCode).toBe(200);
      await eventually(async () => {
        const status = (await view('admin', 'status')).json<{ status: { otlts: boolean[] } }>();
        return status.status.otlts[otlt - 1] === (state === 1) ? true : undefined;
      }, 10_000);
      await t.app.alerts.idle();
    };

    it('lists each kind the family raises, all on, with the mutes and the grace period', async () => {
      const response = await deviceAlerts('client');
      expect(response.statusCode).toBe(200);
      expect(response.json<DeviceAlerts>()).toEqual({
        siteId: world.siteId,
        receivesAlerts: true,
        devices: [
          {
            devId: device.devId,
            devClass: device.devClass,
            devName: device.name,
            alerts: alertKindsOf(device.devClass).map((kind) => ({ kind, subscribed: true })),
            // no e-mail until the user asks for it (issue 19)
            email: { emailMode: 'off', digestMinutes: DEFAULT_DIGEST_MINUTES },
          },
        ],
        muted: false,
        locationMuted: false,
        offlineGraceSeconds: 60,
      });
      const withKids = world.plan.find((p) => p.kids.length > 0);
      if (withKids) {
        const body = (
          await deviceAlerts('admin', world.siteId, withKids.devId)
        ).json<DeviceAlerts>();
        const [parent, ...kids] = body.devices.map((d) => d.devId);
        expect(parent).toBe(withKids.devId);
        expect(kids.sort()).toEqual(withKids.kids.map((k) => k.devId).sort());
        for (const entry of body.devices) {
          expect(entry.alerts.map((a) => a.kind)).toEqual(alertKindsOf(entry.devClass as never));
        }
      }
    });

    it('a user switching an outlet raises no alert for anyone, and the event log shows the switch', async () => {
      const db = opened.database.db;
      const since = new Date();
      await switchOutlet(1, 0);
      await switchOutlet(1, 1);
      await t.app.devices.writer.flush();
      await t.app.eventLogs.writer.flush();
      await t.app.alerts.idle();
      // the event log has both commands, by the admin, done
      const page = (
        await t.app.inject({
          url: `/data-svc/eventLogs/data-svc.php?svc=getEvents&siteId=${world.siteId}&devId=${device.devId}&type=outlet&limit=200`,
          headers: { cookie: world.cookies.admin },
        })
      ).json<EventPage>();
      const switches = page.records.filter(
        (e) => e.id.startsWith('cmd:') && e.outlet === 1 && e.time >= since.getTime(),
      );
      expect(switches).toHaveLength(2);
      expect(switches.every((e) => e.actor.kind === 'user')).toBe(true);
      // no one's bell rings for it: not the admin who switched, not the others at the location
      const raised = await db
        .select({ msg: alerts.msg, kind: alerts.kind })
        .from(alerts)
        .where(and(eq(alerts.devId, device.devId), gte(alerts.time, since)));
      expect(raised).toEqual([]);
    });

    it('unsubscribing the power alerts of a device stops them for that user only, from the next change', async () => {
      expect((await call('admin', 'unsubscribe', key('power'))).statusCode).toBe(200);
      const mine = (await deviceAlerts('admin')).json<DeviceAlerts>().devices[0]?.alerts;
      expect(mine?.find((a) => a.kind === 'power')?.subscribed).toBe(false);
      expect(mine?.filter((a) => a.kind !== 'power').every((a) => a.subscribed)).toBe(true);
      const theirs = (await deviceAlerts('installer')).json<DeviceAlerts>().devices[0]?.alerts;
      expect(theirs?.every((a) => a.subscribed)).toBe(true);

      const power = 'power condition';
      const before = {
        admin: await alertsSaying('admin', power),
        installer: await alertsSaying('installer', power),
      };
      await brownout(true);
      await brownout(false);
      await eventually(async () =>
        (await alertsSaying('installer', power)) >= before.installer + 2 ? true : undefined,
      );
      expect(await alertsSaying('installer', 'power condition under-voltage.')).toBeGreaterThan(0);
      expect(await alertsSaying('admin', power)).toBe(before.admin);

      // on again: the next change alerts the admin too
      expect((await call('admin', 'subscribe', key('power'))).statusCode).toBe(200);
      await brownout(true);
      await eventually(async () =>
        (await alertsSaying('admin', power)) === before.admin + 1 ? true : undefined,
      );
      await brownout(false);
    });

    it('no longer offers outlet alerts: subscribing to them is a 400', async () => {
      const response = await call('admin', 'subscribe', key('outlet'));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: alertErrors.kindNotRaised('outlet') });
    });

    it('a kind the family does not raise is a 400; unsubscribing a kind twice is refused', async () => {
      const missing = (['battery', 'power', 'fault'] as const).find(
        (kind) => !alertKindsOf(device.devClass).includes(kind),
      );
      if (missing) {
        const response = await call('admin', 'unsubscribe', key(missing));
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error: alertErrors.kindNotRaised(missing) });
      }
      const bad = await call('admin', 'subscribe', key('lightning'));
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ error: string }>().error).toBe('kind must be an alert kind');
      expect((await call('admin', 'unsubscribe', key('command'))).statusCode).toBe(200);
      const again = await call('admin', 'unsubscribe', key('command'));
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({
        error: 'There was an error unsubscribing alert or you have already unsubscribed.',
      });
      expect((await call('admin', 'subscribe', key('command'))).statusCode).toBe(200);
    });

    it('the spec’s unsubscribe without a kind turns every kind off; one kind can come back', async () => {
      expect((await call('installer', 'unsubscribe', key())).statusCode).toBe(200);
      const off = (await deviceAlerts('installer')).json<DeviceAlerts>().devices[0]?.alerts;
      expect(off?.every((a) => !a.subscribed)).toBe(true);
      expect((await call('installer', 'unsubscribe', key())).statusCode).toBe(400);
      expect((await call('installer', 'subscribe', key('offline'))).statusCode).toBe(200);
      const one = (await deviceAlerts('installer')).json<DeviceAlerts>().devices[0]?.alerts;
      expect(one?.filter((a) => a.subscribed).map((a) => a.kind)).toEqual(['offline']);
      // some kind is on again: the whole-device unsubscribe is not "already" in place
      expect((await call('installer', 'unsubscribe', key())).statusCode).toBe(200);
      expect((await call('installer', 'subscribe', key())).statusCode).toBe(200);
    });

    it('shows the device mute (muteDevice) and the location’s grace period', async () => {
      const mute = await t.app.inject({
        url: `/data-svc/mutesManagement/data-svc.php?svc=muteDevice&siteId=${world.siteId}&devId=${device.devId}`,
        headers: { cookie: world.cookies.admin },
      });
      expect(mute.statusCode).toBe(200);
      const grace = await t.app.inject({
        method: 'POST',
        url: '/data-svc/alertsManagement/data-svc.php?svc=setAlertSettings',
        headers: {
          cookie: world.cookies.admin,
          origin: TEST_ORIGIN,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: `siteId=${world.siteId}&offlineGraceSeconds=300`,
      });
      expect(grace.statusCode).toBe(200);
      expect((await deviceAlerts('admin')).json<DeviceAlerts>()).toMatchObject({
        muted: true,
        offlineGraceSeconds: 300,
      });
      expect((await deviceAlerts('installer')).json<DeviceAlerts>().muted).toBe(false);
    });

    it('401 without a session, 403 at another location, 404 for a device elsewhere, 400 for bad input', async () => {
      expect((await deviceAlerts('nobody')).statusCode).toBe(401);
      const foreign = await deviceAlerts('stranger');
      expect(foreign.statusCode).toBe(403);
      expect((await deviceAlerts('stranger', world.otherSiteId)).statusCode).toBe(404);
      expect((await deviceAlerts('admin', world.siteId, 'ABCDEF012345')).statusCode).toBe(404);
      const noSite = await call('admin', 'getDeviceAlerts', { devId: device.devId });
      expect(noSite.json()).toMatchObject({ error: 'siteId is required' });
      expect((await deviceAlerts('admin', world.siteId, 'zz')).statusCode).toBe(400);
      const stranger = await call('stranger', 'unsubscribe', key('power'));
      expect(stranger.statusCode).toBe(404);
    });

    it('a deleted device still connects and reports (its credentials are its own), but nothing of it reaches a location', async () => {
      const db = opened.database.db;
      const deletedAt = new Date();
      const deleted = await t.app.inject({
        method: 'POST',
        url: '/data-svc/devices/dataSvc.php?svc=deleteDevice',
        headers: {
          cookie: world.cookies.admin,
          origin: TEST_ORIGIN,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams({
          siteId: world.siteId,
          devId: device.devId,
          devClass: device.devClass,
        }).toString(),
      });
      expect(deleted.statusCode).toBe(200);
      const statusOf = async () =>
        JSON.stringify(
          (await db.select().from(devices).where(eq(devices.devId, device.devId)))[0]?.status,
        );
      const before = await statusOf();
      // the power drops: the device reports a new status and a power event
      fleet.injectFault(device.devId, { kind: 'brownout', condition: 'under-voltage' });
      await eventually(async () => ((await statusOf()) !== before ? true : undefined), 10_000);
      await t.app.devices.writer.flush();
      await t.app.eventLogs.writer.flush();
      await t.app.alerts.idle();
      const logged = rowsOf<{ n: number }>(
        await db.execute(sql`SELECT count(*)::int AS n FROM device_events
          WHERE dev_id = ${device.devId} AND at >= ${deletedAt}`),
      );
      expect(Number(logged[0]?.n)).toBe(0);
      const alerted = await db
        .select()
        .from(alerts)
        .where(and(eq(alerts.devId, device.devId), gte(alerts.time, deletedAt)));
      expect(alerted).toEqual([]);
      fleet.get(device.devId)?.clearFaults();
    });
  },
);
