import {
  type CommandResult,
  type DeviceStatusResponse,
  deviceTopic,
  getDeviceSpec,
} from '@powerdeck/domain';
import type { DevicePlan, Fleet } from '@powerdeck/simulator';
import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCommandEvents, deviceCommands } from '../../infra/db/schema';
import { deriveDeviceSecret } from '@powerdeck/domain/device-credentials';
import { type DeviceLink, connectDeviceLink } from '../../infra/mqtt/device-link';
import type { OpenedTestDatabase } from '../../test/databases';
import {
  type DeviceWorld,
  LiveClock,
  TEST_DEVICE_KEY,
  type TestBroker,
  buildDeviceWorld,
  clearRetained,
  startTestFleet,
  brokerDatabaseCases,
} from '../../test/devices';
import { SseClient, eventually } from '../../test/sse';
import { type TestApp, startTestApp } from '../../test/test-app';

const cases = await brokerDatabaseCases();

describe.each(cases)('device link on $name', ({ broker: brokerCase, database }) => {
  let broker: TestBroker;
  let opened: OpenedTestDatabase;
  let link: DeviceLink;
  let t: TestApp;
  let world: DeviceWorld;
  let fleet: Fleet;
  let base: string;
  /** Devices run by the fleet, and one left out that the tests drive by hand. */
  let running: DevicePlan[];
  let spare: DevicePlan;

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
        // a group of our own: other runs on the same Mosquitto must not take our messages
        ...(broker.enforcesAcl ? {} : { shareGroup: `test-${randomBytes(4).toString('hex')}` }),
        writer: { flushMs: 50 },
        heartbeatMs: 200,
      },
    });
    world = await buildDeviceWorld(opened.database, clock, { count: 12 });
    running = world.plan.slice(0, -1);
    spare = world.plan.at(-1) as DevicePlan;
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    fleet = startTestFleet(running, broker.url);
    await fleet.start();
    // A busy shared broker can take a while to let a dozen devices in.
    await eventually(() => (running.every((d) => contactOf(d.devId)) ? true : undefined), 45_000);
  });

  afterAll(async () => {
    await fleet?.stop();
    // a shared Mosquitto keeps retained messages: leave none of ours behind
    if (!broker?.enforcesAcl && world) await clearRetained(broker.url, world.plan);
    await t?.app.close();
    await link?.close();
    await opened?.dispose();
    await broker?.stop();
  });

  const contactOf = (devId: string) => t.app.devices.hub?.contactOf({ devId })?.online;
  /** A running device with outlets of its own, none of them locked but outlet 2. */
  const switchable = (n: number) => {
    const found = running.filter(
      (p) => p.kids.length === 0 && getDeviceSpec(p.devClass).outletCount >= 3,
    )[n];
    if (!found) throw new Error('no switchable device in the plan');
    return found;
  };
  const control = (device: DevicePlan, svc: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/data-svc/${device.devClass}.deviceControls/data-svc.php?svc=${svc}`,
      headers: { cookie: world.cookies.admin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        siteId: world.siteId,
        devClass: device.devClass,
        devId: device.devId,
        ...fields,
      }).toString(),
    });
  const view = (device: Pick<DevicePlan, 'devClass' | 'devId'>, svc: string, extra = '') =>
    t.app.inject({
      url: `/data-svc/deviceView/data-svc.php?svc=${svc}&siteId=${world.siteId}&devClass=${device.devClass}&devId=${device.devId}${extra}`,
      headers: { cookie: world.cookies.admin },
    });
  const commandState = async (device: DevicePlan, cmdId: string, state: string) =>
    eventually(async () => {
      const result = (await view(device, 'command', `&cmdId=${cmdId}`)).json<CommandResult>();
      return result.state === state ? result : undefined;
    });

  it('toggle → ack → status change → the change and the result reach an SSE stream', async () => {
    const device = switchable(0);
    const sse = await SseClient.open(
      `${base}/data-svc/eventPuller/eventPullerPusher.php?devClass=${device.devClass}&devId=${device.devId}&batch=yes`,
      { cookie: world.cookies.admin },
    );
    expect(sse.status).toBe(200);
    const was = fleet.get(device.devId)?.model.status().otlts[0] ?? false;
    const response = await control(device, 'setoutletstate', { otlt: '1', state: was ? '0' : '1' });
    expect(response.statusCode).toBe(200);
    const { cmdId, state } = response.json<CommandResult>();
    expect(state).toBe('sent');
    await sse.waitFor(
      (e) => e.event.type === 'command' && e.event.cmdId === cmdId && e.event.state === 'done',
    );
    await sse.waitFor((e) => e.event.type === 'status' && e.event.status.otlts[0] === !was);
    sse.close();
    await commandState(device, cmdId, 'done');
    await t.app.devices.tracker?.drain();
    const steps = await opened.database.db
      .select()
      .from(deviceCommandEvents)
      .where(eq(deviceCommandEvents.cmdId, cmdId));
    expect(steps.map((s) => s.state)).toEqual(['sent', 'acknowledged', 'done']);
    const [audit] = await opened.database.db
      .select()
      .from(deviceCommands)
      .where(eq(deviceCommands.id, cmdId));
    expect(audit).toMatchObject({ svc: 'setOutlet', actorKind: 'user', devId: device.devId });
  });

  it('a redelivered command runs once', async () => {
    const device = switchable(0);
    const simulated = fleet.get(device.devId);
    const executed = simulated?.commands.executed ?? 0;
    const response = await control(device, 'cycleoutlet', { otlt: '3' });
    const { cmdId } = response.json<CommandResult>();
    await commandState(device, cmdId, 'done');
    const [row] = await opened.database.db
      .select()
      .from(deviceCommands)
      .where(eq(deviceCommands.id, cmdId));
    const again = JSON.stringify({
      id: cmdId,
      svc: 'cycleOutlet',
      args: row?.args,
      expires: row?.expiresAt.getTime(),
    });
    await link.publish(deviceTopic({ devId: device.devId }, 'cmd'), again, 1);
    await link.publish(deviceTopic({ devId: device.devId }, 'cmd'), again, 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(simulated?.commands.executed).toBe(executed + 1);
  });

  it('an expired command never executes and is reported expired', async () => {
    const device = switchable(1);
    const simulated = fleet.get(device.devId);
    const executed = simulated?.commands.executed ?? 0;
    const tracker = t.app.devices.tracker;
    const sent = await tracker?.send({
      address: { devId: device.devId },
      svc: 'setOutlet',
      args: { otlt: 1, state: 1 },
      actor: { kind: 'api', id: null },
      ttlMs: 1,
    });
    await commandState(device, sent?.cmdId ?? '', 'expired');
    expect(simulated?.commands.executed).toBe(executed);
  });

  it('a device that refuses gives failed with its reason', async () => {
    const device = switchable(1);
    fleet.injectFault(device.devId, { kind: 'refuse-commands' });
    const { cmdId } = (await control(device, 'cycleoutlet', { otlt: '1' })).json<CommandResult>();
    const result = await commandState(device, cmdId, 'failed');
    expect(result.error).toBe('refused');
    fleet.get(device.devId)?.clearFaults();
  });

  it('a silent device times out as expired; an offline one is refused at once', async () => {
    const device = switchable(2);
    fleet.injectFault(device.devId, { kind: 'ignore-commands' });
    const sent = await t.app.devices.tracker?.send({
      address: { devId: device.devId },
      svc: 'findMe',
      args: {},
      actor: { kind: 'api', id: null },
      ttlMs: 300,
    });
    await commandState(device, sent?.cmdId ?? '', 'expired');
    fleet.injectFault(device.devId, { kind: 'offline' });
    await eventually(() => (contactOf(device.devId) === false ? true : undefined));
    const refused = await control(device, 'setoutletstate', { otlt: '1', state: '1' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'This device is currently inactive.' });
  });

  it('does not ingest a device writing outside its root, and survives bad JSON', async () => {
    const victim = switchable(0);
    const before = (await view(victim, 'status')).json<DeviceStatusResponse>();
    const rogue = await mqtt.connectAsync(broker.url, {
      clientId: spare.devId,
      username: spare.devId,
      password: deriveDeviceSecret(TEST_DEVICE_KEY, spare.devId),
      reconnectPeriod: 0,
    });
    rogue.on('error', () => undefined);
    const forged = JSON.stringify({
      devClass: victim.devClass,
      sysTime: 1,
      uptime: 1,
      name: 'forged',
      fwVer: '9.9.9',
      otlts: [false, false, false],
      interval: 30,
      voltage: 1,
    });
    // as if the victim were its kid: the server only writes a kid row under its own parent
    await rogue.publishAsync(
      deviceTopic({ devId: spare.devId, kidId: victim.devId }, 'status'),
      forged,
      { qos: 1 },
    );
    const dropped = t.app.devices.hub?.stats.dropped ?? 0;
    await rogue.publishAsync(deviceTopic({ devId: spare.devId }, 'status'), 'not json {', {
      qos: 1,
    });
    await eventually(() => ((t.app.devices.hub?.stats.dropped ?? 0) > dropped ? true : undefined));
    await rogue.publishAsync(deviceTopic({ devId: spare.devId }, 'status'), forged, { qos: 1 });
    await eventually(async () => {
      const status = (await view(spare, 'status')).json<DeviceStatusResponse>();
      return status.status?.name === 'forged' ? true : undefined;
    });
    if (broker.enforcesAcl) {
      // straight under the victim's root: the broker refuses it (and drops the connection)
      await Promise.race([
        rogue.publishAsync(deviceTopic({ devId: victim.devId }, 'status'), forged, { qos: 0 }),
        new Promise((r) => setTimeout(r, 300)),
      ]).catch(() => undefined);
    }
    await new Promise((r) => setTimeout(r, 300));
    const after = (await view(victim, 'status')).json<DeviceStatusResponse>();
    expect(after.status?.name).not.toBe('forged');
    expect(before.status?.name).not.toBe('forged');
    rogue.end(true);
  });

  it('bb232 sequenceonoff on the adapter sequences every attached sequencer', async () => {
    const adapter = running.find((p) => p.devClass === 'bb232' && p.kids.length > 0);
    if (!adapter) throw new Error('the plan has no bb232 with sequencers');
    const sequencers = (url: string) =>
      t.app.inject({
        url: `/data-svc/bb232/sequencers.php?${url}`,
        headers: { cookie: world.cookies.admin },
      });
    const off = await sequencers(`req=sequenceonoff&devId=${adapter.devId}&command=off`);
    expect(off.statusCode).toBe(200);
    const { records } = off.json<{ records: (CommandResult & { devId: string })[] }>();
    expect(records.map((r) => r.devId).sort()).toEqual(adapter.kids.map((k) => k.devId).sort());
    for (const record of records) {
      const kid = adapter.kids.find((k) => k.devId === record.devId);
      if (!kid) throw new Error('unknown sequencer');
      const done = await eventually(async () => {
        const result = (await view(kid, 'command', `&cmdId=${record.cmdId}`)).json<CommandResult>();
        return result.state === 'done' || result.state === 'failed' ? result : undefined;
      }, 20_000);
      expect(done.state).toBe('done');
    }
    const unit = fleet.get(adapter.devId)?.model.kids[0];
    expect(unit?.status().otlts.every((on) => !on)).toBe(true);

    const stranger = await sequencers(
      `req=sequenceonoff&devId=${adapter.devId}&command=on&sequencerid=ABCDEF123456`,
    );
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toMatchObject({
      error: 'Sequencer ABCDEF123456 is not attached to this adapter.',
    });
    const bad = await sequencers(`req=sequenceonoff&devId=${adapter.devId}&command=maybe`);
    expect(bad.statusCode).toBe(400);
  });

  it('ends the stream of a session revoked, at its next heartbeat', async () => {
    const device = switchable(0);
    const fresh = await buildDeviceWorld(opened.database, new LiveClock(), { count: 1 });
    const sse = await SseClient.open(
      `${base}/data-svc/eventPuller/eventPullerPusher.php?devId=${fresh.plan[0]?.devId}`,
      { cookie: fresh.cookies.admin },
    );
    expect(sse.status).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/data-svc/auth/data-svc.php?svc=logout',
      headers: { cookie: fresh.cookies.admin, origin: 'http://console.test' },
    });
    await sse.waitForEnd(3_000);
    expect(device.devId).toBeTruthy();
  });
});
