import {
  type DeletedDevice,
  type DeviceClass,
  type EventPage,
  type Gateways,
  type ScheduleList,
  getDeviceSpec,
} from '@powerdeck/domain';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deviceCommands,
  deviceMutes,
  deviceWatches,
  devices,
  permissions,
} from '../../infra/db/schema';
import { alertSubscriptions } from '../../infra/db/schema-collab';
import { scheduleEvents, scheduleTargets } from '../../infra/db/schema-schedules';
import { testDatabases } from '../../test/databases';
import { type DemoApp, type DemoRole, startDemoApp } from '../../test/demo-sessions';
import { buildForeignTenant } from '../../test/foreign-tenant';
import { SseClient } from '../../test/sse';
import { DEVICE_NOT_FOUND } from '../devices/device-access';
import { registrationMessages } from './registration.service';

interface DemoDevice {
  devId: string;
  devClass: string;
  devName: string;
  siteId: string;
}

describe.each(testDatabases())('delete device on $name (demo data)', (testDb) => {
  let d: DemoApp;
  let base: string;
  /** Devices already picked by a test: each test deletes devices of its own. */
  const taken = new Set<string>();

  beforeAll(async () => {
    d = await startDemoApp(testDb);
    base = await d.t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => d.close());

  const db = () => d.opened.database.db;

  /** A device at a location (of a client user when asked) that no other test has taken. */
  async function pick(
    test: (row: DemoDevice & { parentDevId: string | null }) => boolean,
    options: { clientSite?: boolean; ownerDeletes?: boolean } = {},
  ): Promise<DemoDevice> {
    const clientSites = options.clientSite
      ? await d.siteIdsOf('client')
      : options.ownerDeletes
        ? await ownerDeletableSites()
        : undefined;
    const rows = await db()
      .select({
        devId: devices.devId,
        devClass: devices.devClass,
        devName: devices.devName,
        siteId: devices.siteId,
        parentDevId: devices.parentDevId,
      })
      .from(devices)
      .where(clientSites ? inArray(devices.siteId, clientSites) : isNotNull(devices.siteId))
      // the same order on every database, whatever its collation
      .orderBy(asc(sql`${devices.devId} collate "C"`));
    const found = rows.find(
      (r): r is typeof r & { siteId: string } =>
        r.siteId !== null && !taken.has(r.devId) && test(r as DemoDevice & typeof r),
    );
    if (!found) throw new Error('the demo has no such device left');
    taken.add(found.devId);
    return found;
  }
  /** Locations where the demo owner is ADMIN or owner (who may delete a device there). */
  async function ownerDeletableSites(): Promise<string[]> {
    const ownerId = await d.userId('owner');
    const rows = await db()
      .select({ siteId: permissions.siteId })
      .from(permissions)
      .where(
        and(eq(permissions.userId, ownerId), inArray(permissions.permLvl, ['ADMIN', 'owner'])),
      );
    return rows.map((r) => r.siteId);
  }
  const kidsOf = (devId: string) =>
    db().select().from(devices).where(eq(devices.parentDevId, devId)).orderBy(asc(devices.devId));
  /** A stand-alone device with outlets of its own and no kids. */
  const plainDevice = (options: { clientSite?: boolean; ownerDeletes?: boolean } = {}) =>
    pick(
      (r) =>
        r.parentDevId === null &&
        getDeviceSpec(r.devClass as DeviceClass).outletCount >= 2 &&
        !getDeviceSpec(r.devClass as DeviceClass).childClasses.length,
      options,
    );

  const remove = (
    role: DemoRole | null,
    fields: Record<string, string>,
    method: 'GET' | 'POST' = 'POST',
  ) =>
    method === 'POST'
      ? d.call(role, 'devices', 'deleteDevice', { form: fields })
      : d.call(role, 'devices', 'deleteDevice', { query: fields });
  const removeDevice = (role: DemoRole, device: DemoDevice) =>
    remove(role, { siteId: device.siteId, devId: device.devId, devClass: device.devClass });
  const rowOf = async (devId: string) =>
    (await db().select().from(devices).where(eq(devices.devId, devId)))[0];
  const meta = (role: DemoRole, device: DemoDevice) =>
    d.call(role, 'deviceView', 'meta', {
      query: { siteId: device.siteId, devClass: device.devClass, devId: device.devId },
    });

  it('ADMIN, owner and SUPPORT delete a device: it leaves the location, its claim released', async () => {
    for (const role of ['admin', 'owner', 'support'] as const) {
      const device = await plainDevice();
      const response = await removeDevice(role, device);
      expect(response.statusCode).toBe(200);
      expect(response.json<DeletedDevice>()).toMatchObject({
        devId: device.devId,
        devClass: device.devClass,
        devName: device.devName,
        siteId: device.siteId,
        kids: [],
      });
      expect(await rowOf(device.devId)).toMatchObject({ siteId: null, claimedBy: null });
      const after = await meta('owner', device);
      expect(after.statusCode).toBe(404);
      expect(after.json()).toEqual({ error: DEVICE_NOT_FOUND });
    }
  });

  it('INSTALLER and CLIENT get 403 and the device stays', async () => {
    const device = await plainDevice({ clientSite: true });
    for (const role of ['installer', 'client'] as const) {
      const response = await removeDevice(role, device);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: registrationMessages.deleteNotPermitted });
    }
    expect(await rowOf(device.devId)).toMatchObject({ siteId: device.siteId });
    expect((await meta('client', device)).statusCode).toBe(200);
  });

  it('another tenant’s location is 403; a device elsewhere, of another class or unknown is 404', async () => {
    const foreign = await buildForeignTenant(d.opened.database, {
      devClass: 'm4315',
      now: d.t.clock.now(),
    });
    const own = await plainDevice({ ownerDeletes: true });
    const answers = [
      [{ siteId: foreign.siteId, devId: foreign.devId, devClass: 'm4315' }, 403],
      [{ siteId: own.siteId, devId: foreign.devId, devClass: 'm4315' }, 404],
      [
        {
          siteId: own.siteId,
          devId: own.devId,
          devClass: own.devClass === 'c3ip' ? 'm4000' : 'c3ip',
        },
        404,
      ],
      [{ siteId: own.siteId, devId: 'ABCDEF012345', devClass: own.devClass }, 404],
    ] as const;
    for (const [fields, status] of answers) {
      expect((await remove('owner', fields)).statusCode).toBe(status);
    }
    expect(await rowOf(foreign.devId)).toMatchObject({ siteId: foreign.siteId });
    expect(await rowOf(own.devId)).toMatchObject({ siteId: own.siteId });
  });

  it('bad input is a clear 4xx; without a session 401; a GET is refused', async () => {
    const own = await plainDevice();
    const fields = { siteId: own.siteId, devId: own.devId, devClass: own.devClass };
    const bad = [
      [{ devId: own.devId, devClass: own.devClass }, 'siteId is required'],
      [{ ...fields, devId: 'not-hex' }, 'devId must be a device id (6-32 hex digits)'],
      [{ ...fields, devClass: 'm9999' }, 'devClass must be a device class'],
    ] as const;
    for (const [body, error] of bad) {
      const response = await remove('owner', body);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toBe(error);
    }
    expect((await remove(null, fields)).statusCode).toBe(401);
    expect((await remove('owner', fields, 'GET')).statusCode).toBe(405);
    expect(await rowOf(own.devId)).toMatchObject({ siteId: own.siteId });
  });

  it('adding it back with its MAC and claim key works, its attached kids with it', async () => {
    const card = await pick(
      (r) => r.parentDevId === null && getDeviceSpec(r.devClass as DeviceClass).family === 'cv',
    );
    const kids = await kidsOf(card.devId);
    expect(kids.length).toBeGreaterThan(0);
    const claimKey = 'KX4M7PQR2TWZ';
    await db()
      .update(devices)
      .set({ claimKeyHash: await d.t.passwords.hash(claimKey) })
      .where(eq(devices.devId, card.devId));

    const deleted = await removeDevice('admin', card);
    expect(deleted.json<DeletedDevice>().kids).toEqual(kids.map((k) => k.devId));
    for (const kid of kids) {
      // a wired kid stays attached to its card, out of the location with it
      expect(await rowOf(kid.devId)).toMatchObject({ siteId: null, parentDevId: card.devId });
    }
    expect((await removeDevice('admin', card)).statusCode).toBe(404);

    const added = await d.call('installer', 'devices', 'addNewDevice', {
      query: { siteId: card.siteId },
      json: { devId: card.devId, claimKey },
    });
    expect(added.statusCode).toBe(200);
    expect(await rowOf(card.devId)).toMatchObject({ siteId: card.siteId });
    const back = await meta('installer', card);
    expect(back.statusCode).toBe(200);
    expect(back.json<{ kids: { devId: string }[] }>().kids.map((k) => k.devId)).toEqual(
      kids.map((k) => k.devId),
    );
  });

  it('a wired kid goes only with its parent (409); a wireless one leaves its gateway and can join again', async () => {
    const kid = await pick(
      (r) => r.parentDevId !== null && !getDeviceSpec(r.devClass as DeviceClass).wireless,
    );
    const refused = await removeDevice('owner', kid);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: string }>().error).toMatch(/^This device is attached to /);
    expect(await rowOf(kid.devId)).toMatchObject({ siteId: kid.siteId });

    const wireless = await pick(
      (r) => r.parentDevId !== null && getDeviceSpec(r.devClass as DeviceClass).wireless,
    );
    const gateway = (await rowOf(wireless.devId))?.parentDevId;
    expect((await removeDevice('owner', wireless)).statusCode).toBe(200);
    expect(await rowOf(wireless.devId)).toMatchObject({
      siteId: null,
      parentDevId: null,
      nearGatewayId: gateway,
    });
    const heard = await d.call('owner', 'devices', 'getGateways', {
      query: { siteId: wireless.siteId },
    });
    expect(heard.json<Gateways>().devices.map((w) => w.devId)).toContain(wireless.devId);
    const joined = await d.call('owner', `${wireless.devClass}.deviceControls`, 'join', {
      form: {
        siteId: wireless.siteId,
        devClass: wireless.devClass,
        devId: wireless.devId,
        devName: 'Back again',
      },
    });
    expect(joined.statusCode).toBe(200);
    expect(await rowOf(wireless.devId)).toMatchObject({
      siteId: wireless.siteId,
      parentDevId: gateway,
    });
  });

  it('its history stays: the audit log and the event log keep its entries, under its name', async () => {
    const device = await plainDevice();
    const adminId = await d.userId('admin');
    const at = d.t.clock.now();
    const cmdId = randomUUID();
    await db()
      .insert(deviceCommands)
      .values({
        id: cmdId,
        devId: device.devId,
        svc: 'setOutlet',
        args: { otlt: 1, state: 0 },
        actorKind: 'user',
        actorId: adminId,
        createdAt: at,
        expiresAt: new Date(at.getTime() + 30_000),
      });
    await db().execute(sql`
      INSERT INTO device_events (dev_id, site_id, type, outlet, value, device_time, at)
      VALUES (${device.devId}, ${device.siteId}, 'outlet', 2, '1'::jsonb, ${at}, ${at})`);

    expect((await removeDevice('admin', device)).statusCode).toBe(200);

    expect(
      await db().select().from(deviceCommands).where(eq(deviceCommands.id, cmdId)),
    ).toHaveLength(1);
    const log = await d.call('owner', 'eventLogs', 'getEvents', {
      query: { siteId: device.siteId, limit: '200' },
    });
    expect(log.statusCode).toBe(200);
    const entries = log.json<EventPage>().records.filter((r) => r.devId === device.devId);
    expect(entries.map((e) => e.text).sort()).toEqual(
      ['Outlet 1 switched off', 'Outlet 2 switched on'].sort(),
    );
    expect(entries.every((e) => e.devName === device.devName)).toBe(true);
  });

  it('schedules lose it: one left without targets is deleted, another keeps its others; both are schedule events', async () => {
    // devices the demo's own schedules do not target
    const targeted = new Set(
      (await db().select({ devId: scheduleTargets.devId }).from(scheduleTargets)).map(
        (t) => t.devId,
      ),
    );
    const switchable = (r: { devId: string; devClass: string; parentDevId: string | null }) =>
      r.parentDevId === null &&
      !targeted.has(r.devId) &&
      getDeviceSpec(r.devClass as DeviceClass).outletCount >= 1;
    // a device and another at the same location
    const sites = new Map<string, number>();
    for (const row of await db().select().from(devices).where(isNotNull(devices.siteId))) {
      if (row.siteId && switchable(row) && !taken.has(row.devId)) {
        sites.set(row.siteId, (sites.get(row.siteId) ?? 0) + 1);
      }
    }
    const siteId = [...sites].find(([, n]) => n >= 2)?.[0];
    const device = await pick((r) => r.siteId === siteId && switchable(r));
    const other = await pick((r) => r.siteId === siteId && switchable(r));
    const create = async (name: string, targets: { devId: string; otlt: number }[]) => {
      const response = await d.call('owner', 'scheduleManagement', 'createSchedule', {
        json: { siteId: device.siteId, name, targets, action: 'on', time: '06:00', dayMask: 127 },
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ id: number }>().id;
    };
    const only = await create('Only the deleted one', [{ devId: device.devId, otlt: 1 }]);
    const shared = await create('Shared', [
      { devId: device.devId, otlt: 1 },
      { devId: other.devId, otlt: 1 },
    ]);

    const deleted = await removeDevice('admin', device);
    expect(deleted.json<DeletedDevice>().schedules).toEqual({ deleted: 1, edited: 1 });

    const list = (
      await d.call('owner', 'scheduleManagement', 'listSchedules', {
        query: { siteId: device.siteId },
      })
    ).json<ScheduleList>();
    expect(list.records.find((s) => s.id === only)).toBeUndefined();
    const kept = list.records.find((s) => s.id === shared);
    expect(kept?.targets.map((t) => t.devId)).toEqual([other.devId]);
    expect(kept?.enabled).toBe(true);
    expect(kept?.nextFire).not.toBeNull();
    const events = await db()
      .select()
      .from(scheduleEvents)
      .where(inArray(scheduleEvents.scheduleId, [only, shared]))
      .orderBy(asc(scheduleEvents.id));
    const adminId = await d.userId('admin');
    expect(events.slice(-2).map((e) => [e.scheduleId, e.kind, e.actorKind, e.actorId])).toEqual([
      [only, 'deleted', 'user', adminId],
      [shared, 'edited', 'user', adminId],
    ]);
  });

  it('the users’ watches, mutes and alert subscriptions of it go', async () => {
    const device = await plainDevice();
    await d.call('owner', 'watchManagement', 'addDevice', { query: { devId: device.devId } });
    await d.call('admin', 'mutesManagement', 'muteDevice', {
      query: { siteId: device.siteId, devId: device.devId },
    });
    await d.call('admin', 'alertsManagement', 'unsubscribe', {
      query: { type: '0', devClass: device.devClass, devId: device.devId, kind: 'offline' },
    });
    const count = async (table: typeof deviceWatches) =>
      (await db().select().from(table).where(eq(table.devId, device.devId))).length;
    const subscriptions = () =>
      db().select().from(alertSubscriptions).where(eq(alertSubscriptions.devId, device.devId));
    expect([await count(deviceWatches), await count(deviceMutes)]).toEqual([1, 1]);
    expect(await subscriptions()).toHaveLength(1);

    expect((await removeDevice('owner', device)).statusCode).toBe(200);
    expect([await count(deviceWatches), await count(deviceMutes)]).toEqual([0, 0]);
    expect(await subscriptions()).toHaveLength(0);
  });

  it('its live streams get a removed event and end; a stream of another device stays open', async () => {
    const card = await pick(
      (r) => r.parentDevId === null && getDeviceSpec(r.devClass as DeviceClass).family === 'cv',
    );
    const [kid] = await kidsOf(card.devId);
    const other = await plainDevice();
    if (!kid) throw new Error('the card has no kid');
    const open = (target: { devClass: string; devId: string }) =>
      SseClient.open(
        `${base}/data-svc/eventPuller/eventPullerPusher.php?devClass=${target.devClass}&devId=${target.devId}&batch=yes`,
        { cookie: d.cookie('admin') },
      );
    const ofCard = await open(card);
    const ofKid = await open(kid);
    const ofOther = await open(other);
    expect([ofCard.status, ofKid.status, ofOther.status]).toEqual([200, 200, 200]);

    expect((await removeDevice('admin', card)).statusCode).toBe(200);

    for (const stream of [ofCard, ofKid]) {
      const removed = await stream.waitFor(
        (e) => e.event.type === 'device' && e.event.change === 'removed',
      );
      expect(removed.event).toEqual({ type: 'device', devId: card.devId, change: 'removed' });
      await stream.waitForEnd();
    }
    expect(ofOther.ended).toBe(false);
    ofOther.close();
    // opened again, it is refused: the device is not at any location
    const again = await open(card);
    expect(again.status).toBe(404);
  });

  it('the location counts one device less', async () => {
    const device = await plainDevice();
    const total = async () =>
      (
        await d.call('owner', 'locations', 'getDeviceCount', { query: { siteId: device.siteId } })
      ).json<{ total: number }>().total;
    const before = await total();
    expect((await removeDevice('owner', device)).statusCode).toBe(200);
    expect(await total()).toBe(before - 1);
  });
});
