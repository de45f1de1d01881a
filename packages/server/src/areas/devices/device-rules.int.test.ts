import type { DeviceList, DeviceMeta, DeviceWatchedMuted, LiveEventsPage } from '@powerdeck/domain';
import { getDeviceSpec } from '@powerdeck/domain';
import type { DevicePlan } from '@powerdeck/simulator';
import { planFleet } from '@powerdeck/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenedTestDatabase, testDatabases } from '../../test/databases';
import { type DeviceWorld, buildDeviceWorld } from '../../test/devices';
import { type TestApp, TEST_ORIGIN, startTestApp } from '../../test/test-app';

type Who = keyof DeviceWorld['cookies'] | 'nobody';

describe.each(testDatabases())('device calls: rules and permissions on $name', (testDb) => {
  let opened: OpenedTestDatabase;
  let t: TestApp;
  let world: DeviceWorld;
  let device: DevicePlan;
  let lockedSiteDevice: DevicePlan;

  beforeAll(async () => {
    opened = await testDb.open();
    t = await startTestApp(opened.database);
    const lockedPlan = planFleet(1, 77).map((p) => ({
      ...p,
      devId: `${p.devId.slice(0, 6)}77AA77`,
    }));
    world = await buildDeviceWorld(opened.database, t.clock, { count: 8, lockedPlan });
    const found = world.plan.find(
      (p) => p.kids.length === 0 && getDeviceSpec(p.devClass).outletCount >= 3,
    );
    if (!found || !lockedPlan[0]) throw new Error('plan has no switchable device');
    device = found;
    lockedSiteDevice = lockedPlan[0];
  });
  afterAll(async () => {
    await t.app.close();
    await opened.dispose();
  });

  const cookie = (who: Who) => (who === 'nobody' ? '' : world.cookies[who]);
  const control = (
    who: Who,
    svc: string,
    fields: Record<string, string>,
    target = device,
    siteId?: string,
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/data-svc/${target.devClass}.deviceControls/data-svc.php?svc=${svc}`,
      headers: {
        cookie: cookie(who),
        origin: TEST_ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({
        siteId: siteId ?? world.siteId,
        devClass: target.devClass,
        devId: target.devId,
        ...fields,
      }).toString(),
    });
  const get = (who: Who, url: string) => t.app.inject({ url, headers: { cookie: cookie(who) } });
  const meta = (who: Who, siteId = world.siteId, target = device) =>
    get(
      who,
      `/data-svc/deviceView/data-svc.php?svc=meta&siteId=${siteId}&devClass=${target.devClass}&devId=${target.devId}`,
    );

  it('no session is 401; another location is 403; an unknown device is 404', async () => {
    expect((await meta('nobody')).statusCode).toBe(401);
    const foreign = await meta('stranger');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ error: "You don't have permission to access this location." });
    expect((await meta('stranger', world.otherSiteId)).statusCode).toBe(404);
    const unknown = await get(
      'admin',
      `/data-svc/deviceView/data-svc.php?svc=meta&siteId=${world.siteId}&devClass=m4315&devId=ABCDEF123456`,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('meta gives the device, its outlets, kids and the caller level', async () => {
    const response = await meta('client');
    expect(response.statusCode).toBe(200);
    const body = response.json<DeviceMeta>();
    expect(body).toMatchObject({ devId: device.devId, permLvl: 'CLIENT', locationLocked: false });
    expect(body.outlets[1]).toMatchObject({ otltId: 2, locked: true });
    const withKids = world.plan.find((p) => p.kids.length > 0);
    if (withKids) {
      const parent = (await meta('admin', world.siteId, withKids)).json<DeviceMeta>();
      expect(parent.kids.map((k) => k.devId).sort()).toEqual(
        withKids.kids.map((k) => k.devId).sort(),
      );
      expect(parent.kids[0]?.contact.lastContact).toBeNull();
    }
  });

  it('bad input is a 400 with a clear message', async () => {
    const noSite = await get(
      'admin',
      `/data-svc/deviceView/data-svc.php?svc=meta&devClass=m4315&devId=${device.devId}`,
    );
    expect(noSite.statusCode).toBe(400);
    expect(noSite.json<{ error: string }>().error).toBe('siteId is required');
    const badOutlet = await control('admin', 'setoutletstate', { otlt: 'x', state: '1' });
    expect(badOutlet.statusCode).toBe(400);
    const badState = await control('admin', 'setoutletstate', { otlt: '1', state: '7' });
    expect(badState.json<{ error: string }>().error).toBe('state must be 0 or 1');
    const tooFar = await control('admin', 'setoutletstate', { otlt: '12', state: '1' });
    expect([400]).toContain(tooFar.statusCode);
    const longName = await control('admin', 'rename', { who: 'dev', name: 'x'.repeat(41) });
    expect(longName.json()).toMatchObject({ error: 'Maximum length allowed is 40' });
  });

  it('CLIENT cannot rename (403) nor edit outlets (403)', async () => {
    const rename = await control('client', 'rename', { who: 'dev', name: 'Mine now' });
    expect(rename.statusCode).toBe(403);
    const edit = await t.app.inject({
      method: 'POST',
      url: '/data-svc/devices/dataSvc.php?svc=updateOutlets',
      headers: { cookie: cookie('client'), origin: TEST_ORIGIN },
      payload: {
        siteId: world.siteId,
        devId: device.devId,
        devClass: device.devClass,
        outlets: [
          {
            devId: device.devId,
            devClass: device.devClass,
            info: [{ otltId: 1, lblId: 1, name: 'TV', state: 0 }],
          },
        ],
      },
    });
    expect(edit.statusCode).toBe(403);
  });

  it('a locked outlet refuses a toggle (409) but still cycles; a locked location refuses toggles', async () => {
    const toggle = await control('admin', 'setoutletstate', { otlt: '2', state: '0' });
    expect(toggle.statusCode).toBe(409);
    expect(toggle.json<{ error: string }>().error).toMatch(/locked/);
    // past the lock rules, the device is not connected (no broker in this test)
    const cycle = await control('admin', 'cycleoutlet', { otlt: '2' });
    expect(cycle.json()).toEqual({ error: 'The device link is not available. Please try again.' });
    const atLockedSite = await control(
      'admin',
      'setoutletstate',
      { otlt: '1', state: '1' },
      lockedSiteDevice,
      world.lockedSiteId,
    );
    expect(atLockedSite.statusCode).toBe(409);
    expect(atLockedSite.json<{ error: string }>().error).toBe(
      'Outlets at this location are locked and cannot be switched.',
    );
  });

  it('auto status update takes duration=900, or dur=300 for cv2/cv3, and refuses the other', async () => {
    const wrong = await control('admin', 'autostatusupdate', { dur: '300' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ error: string }>().error).toMatch(/takes duration=900, not dur/);
  });

  it('saves outlet labels and locks, refusing lock changes at a locked location', async () => {
    const edit = (who: Who, target: DevicePlan, siteId: string, state: 0 | 1) =>
      t.app.inject({
        method: 'POST',
        url: '/data-svc/devices/dataSvc.php?svc=updateOutlets',
        headers: { cookie: cookie(who), origin: TEST_ORIGIN },
        payload: {
          siteId,
          devId: target.devId,
          devClass: target.devClass,
          newDevName: 'Renamed Rack',
          outlets: [
            {
              devId: target.devId,
              devClass: target.devClass,
              info: [{ otltId: 1, lblId: 1, name: 'Projector', state }],
            },
          ],
        },
      });
    expect((await edit('admin', device, world.siteId, 1)).statusCode).toBe(200);
    const after = (await meta('admin')).json<DeviceMeta>();
    expect(after.devName).toBe('Renamed Rack');
    expect(after.outlets[0]).toMatchObject({ name1: 'Projector', locked: true });
    const frozen = await edit('admin', lockedSiteDevice, world.lockedSiteId, 1);
    expect(frozen.statusCode).toBe(409);
    expect((await edit('admin', lockedSiteDevice, world.lockedSiteId, 0)).statusCode).toBe(200);
  });

  it('lists the location devices with watch and mute; CLIENT and INSTALLER cannot mute', async () => {
    const watch = await get(
      'client',
      `/data-svc/watchManagement/data-svc.php?svc=addDevice&devId=${device.devId}`,
    );
    expect(watch.statusCode).toBe(200);
    const list = (
      await get(
        'client',
        `/data-svc/siteManagement/data-svc.php?svc=devList&siteId=${world.siteId}&detailed=true&withOutlets=true`,
      )
    ).json<DeviceList>();
    const kids = world.plan.reduce((n, p) => n + p.kids.length, 0);
    expect(list.totalRecords).toBe(world.plan.length + kids);
    const row = list.records.find((r) => r.devId === device.devId);
    expect(row).toMatchObject({ watched: true, muted: false, connected: false });
    expect(row?.outlets?.length).toBe(getDeviceSpec(device.devClass).outletCount);
    for (const who of ['client', 'installer'] as const) {
      const muted = await get(
        who,
        `/data-svc/mutesManagement/data-svc.php?svc=muteDevice&siteId=${world.siteId}&devId=${device.devId}`,
      );
      expect(muted.statusCode).toBe(403);
    }
    const muted = await get(
      'admin',
      `/data-svc/mutesManagement/data-svc.php?svc=muteDevice&siteId=${world.siteId}&devId=${device.devId}`,
    );
    expect(muted.json()).toEqual({ devId: device.devId, muted: true });
    const watched = (
      await get(
        'client',
        '/data-svc/locations/data-svc.php?svc=getWatchedDevices&pageNo=1&recordsPerPage=all',
      )
    ).json<DeviceList>();
    expect(watched.records.map((r) => r.devId)).toEqual([device.devId]);
  });

  it('watch is for any level at the device’s location; mute only ADMIN or owner; kids by parent; no leak', async () => {
    const parent = world.plan.find((p) => p.kids.length > 0);
    const kid = parent?.kids[0];
    if (!parent || !kid) throw new Error('plan has no device with kids');
    const send = (who: Who, area: string, fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/data-svc/${area}/data-svc.php?svc=${fields.svc}`,
        headers: {
          cookie: cookie(who),
          origin: TEST_ORIGIN,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams(fields).toString(),
      });
    const watch = (who: Who, devId: string, on = true) =>
      send(who, 'watchManagement', { svc: on ? 'addDevice' : 'deleteDevice', devId });
    const mute = (who: Who, fields: Record<string, string>, on = true) =>
      send(who, 'mutesManagement', { svc: on ? 'muteDevice' : 'unmuteDevice', ...fields });
    const flags = async (who: Who) =>
      (
        await get(
          who,
          `/data-svc/locations/data-svc.php?svc=getDeviceWatchedMutedDetails&siteId=${world.siteId}`,
        )
      ).json<DeviceWatchedMuted>().records;

    // every level at the location may watch, the kid too, and take it back
    for (const who of ['installer', 'client'] as const) {
      expect((await watch(who, kid.devId)).json()).toEqual({ devId: kid.devId, watched: true });
    }
    expect((await flags('installer')).find((r) => r.devId === kid.devId)).toEqual({
      devId: kid.devId,
      watched: true,
      muted: false,
    });
    expect((await watch('installer', kid.devId, false)).json()).toEqual({
      devId: kid.devId,
      watched: false,
    });
    expect((await flags('installer')).find((r) => r.devId === kid.devId)?.watched).toBe(false);

    // a stranger learns nothing: a device elsewhere answers as an unknown one
    const foreign = await watch('stranger', parent.devId);
    const unknown = await watch('stranger', 'ABCDEF654321');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    expect(unknown.statusCode).toBe(404);
    expect(
      (
        await get(
          'stranger',
          `/data-svc/locations/data-svc.php?svc=getDeviceWatchedMutedDetails&siteId=${world.siteId}`,
        )
      ).statusCode,
    ).toBe(403);

    // a kid is muted through its parent; the wrong parent or location is refused before any write
    const kidAt = { siteId: world.siteId, devId: kid.devId };
    for (const who of ['client', 'installer'] as const) {
      expect((await mute(who, { ...kidAt, parentDevId: parent.devId })).statusCode).toBe(403);
    }
    expect((await mute('admin', { ...kidAt, parentDevId: device.devId })).statusCode).toBe(404);
    expect((await mute('stranger', { ...kidAt, parentDevId: parent.devId })).statusCode).toBe(403);
    const elsewhere = await mute('stranger', {
      siteId: world.otherSiteId,
      devId: kid.devId,
      parentDevId: parent.devId,
    });
    expect(elsewhere.statusCode).toBe(404);
    expect((await flags('admin')).find((r) => r.devId === kid.devId)?.muted).toBe(false);
    const muted = await mute('admin', { ...kidAt, parentDevId: parent.devId });
    expect(muted.json()).toEqual({ devId: kid.devId, muted: true });
    expect((await flags('admin')).find((r) => r.devId === kid.devId)?.muted).toBe(true);
    expect((await flags('client')).find((r) => r.devId === kid.devId)?.muted).toBe(false);
    const unmuted = await mute('admin', { ...kidAt, parentDevId: parent.devId }, false);
    expect(unmuted.json()).toEqual({ devId: kid.devId, muted: false });
  });

  it('the stream needs a session and access to the device', async () => {
    const url = `/data-svc/eventPuller/getEvents.php?clientId=0&devClass=${device.devClass}&devId=${device.devId}&batch=yes`;
    expect((await get('nobody', url)).statusCode).toBe(401);
    expect((await get('stranger', url)).statusCode).toBe(403);
    const page = await get('admin', url);
    expect(page.statusCode).toBe(200);
    expect(page.json<LiveEventsPage>().events[0]?.event.type).toBe('resync');
  });
});
