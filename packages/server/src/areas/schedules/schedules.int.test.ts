import {
  type DeviceClass,
  type ScheduleFire,
  type ScheduleList,
  getDeviceSpec,
  locationZone,
  nextFire,
  scheduleActionsOf,
  validationMessages,
} from '@powerdeck/domain';
import type { DevicePlan } from '@powerdeck/simulator';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCommands } from '../../infra/db/schema';
import { scheduleEvents, scheduleFires, schedules } from '../../infra/db/schema-schedules';
import { type OpenedTestDatabase, testDatabases } from '../../test/databases';
import { type DeviceWorld, buildDeviceWorld } from '../../test/devices';
import { type TestApp, startTestApp } from '../../test/test-app';
import { controlMessages } from '../devices/device-control.service';
import { scheduleErrors } from './schedules.service';
import { scheduleCalls } from './schedule-test-calls';

describe.each(testDatabases())('scheduled commands: calls and rules on $name', (testDb) => {
  let opened: OpenedTestDatabase;
  let t: TestApp;
  let world: DeviceWorld;
  let calls: ReturnType<typeof scheduleCalls>;
  /** A device of the location with outlets of its own (outlet 2 locked, as every device's). */
  let device: DevicePlan;

  const deviceWhere = (test: (devClass: DeviceClass) => boolean) => {
    const all = world.plan.flatMap((p) => [p, ...p.kids]);
    const found = all.find((p) => test(p.devClass));
    if (!found) throw new Error('the plan has no such device');
    return found;
  };

  beforeAll(async () => {
    opened = await testDb.open();
    t = await startTestApp(opened.database);
    world = await buildDeviceWorld(opened.database, t.clock, { count: 16 });
    calls = scheduleCalls(t.app, world);
    device = world.plan.find(
      (p) => p.kids.length === 0 && getDeviceSpec(p.devClass).outletCount >= 3,
    ) as DevicePlan;
  });
  afterAll(async () => {
    await t.app.close();
    await opened.dispose();
  });

  const nightly = () => ({
    siteId: world.siteId,
    name: 'Nightly cycle',
    targets: [
      { devId: device.devId, otlt: 1 },
      { devId: device.devId, otlt: 3 },
    ],
    action: 'cycle',
    time: '02:30',
    dayMask: 127,
  });
  const eventsOf = (scheduleId: number) =>
    opened.database.db
      .select()
      .from(scheduleEvents)
      .where(eq(scheduleEvents.scheduleId, scheduleId))
      .orderBy(asc(scheduleEvents.id));

  it('an ADMIN adds a schedule; any level lists it with names, creator, next firing and zone', async () => {
    const created = await calls.post('admin', 'createSchedule', nightly());
    expect(created.statusCode).toBe(200);
    const { id } = created.json<{ id: number }>();
    const list = await calls.list('client');
    expect(list.statusCode).toBe(200);
    const body = list.json<ScheduleList>();
    expect(body.zone).toEqual({ timezone: '-8.00', dst: false });
    const record = body.records.find((r) => r.id === id);
    // the location runs at GMT-8 all year: 02:30 there is 10:30 UTC, the day after 12:00 UTC
    const expected = nextFire(
      { time: '02:30', dayMask: 127 },
      locationZone('-8.00', false),
      t.clock.now(),
    );
    expect(expected?.toISOString()).toBe('2024-05-02T10:30:00.000Z');
    expect(record).toMatchObject({
      name: 'Nightly cycle',
      action: 'cycle',
      enabled: true,
      nextFire: expected?.getTime(),
      lastFire: null,
      createdBy: { kind: 'user' },
      targets: [
        { devId: device.devId, devName: device.name, otlt: 1, outletName: 'Outlet 1' },
        { devId: device.devId, devClass: device.devClass, otlt: 3, outletName: 'Outlet 3' },
      ],
    });
    expect(record?.createdBy.name).toMatch(/^admin/);
    const events = await eventsOf(id);
    expect(events.map((e) => [e.kind, e.actorKind, e.scheduleName])).toEqual([
      ['added', 'user', 'Nightly cycle'],
    ]);
  });

  it('lists for a device the schedules touching it or its kids', async () => {
    const parent = world.plan.find((p) =>
      p.kids.some((k) => getDeviceSpec(k.devClass).outletCount > 0),
    ) as DevicePlan;
    const kid = parent.kids.find((k) => getDeviceSpec(k.devClass).outletCount > 0) as DevicePlan;
    const created = await calls.post('admin', 'createSchedule', {
      ...nightly(),
      name: 'Kid off',
      action: 'off',
      targets: [{ devId: kid.devId, otlt: 1 }],
    });
    expect(created.statusCode).toBe(200);
    const forParent = (await calls.list('admin', parent.devId)).json<ScheduleList>();
    expect(forParent.records.map((r) => r.name)).toEqual(['Kid off']);
    expect(forParent.records[0]?.targets[0]).toMatchObject({
      devId: kid.devId,
      parentDevId: parent.devId,
      parentDevClass: parent.devClass,
    });
    const forOther = (await calls.list('admin', device.devId)).json<ScheduleList>();
    expect(forOther.records.map((r) => r.name)).not.toContain('Kid off');
  });

  it('CLIENT may list but every change is refused with 403; INSTALLER may change', async () => {
    const { id } = (await calls.post('admin', 'createSchedule', nightly())).json<{ id: number }>();
    const ref = { siteId: world.siteId, id };
    const refusals = await Promise.all([
      calls.post('client', 'createSchedule', nightly()),
      calls.post('client', 'editSchedule', { ...nightly(), id }),
      calls.post('client', 'setScheduleEnabled', { ...ref, enabled: false }),
      calls.post('client', 'deleteSchedule', ref),
      calls.post('client', 'runSchedule', ref),
    ]);
    for (const response of refusals) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: scheduleErrors.clientRefused });
    }
    expect((await eventsOf(id)).map((e) => e.kind)).toEqual(['added']);
    expect((await calls.post('installer', 'editSchedule', { ...nightly(), id })).statusCode).toBe(
      200,
    );
  });

  it('refuses another location as every area does, and its schedules are not found', async () => {
    const { id } = (await calls.post('admin', 'createSchedule', nightly())).json<{ id: number }>();
    const foreign = await calls.list('stranger');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ error: "You don't have permission to access this location." });
    expect((await calls.post('stranger', 'createSchedule', nightly())).statusCode).toBe(403);
    // at the stranger's own location, the id of a schedule elsewhere names nothing
    const elsewhere = { siteId: world.otherSiteId, id };
    for (const svc of ['deleteSchedule', 'runSchedule'] as const) {
      const response = await calls.post('stranger', svc, elsewhere);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: scheduleErrors.notFound });
    }
    const edit = await calls.post('stranger', 'editSchedule', {
      ...nightly(),
      ...elsewhere,
      targets: [{ devId: device.devId, otlt: 1 }],
    });
    expect(edit.statusCode).toBe(404);
    const [row] = await opened.database.db.select().from(schedules).where(eq(schedules.id, id));
    expect(row).toMatchObject({ version: 1, enabled: true });
  });

  it('bad input is a 400 naming the field and the device', async () => {
    const bad = async (body: Record<string, unknown>) => {
      const response = await calls.post('admin', 'createSchedule', { ...nightly(), ...body });
      expect(response.statusCode).toBe(400);
      return response.json<{ error: string; fields?: Record<string, string> }>();
    };
    const twice = await bad({
      targets: [
        { devId: device.devId, otlt: 1 },
        { devId: device.devId.toLowerCase(), otlt: 1 },
      ],
    });
    expect(twice.fields?.['targets.1']).toBe(validationMessages.duplicateOutlet);
    const count = getDeviceSpec(device.devClass).outletCount;
    const beyond = await bad({ targets: [{ devId: device.devId, otlt: count + 1 }] });
    expect(beyond.error).toBe(`${device.name}: Outlet ${count + 1} does not exist on this device.`);
    expect(beyond.fields).toEqual({ 'targets.0.otlt': beyond.error });
    const noReboot = await bad({ action: 'reboot', targets: [{ devId: device.devId }] });
    expect(noReboot.error).toBe(
      `${device.name}: Reboot is not available for ${getDeviceSpec(device.devClass).displayName}.`,
    );
    const card = deviceWhere((c) => getDeviceSpec(c).panels.reboot);
    expect(
      (
        await calls.post('admin', 'createSchedule', {
          ...nightly(),
          action: 'reboot',
          targets: [{ devId: card.devId }],
        })
      ).statusCode,
    ).toBe(200);
    const noOutlets = await bad({ action: 'off', targets: [{ devId: card.devId }] });
    expect(noOutlets.error).toMatch(/has no outlets of its own/);
    const plain = deviceWhere((c) => !getDeviceSpec(c).takesSequence);
    const noSequence = await bad({ action: 'sequenceOn', targets: [{ devId: plain.devId }] });
    expect(noSequence.error).toBe(
      `${plain.name}: Sequence on/off is not available for ${getDeviceSpec(plain.devClass).displayName}.`,
    );
    // a CN sequencer has no sequence group, but its bb232 runs its sequence, as on a click
    const sequencer = deviceWhere(
      (c) => getDeviceSpec(c).takesSequence && getDeviceSpec(c).sequence === null,
    );
    expect(scheduleActionsOf(sequencer.devClass)).toContain('sequenceOff');
    expect(
      (
        await calls.post('admin', 'createSchedule', {
          ...nightly(),
          action: 'sequenceOff',
          targets: [{ devId: sequencer.devId }],
        })
      ).statusCode,
    ).toBe(200);
    const other = await bad({ targets: [{ devId: 'ABCDEF012345', otlt: 1 }] });
    expect(other.error).toBe('Device ABCDEF012345 is not at this location.');
    expect((await bad({ targets: [] })).error).toBe('Please select a device');
    expect((await bad({ time: '24:00' })).error).toBe('Please enter a time');
    expect((await bad({ dayMask: 0 })).error).toBe('Please select at least one day');
    expect((await bad({ startDate: '2024-06-02', endDate: '2024-06-01' })).fields).toMatchObject({
      endDate: 'End date can not be before start date',
    });
  });

  it('a change is a new version and an event; disabled has no next firing; delete keeps the log', async () => {
    const { id } = (await calls.post('admin', 'createSchedule', nightly())).json<{ id: number }>();
    const ref = { siteId: world.siteId, id };
    const edited = await calls.post('admin', 'editSchedule', { ...nightly(), id, time: '03:15' });
    expect(edited.statusCode).toBe(200);
    const nextOf = async () =>
      (await calls.list('admin')).json<ScheduleList>().records.find((r) => r.id === id)?.nextFire;
    expect(new Date((await nextOf()) ?? 0).toISOString()).toBe('2024-05-02T11:15:00.000Z');
    await calls.post('admin', 'setScheduleEnabled', { ...ref, enabled: 'false' });
    expect(await nextOf()).toBeNull();
    await calls.post('admin', 'setScheduleEnabled', { ...ref, enabled: true });
    expect(new Date((await nextOf()) ?? 0).toISOString()).toBe('2024-05-02T11:15:00.000Z');
    const [row] = await opened.database.db.select().from(schedules).where(eq(schedules.id, id));
    expect(row?.version).toBe(4);
    expect((await calls.post('admin', 'deleteSchedule', ref)).statusCode).toBe(200);
    expect((await calls.post('admin', 'deleteSchedule', ref)).statusCode).toBe(404);
    expect((await eventsOf(id)).map((e) => e.kind)).toEqual([
      'added',
      'edited',
      'disabled',
      'enabled',
      'deleted',
    ]);
  });

  it('Run now sends nothing a click could not: each target skipped with the reason, failed', async () => {
    const { id } = (
      await calls.post('admin', 'createSchedule', {
        ...nightly(),
        action: 'off',
        targets: [
          { devId: device.devId, otlt: 1 },
          { devId: device.devId, otlt: 2 },
        ],
      })
    ).json<{ id: number }>();
    const run = await calls.post('installer', 'runSchedule', { siteId: world.siteId, id });
    expect(run.statusCode).toBe(200);
    // this app has no device link; outlet 2 is locked, which a click is refused for first
    expect(run.json<ScheduleFire>()).toMatchObject({
      dueAt: null,
      outcome: 'failed',
      targets: [
        { devId: device.devId, otlt: 1, result: 'skipped', error: controlMessages.noHub },
        { devId: device.devId, otlt: 2, result: 'skipped', error: controlMessages.outletLocked },
      ],
    });
    const fires = await opened.database.db
      .select()
      .from(scheduleFires)
      .where(eq(scheduleFires.scheduleId, id));
    expect(fires.map((f) => [f.kind, f.dueAt])).toEqual([['failed', null]]);
    const events = await eventsOf(id);
    expect(events.at(-1)).toMatchObject({
      kind: 'failed',
      actorKind: 'user',
      fireId: fires[0]?.id,
    });
    const sent = await opened.database.db
      .select()
      .from(deviceCommands)
      .where(eq(deviceCommands.actorId, String(id)));
    expect(sent).toEqual([]);
    const listed = (await calls.list('client')).json<ScheduleList>();
    expect(listed.records.find((r) => r.id === id)?.lastFire?.outcome).toBe('failed');
  });

  it('a new time zone or DST setting of the location moves the next firings', async () => {
    const { id } = (await calls.post('admin', 'createSchedule', nightly())).json<{ id: number }>();
    const saved = await t.app.inject({
      method: 'POST',
      url: `/data-svc/siteManagement/data-svc.php?svc=settings&siteId=${world.siteId}`,
      headers: { cookie: world.cookies.admin, origin: 'http://console.test' },
      payload: {
        locationName: 'Device Test Site',
        installationDate: '',
        timezone: '1.00',
        dst: 'yes',
        address: '',
        address2: '',
        city: '',
        region: '',
        country: 'USA',
        zipCode: '',
        devViewPref: 'outlet_controls',
      },
    });
    expect(saved.statusCode).toBe(200);
    const list = (await calls.list('admin')).json<ScheduleList>();
    expect(list.zone).toEqual({ timezone: '1.00', dst: true });
    // Berlin keeps summer time in May (GMT+2): 02:30 there is 00:30 UTC
    const record = list.records.find((r) => r.id === id);
    expect(new Date(record?.nextFire ?? 0).toISOString()).toBe('2024-05-02T00:30:00.000Z');
    const [row] = await opened.database.db.select().from(schedules).where(eq(schedules.id, id));
    expect(row?.nextFireAt?.toISOString()).toBe('2024-05-02T00:30:00.000Z');
  });
});
