import {
  type CommandResult,
  type DeviceClass,
  type DeviceEvent,
  type DeviceMeta,
  type DeviceSettingsRead,
  deviceSettingsMessages,
  deviceTopic,
  factorySettings,
  getDeviceSpec,
} from '@powerdeck/domain';
import {
  type DevicePlan,
  type Fleet,
  TOP_LEVEL_CLASSES,
  realScheduler,
} from '@powerdeck/simulator';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCommandEvents, deviceCommands, devices } from '../../infra/db/schema';
import { type DeviceLink, connectDeviceLink } from '../../infra/mqtt/device-link';
import { type OpenedTestDatabase, testDatabases } from '../../test/databases';
import {
  type DeviceWorld,
  LiveClock,
  type TestBroker,
  buildDeviceWorld,
  startTestFleet,
  testBrokers,
} from '../../test/devices';
import { eventually } from '../../test/sse';
import { type TestApp, TEST_ORIGIN, startTestApp } from '../../test/test-app';
import { controlMessages } from './device-control.service';
import { DeviceSettingsRepository } from './device-settings.repository';

const [embedded] = await testBrokers();

/** The seeded sequence group of the vt1512: outlets 4, 2, 7 in that order. */
const SEEDED = { sequenceGroup: '4,2,7', sequenceDelays: '0,0.3,0.3', cycleGroup: '1,2' };

describe.each(testDatabases())('device settings on a simulated fleet on $name', (testDb) => {
  let broker: TestBroker;
  let opened: OpenedTestDatabase;
  let link: DeviceLink;
  let watcher: DeviceLink;
  let t: TestApp;
  let world: DeviceWorld;
  let fleet: Fleet;
  /** Devices run by the fleet; the last plan entry stays unplugged. */
  let running: DevicePlan[];
  let unplugged: DevicePlan;
  const clock = new LiveClock();
  const heardEvents: { devId: string; event: DeviceEvent }[] = [];

  const deviceOf = (devClass: DeviceClass) => {
    const found = running.find((p) => p.devClass === devClass);
    if (!found) throw new Error(`the plan runs no ${devClass}`);
    return found;
  };

  beforeAll(async () => {
    if (!embedded) throw new Error('no embedded broker');
    broker = await embedded.start();
    opened = await testDb.open();
    const connect = () =>
      connectDeviceLink({
        url: broker.url,
        ...(broker.serviceToken ? { serviceToken: broker.serviceToken } : {}),
      });
    link = await connect();
    t = await startTestApp(opened.database, {
      clock,
      devices: {
        link,
        writer: { flushMs: 50 },
        heartbeatMs: 200,
        settingsTimes: { readTtlMs: 800, saveTtlMs: 800 },
      },
    });
    // every class reached on its own, then the first ones again up to a vt1512 left unplugged
    world = await buildDeviceWorld(opened.database, clock, {
      count: TOP_LEVEL_CLASSES.length + TOP_LEVEL_CLASSES.indexOf('vt1512') + 1,
    });
    running = world.plan.slice(0, -1);
    unplugged = world.plan.at(-1) as DevicePlan;
    // the vt1512 was installed with a group of its own: the device and the console know it
    const vt = deviceOf('vt1512');
    vt.settings = SEEDED;
    await new DeviceSettingsRepository(opened.database.db).store(vt.devId, SEEDED, clock.now());
    watcher = await connect();
    watcher.onMessage((topic, payload) => {
      const devId = topic.split('/')[2] ?? '';
      heardEvents.push({ devId, event: JSON.parse(payload.toString()) as DeviceEvent });
    });
    await watcher.subscribe([deviceTopic({ devId: vt.devId }, 'event')]);
    fleet = startTestFleet(running, broker.url, {
      now: () => clock.now().getTime(),
      after: (delayMs, run) => realScheduler.after(delayMs, run),
    });
    await fleet.start();
    const heard = (devId: string) => t.app.devices.hub?.contactOf({ devId })?.online;
    await eventually(() => (running.every((d) => heard(d.devId)) ? true : undefined), 45_000);
  });
  afterAll(async () => {
    await fleet?.stop();
    await t?.app.close();
    await watcher?.close();
    await link?.close();
    await opened?.dispose();
    await broker?.stop();
  });

  type Who = keyof DeviceWorld['cookies'];
  const target = (device: Pick<DevicePlan, 'devClass' | 'devId'>, siteId = world.siteId) =>
    `siteId=${siteId}&devClass=${device.devClass}&devId=${device.devId}`;
  const read = (who: Who, device: Pick<DevicePlan, 'devClass' | 'devId'>, siteId?: string) =>
    t.app.inject({
      url: `/data-svc/settingsManagement/dataSvc.php?svc=getDeviceSettings&${target(device, siteId)}`,
      headers: { cookie: world.cookies[who] },
    });
  const save = (
    who: Who,
    device: Pick<DevicePlan, 'devClass' | 'devId'>,
    settings: Record<string, unknown>,
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/data-svc/settingsManagement/dataSvc.php?svc=saveDeviceSettings',
      headers: { cookie: world.cookies[who], origin: TEST_ORIGIN },
      payload: {
        siteId: world.siteId,
        devClass: device.devClass,
        devId: device.devId,
        settings,
      },
    });
  const view = (device: Pick<DevicePlan, 'devClass' | 'devId'>, svc: string, extra = '') =>
    t.app.inject({
      url: `/data-svc/deviceView/data-svc.php?svc=${svc}&${target(device)}${extra}`,
      headers: { cookie: world.cookies.admin },
    });
  const finalState = (device: DevicePlan, cmdId: string) =>
    eventually(async () => {
      const result = (await view(device, 'command', `&cmdId=${cmdId}`)).json<CommandResult>();
      return result.state === 'sent' || result.state === 'acknowledged' ? undefined : result;
    });
  const stored = async (devId: string) => {
    const [row] = await opened.database.db
      .select({ info: devices.info, devName: devices.devName })
      .from(devices)
      .where(eq(devices.devId, devId));
    return {
      settings: row?.info.settings as Record<string, unknown> | undefined,
      name: row?.devName,
    };
  };
  const stepsOf = async (cmdId: string) => {
    await t.app.devices.tracker?.drain();
    const steps = await opened.database.db
      .select()
      .from(deviceCommandEvents)
      .where(eq(deviceCommandEvents.cmdId, cmdId));
    return steps.map((s) => s.state);
  };

  it('reads the settings from the device, keeps them, and logs the read as a command', async () => {
    const device = deviceOf('vt4315');
    const response = await read('client', device);
    expect(response.statusCode).toBe(200);
    const body = response.json<DeviceSettingsRead>();
    const spec = getDeviceSpec('vt4315');
    expect(body).toMatchObject({ source: 'device', connected: true, devId: device.devId });
    expect(body.settings).toMatchObject({
      ...factorySettings(spec),
      // the test fleet's fast timing: what the device really has, not what the catalog assumes
      cycleOffSec: 0.2,
      name: device.name,
    });
    expect((await stored(device.devId)).settings).toMatchObject({ cycleOffSec: 0.2 });
    const legacy = await t.app.inject({
      url: `/data-svc/settingsManagement/devGet.php?devClass=vt4315&devId=${device.devId}`,
      headers: { cookie: world.cookies.client },
    });
    expect(legacy.json<{ settings: Record<string, unknown> }>().settings).toMatchObject({
      cycleGroup: '1,2,3,4,5,6,7,8',
    });
    const [audit] = await opened.database.db
      .select()
      .from(deviceCommands)
      .where(eq(deviceCommands.devId, device.devId));
    expect(audit).toMatchObject({ svc: 'settings', args: { values: {} }, actorKind: 'user' });
  });

  it('saves a change as a settings command, and keeps it once the device acknowledged it', async () => {
    const device = deviceOf('dc12ip');
    const response = await save('installer', device, {
      name: 'Camera power',
      cycleGroup: [3, 5],
      cycleOffSec: 2,
      sequenceGroup: [
        { otlt: 6, delaySec: 0 },
        { otlt: 1, delaySec: 1.5 },
      ],
    });
    expect(response.statusCode).toBe(200);
    const { cmdId, state } = response.json<CommandResult>();
    expect(state).toBe('sent');
    expect(await finalState(device, cmdId)).toEqual({ cmdId, state: 'done' });
    expect(await stepsOf(cmdId)).toEqual(['sent', 'acknowledged', 'done']);
    const [audit] = await opened.database.db
      .select()
      .from(deviceCommands)
      .where(eq(deviceCommands.id, cmdId));
    expect(audit?.args).toEqual({
      values: {
        name: 'Camera power',
        cycleGroup: '3,5',
        cycleOffSec: 2,
        sequenceGroup: '6,1',
        sequenceDelays: '0,1.5',
      },
    });
    await eventually(async () =>
      (await stored(device.devId)).name === 'Camera power' ? true : undefined,
    );
    expect((await stored(device.devId)).settings).toMatchObject({
      cycleGroup: '3,5',
      sequenceGroup: '6,1',
    });
    const meta = (await view(device, 'meta')).json<DeviceMeta>();
    expect(meta).toMatchObject({ cycGrp: [3, 5], seqGrp: [6, 1], devName: 'Camera power' });
    // the device has them too: a read answers them from it
    const again = (await read('admin', device)).json<DeviceSettingsRead>();
    expect(again).toMatchObject({ source: 'device' });
    expect(again.settings).toMatchObject({ cycleGroup: [3, 5], cycleOffSec: 2 });
  });

  it('a change the device refuses is failed with its reason and not kept', async () => {
    const device = deviceOf('m4000');
    await read('admin', device);
    const before = await stored(device.devId);
    const unreachable = await save('admin', device, {
      clockSource: 'ntp',
      ntpServer: 'time.example.invalid',
      timezone: '1.00',
    });
    expect(unreachable.statusCode).toBe(200);
    const failed = await finalState(device, unreachable.json<CommandResult>().cmdId);
    expect(failed).toMatchObject({
      state: 'failed',
      error: 'invalid: ntpServer time.example.invalid does not answer',
    });
    fleet.injectFault(device.devId, { kind: 'refuse-commands' });
    const refused = await save('admin', device, { statusIntervalSec: 10 });
    expect(await finalState(device, refused.json<CommandResult>().cmdId)).toMatchObject({
      state: 'failed',
      error: 'refused',
    });
    fleet.get(device.devId)?.clearFaults();
    expect(await stored(device.devId)).toEqual(before);
    const now = (await read('admin', device)).json<DeviceSettingsRead>();
    expect(now.settings).toMatchObject({ ntpServer: 'pool.ntp.org', statusIntervalSec: 30 });
  });

  it('a change the device does not answer stays pending, then expires, and is not kept', async () => {
    const device = deviceOf('c3ip');
    await read('admin', device);
    const before = await stored(device.devId);
    fleet.injectFault(device.devId, { kind: 'ignore-commands' });
    const response = await save('admin', device, { powerOn: ['off', 'off', 'on'] });
    const { cmdId } = response.json<CommandResult>();
    const pending = (await view(device, 'command', `&cmdId=${cmdId}`)).json<CommandResult>();
    expect(pending.state).toBe('sent');
    expect(await stored(device.devId)).toEqual(before);
    expect(await finalState(device, cmdId)).toEqual({ cmdId, state: 'expired' });
    // a read it does not answer gives what it last reported
    const silent = (await read('admin', device)).json<DeviceSettingsRead>();
    expect(silent).toMatchObject({ source: 'stored', connected: true });
    expect(silent.settings?.powerOn).toEqual(['last', 'last', 'last']);
    fleet.get(device.devId)?.clearFaults();
    expect(await stored(device.devId)).toEqual(before);
  });

  it('CLIENT reads but may not save (403); another location is 403; an inactive device 409', async () => {
    const device = deviceOf('sm3');
    const refused = await save('client', device, { statusIntervalSec: 10 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: deviceSettingsMessages.refused });
    expect((await read('client', device)).statusCode).toBe(200);
    const foreign = await read('stranger', device);
    expect(foreign.statusCode).toBe(403);
    expect((await read('stranger', device, world.otherSiteId)).statusCode).toBe(404);
    expect((await save('stranger', device, { statusIntervalSec: 10 })).statusCode).toBe(403);
    const noSession = await t.app.inject({
      url: `/data-svc/settingsManagement/dataSvc.php?svc=getDeviceSettings&${target(device)}`,
    });
    expect(noSession.statusCode).toBe(401);
    const offline = await save('admin', unplugged, { statusIntervalSec: 10 });
    expect(offline.statusCode).toBe(409);
    expect(offline.json()).toEqual({ error: controlMessages.inactive });
    // never heard from: nothing is known of its settings
    expect((await read('admin', unplugged)).json<DeviceSettingsRead>()).toMatchObject({
      source: 'none',
      connected: false,
      settings: null,
    });
  });

  it('bad input is a 400 naming the field, before anything is sent', async () => {
    const device = deviceOf('vt1512');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ statusIntervalSec: 600 }, 'statusIntervalSec', 'Maximum value allowed is 60'],
      [{ statusIntervalSec: 'soon' }, 'settings.statusIntervalSec', 'Please enter numeric value'],
      [{ cycleGroup: [1, 13] }, 'cycleGroup.1', 'This outlet does not exist on this device'],
      [{ powerOn: ['on'] }, 'powerOn', 'Please choose a power-on state for each of the 12 outlets'],
      [{ clockSource: 'ntp', ntpServer: '' }, 'ntpServer', 'Please enter the NTP server'],
      [{ events: ['battery'] }, 'events.0', 'This device does not report this type of event'],
    ];
    for (const [settings, field, message] of cases) {
      const response = await save('admin', device, settings);
      expect(response.statusCode, field).toBe(400);
      const body = response.json<{ error: string; fields?: Record<string, string> }>();
      expect(body.fields?.[field] ?? body.error, field).toBe(message);
    }
    const empty = await save('admin', device, {});
    expect(empty.json()).toEqual({ error: deviceSettingsMessages.nothingToSave });
    // a kid keeps its parent's clock
    const card = running.find(
      (p) => p.kids.length > 0 && getDeviceSpec(p.devClass).family === 'cv',
    );
    const kid = card?.kids[0];
    if (!card || !kid) throw new Error('the plan has no card with a kid');
    const kidSave = await t.app.inject({
      method: 'POST',
      url: '/data-svc/settingsManagement/dataSvc.php?svc=saveDeviceSettings',
      headers: { cookie: world.cookies.admin, origin: TEST_ORIGIN },
      payload: {
        siteId: world.siteId,
        devClass: card.devClass,
        devId: kid.devId,
        kidClass: kid.devClass,
        parentDevId: card.devId,
        settings: { clockSource: 'console' },
      },
    });
    expect(kidSave.statusCode).toBe(400);
    expect(kidSave.json<{ fields: Record<string, string> }>().fields.clockSource).toBe(
      `Not a setting of the ${getDeviceSpec(kid.devClass).displayName}`,
    );
    // firmware 1.0.0 takes a cycle group of outlets 1-8 only
    await opened.database.db
      .update(devices)
      .set({ fwVer: '1.0.0' })
      .where(eq(devices.devId, unplugged.devId));
    expect(unplugged.devClass).toBe('vt1512');
    const old = await save('admin', unplugged, { cycleGroup: [9] });
    expect(old.json<{ fields: Record<string, string> }>().fields['cycleGroup.0']).toBe(
      'On firmware 1.0.0 the cycle group takes outlets 1-8 only',
    );
  });

  it('Sequence Off and On on the seeded vt1512 switch its group, in its order', async () => {
    const device = deviceOf('vt1512');
    const meta = (await view(device, 'meta')).json<DeviceMeta>();
    expect(meta.seqGrp).toEqual([4, 2, 7]);
    const control = async (state: '0' | '1') => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/data-svc/vt1512.deviceControls/data-svc.php?svc=sequence',
        headers: {
          cookie: world.cookies.admin,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams({
          siteId: world.siteId,
          devClass: device.devClass,
          devId: device.devId,
          state,
        }).toString(),
      });
      expect(response.statusCode).toBe(200);
      return finalState(device, response.json<CommandResult>().cmdId);
    };
    const outletEvents = () =>
      heardEvents
        .filter((h) => h.devId === device.devId && h.event.type === 'outlet')
        .map((h) => [h.event.outlet, h.event.value]);
    heardEvents.length = 0;
    expect(await control('0')).toMatchObject({ state: 'done' });
    await eventually(() => (outletEvents().length === 3 ? true : undefined));
    expect(outletEvents()).toEqual([
      [7, 0],
      [2, 0],
      [4, 0],
    ]);
    heardEvents.length = 0;
    expect(await control('1')).toMatchObject({ state: 'done' });
    await eventually(() => (outletEvents().length === 3 ? true : undefined));
    expect(outletEvents()).toEqual([
      [4, 1],
      [2, 1],
      [7, 1],
    ]);
    const states = fleet.get(device.devId)?.model.outletStates() ?? [];
    expect(states.every(Boolean)).toBe(true);
  });
});
