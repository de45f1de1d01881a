import {
  type AlertsList,
  type DeviceDiscovery,
  type DevicePing,
  type DiscoveryRun,
  type EventPage,
  type LocationNetwork,
  type NetworkDevice,
  type NetworkOutlet,
  type PingTarget,
  discoveryReasonTexts,
  networkMessages,
} from '@powerdeck/domain';
import {
  type DevicePlan,
  Fleet,
  MAC_PREFIX,
  TEST_TIMING,
  realScheduler,
} from '@powerdeck/simulator';
import { deriveDeviceSecret } from '@powerdeck/domain/device-credentials';
import { and, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCommands, devices, outlets } from '../../infra/db/schema';
import { type DeviceLink, connectDeviceLink } from '../../infra/mqtt/device-link';
import type { OpenedTestDatabase } from '../../test/databases';
import {
  type DeviceWorld,
  LiveClock,
  TEST_DEVICE_KEY,
  type TestBroker,
  brokerDatabaseCases,
  buildDeviceWorld,
  clearRetained,
  insertPlan,
} from '../../test/devices';
import { eventually } from '../../test/sse';
import { TEST_ORIGIN, type TestApp, startTestApp } from '../../test/test-app';
import { scheduleCalls } from '../schedules/schedule-test-calls';
import { discoveryErrors } from './discovery.service';
import { networkErrors } from './network.service';

const cases = await brokerDatabaseCases();

const hex = (bytes: number) => randomBytes(bytes).toString('hex').toUpperCase();
const unit = (devClass: DevicePlan['devClass'], name: string) => ({
  devId: hex(6),
  devClass,
  name,
  seed: randomBytes(4).readUInt32BE() % 2 ** 31,
});
const device = (
  devClass: DevicePlan['devClass'],
  name: string,
  extra: Partial<DevicePlan> = {},
): DevicePlan => ({ ...unit(devClass, name), devId: MAC_PREFIX + hex(3), kids: [], ...extra });

/** A target as the editor sends it. */
const target = (host: string, patch: Partial<PingTarget> = {}): PingTarget => ({
  host,
  window: 'Fast',
  action: 'none',
  outlets: [],
  maxReboots: 3,
  holdOffSec: 300,
  ...patch,
});

describe.each(cases)('network management on $name', ({ broker: brokerCase, database }) => {
  let broker: TestBroker;
  let opened: OpenedTestDatabase;
  let link: DeviceLink;
  let t: TestApp;
  let world: DeviceWorld;
  const clock = new LiveClock();
  const fleets: Fleet[] = [];

  // configuration delivery: a PDU on a fleet of its own (the test restarts it)
  const pdu = device('m4315', 'Config PDU');
  // auto-ping on the device: a target that goes down, an outlet cycled, the cap reached
  const pinger = device('m4320', 'Ping PDU');
  // the guard: its own uplink runs through outlet 1 (the device says so)
  const guarded = device('mb1500', 'Modem PDU', { uplinkOtlt: 1 });
  // discovery: a bb232 with one known sequencer and one on its bus the console has not seen
  const known = unit('cn1800', 'CN1800 1');
  const extra = unit('cn2400', 'CN2400 2');
  const adapter = device('bb232', 'Stage BB232', { kids: [known], undiscovered: [extra] });
  const broken = device('bb232', 'Closet BB232', { kids: [unit('cn1800', 'CN1800 A')] });
  const silent = device('bb232', 'Booth BB232', { kids: [unit('cn1800', 'CN1800 B')] });
  const plan = [pdu, pinger, guarded, adapter, broken, silent];

  const startFleet = async (devices: DevicePlan[]) => {
    const fleet = new Fleet({
      mqttUrl: broker.url,
      plan: devices,
      secretFor: (devId) => deriveDeviceSecret(TEST_DEVICE_KEY, devId),
      timing: { ...TEST_TIMING, reportIntervalMs: 1_000, cycleOffMs: 200 },
      backoff: { initialMs: 100, maxMs: 1000 },
      scheduler: {
        now: () => clock.now().getTime(),
        after: (delayMs, run) => realScheduler.after(delayMs, run),
      },
    });
    fleets.push(fleet);
    await fleet.start();
    const heard = (p: DevicePlan) => t.app.devices.hub?.contactOf({ devId: p.devId })?.online;
    await eventually(() => (devices.every(heard) ? true : undefined), 30_000);
    return fleet;
  };

  beforeAll(async () => {
    broker = await brokerCase.start();
    opened = await database.open();
    link = await connectDeviceLink({
      url: broker.url,
      ...(broker.serviceToken ? { serviceToken: broker.serviceToken } : {}),
    });
    t = await startTestApp(opened.database, {
      clock,
      devices: {
        link,
        // a shared Mosquitto: a group of its own, so every report of this run reaches this app
        ...(broker.enforcesAcl ? {} : { shareGroup: `network-${hex(4)}` }),
        writer: { flushMs: 50 },
      },
      network: { resendEveryMs: 500, discoveryTtlMs: 2_000 },
    });
    world = await buildDeviceWorld(opened.database, clock, { count: 0 });
    await insertPlan(opened.database, plan, world.siteId);
    await startFleet([pdu]);
    await startFleet(plan.slice(1));
  });

  afterAll(async () => {
    for (const fleet of fleets) await fleet.stop();
    if (!broker?.enforcesAcl && world) await clearRetained(broker.url, plan);
    await t?.app.close();
    await link?.close();
    await opened?.dispose();
    await broker?.stop();
  });

  type Who = keyof DeviceWorld['cookies'];
  const url = (svc: string, query: Record<string, string> = {}) =>
    `/data-svc/networkManagement/data-svc.php?${new URLSearchParams({ svc, ...query }).toString()}`;
  const get = (who: Who, svc: string, query: Record<string, string>) =>
    t.app.inject({ url: url(svc, query), headers: { cookie: world.cookies[who] } });
  const post = (who: Who, svc: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: url(svc),
      headers: { cookie: world.cookies[who], origin: TEST_ORIGIN },
      payload: body,
    });
  const network = async (who: Who = 'admin') => {
    const response = await get(who, 'getNetwork', { siteId: world.siteId });
    expect(response.statusCode).toBe(200);
    return response.json<LocationNetwork>();
  };
  const deviceIn = (net: LocationNetwork, devId: string): NetworkDevice => {
    const found = net.devices.find((d) => d.devId === devId);
    if (!found) throw new Error(`${devId} is not on the network tab`);
    return found;
  };
  const pingOf = async (devId: string) => deviceIn(await network(), devId).ping;
  const save = async (devId: string, targets: PingTarget[], who: Who = 'admin') =>
    post(who, 'savePingTargets', { siteId: world.siteId, devId, targets });
  const saved = async (devId: string, targets: PingTarget[]) => {
    const response = await save(devId, targets);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DevicePing>();
  };
  /** Waits until the device reports running `version` (not pending any more). */
  const applied = (devId: string, version: number) =>
    eventually(async () => {
      const ping = await pingOf(devId);
      return ping && !ping.pending && ping.appliedVersion === version ? ping : undefined;
    }, 20_000);
  const pingCommands = (devId: string) =>
    opened.database.db
      .select()
      .from(deviceCommands)
      .where(and(eq(deviceCommands.devId, devId), eq(deviceCommands.svc, 'pingConfig')));
  const userIdOf = (who: Who) => world.cookies[who].split('=')[1]?.split('.')[0];
  const switchOutlet = (who: Who, at: DevicePlan, otlt: number, state: 0 | 1, confirmed?: true) =>
    t.app.inject({
      method: 'POST',
      url: `/data-svc/${at.devClass}.deviceControls/data-svc.php?svc=setoutletstate`,
      headers: {
        cookie: world.cookies[who],
        origin: TEST_ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({
        siteId: world.siteId,
        devClass: at.devClass,
        devId: at.devId,
        otlt: String(otlt),
        state: String(state),
        ...(confirmed ? { confirmed: 'true' } : {}),
      }).toString(),
    });
  const alertsOf = async (who: Who) =>
    (
      await t.app.inject({
        url: '/data-svc/notificationsManagement/data-svc.php?svc=enumerate',
        headers: { cookie: world.cookies[who] },
      })
    ).json<AlertsList>().records;
  const logOf = async (devId: string) =>
    (
      await t.app.inject({
        url: `/data-svc/eventLogs/data-svc.php?svc=getEvents&siteId=${world.siteId}&devId=${devId}&limit=200`,
        headers: { cookie: world.cookies.admin },
      })
    ).json<EventPage>().records;

  it('delivers a configuration: the device acknowledges, its status shows the version, no longer pending', async () => {
    const before = await pingOf(pdu.devId);
    expect(before).toMatchObject({ version: 0, pending: false, targets: [] });
    const answer = await saved(pdu.devId, [target('10.0.0.1'), target('modem.example.net')]);
    expect(answer).toMatchObject({ devId: pdu.devId, version: 1, pending: true });
    const ping = await applied(pdu.devId, 1);
    expect(ping.targets.map((x) => x.host)).toEqual(['10.0.0.1', 'modem.example.net']);
    // the hosts answer: the device judges them passing within a Fast window (scaled)
    await eventually(async () => {
      const targets = (await pingOf(pdu.devId))?.targets ?? [];
      return targets.every((x) => x.state === 'pass' && x.lastReply !== null) ? true : undefined;
    }, 20_000);
    // sent through the command path, audited with the user who saved it
    const [command] = await pingCommands(pdu.devId);
    expect(command).toMatchObject({ actorKind: 'user', actorId: userIdOf('admin') });
    expect(command?.args).toMatchObject({ version: 1, targets: [{ host: '10.0.0.1' }, {}] });
  });

  it('two saves in quick succession: the device ends on the newer', async () => {
    const current = (await pingOf(pdu.devId))?.version ?? 0;
    const [first, second] = await Promise.all([
      saved(pdu.devId, [target('10.0.0.2')]),
      saved(pdu.devId, [target('10.0.0.3'), target('10.0.0.4')]),
    ]);
    const newer = Math.max(first.version, second.version);
    expect(new Set([first.version, second.version])).toEqual(new Set([current + 1, current + 2]));
    const ping = await applied(pdu.devId, newer);
    const hosts = newer === second.version ? ['10.0.0.3', '10.0.0.4'] : ['10.0.0.2'];
    expect(ping.targets.map((x) => x.host)).toEqual(hosts);
  });

  it('a device that restarted without its configuration is sent it again and runs it', async () => {
    const [running] = fleets;
    await running?.get(pdu.devId)?.stop();
    // once the console knows it is away, a save sends nothing: the device cannot take it now
    // (saved sooner, the send could still reach the restarted device, and nothing be sent again)
    const away = () => t.app.devices.hub?.contactOf({ devId: pdu.devId })?.online === false;
    await eventually(() => (away() ? true : undefined), 10_000);
    const answer = await saved(pdu.devId, [target('10.0.0.9', { window: 'Slow' })]);
    expect(answer.pending).toBe(true);
    const sentBefore = (await pingCommands(pdu.devId)).length;
    // the device comes back with nothing configured (a simulator restart keeps no configuration)
    await startFleet([pdu]);
    const ping = await applied(pdu.devId, answer.version);
    expect(ping.targets).toMatchObject([{ host: '10.0.0.9', window: 'Slow' }]);
    expect((await pingCommands(pdu.devId)).length).toBeGreaterThan(sentBefore);
  });

  it('CLIENT may read the network and discovery, not change them (403); a stranger nothing', async () => {
    const net = await network('client');
    expect(net).toMatchObject({ permLvl: 'CLIENT', canEdit: false });
    expect((await network('installer')).canEdit).toBe(true);
    const refused = await Promise.all([
      save(pdu.devId, [target('10.0.0.5')], 'client'),
      post('client', 'setNetworkOutlet', {
        siteId: world.siteId,
        devId: guarded.devId,
        otlt: 3,
        feedsNetwork: true,
      }),
      post('client', 'startDiscovery', { siteId: world.siteId, devId: adapter.devId }),
    ]);
    for (const response of refused) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: networkErrors.clientRefused });
    }
    const got = await get('client', 'getDiscovery', { siteId: world.siteId, devId: adapter.devId });
    expect(got.statusCode).toBe(200);
    expect((await get('stranger', 'getNetwork', { siteId: world.siteId })).statusCode).toBe(403);
    // a device named at another location is not found there
    const elsewhere = await post('stranger', 'savePingTargets', {
      siteId: world.otherSiteId,
      devId: pdu.devId,
      targets: [],
    });
    expect(elsewhere.statusCode).toBe(404);
    // nothing was written by the refused calls
    const rows = await opened.database.db
      .select()
      .from(deviceCommands)
      .where(eq(deviceCommands.actorId, userIdOf('client') ?? ''));
    expect(rows).toEqual([]);
  });

  it('refuses targets a class cannot run or outlets that are not the device’s', async () => {
    const kid = await save(known.devId, [target('10.0.0.1')]);
    expect(kid.statusCode).toBe(400);
    const foreign = await save(pdu.devId, [
      target('10.0.0.1', { action: 'cycle', outlets: [{ devId: pinger.devId, otlt: 1 }] }),
    ]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<{ fields: Record<string, string> }>().fields).toEqual({
      'targets.0.outlets.0': networkErrors.notOurOutlet(pinger.devId),
    });
    const badHost = await save(pdu.devId, [target('300.1.1.1')]);
    expect(badHost.statusCode).toBe(400);
  });

  it('a failing target cycles its outlet on the device; the log and the alerts say so', async () => {
    await opened.database.db
      .update(outlets)
      .set({ name1: 'Streaming box' })
      .where(and(eq(outlets.devId, pinger.devId), eq(outlets.otltId, 3)));
    const answer = await saved(pinger.devId, [
      target('10.9.9.9', {
        action: 'cycle',
        outlets: [{ devId: pinger.devId, otlt: 3 }],
        maxReboots: 1,
        holdOffSec: 60,
      }),
    ]);
    await applied(pinger.devId, answer.version);
    fleets[1]?.injectFault(pinger.devId, { kind: 'host-down', host: '10.9.9.9' });
    const messages = await eventually(async () => {
      const msgs = (await alertsOf('admin')).filter((a) => a.devId === pinger.devId);
      const texts = msgs.map((a) => a.msg);
      return texts.some((m) => m.startsWith('Auto-reboot stopped')) ? texts : undefined;
    }, 30_000);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Ping target 10.9.9.9 failed on Ping PDU.',
        'Auto-reboot: Ping PDU cycled outlet 3 (Streaming box).',
        'Auto-reboot stopped on Ping PDU after 1 reboot in a row (ping target 10.9.9.9).',
      ]),
    );
    // each report once, however it was heard
    expect(messages.filter((m) => m.startsWith('Auto-reboot:'))).toHaveLength(1);
    const texts = (await logOf(pinger.devId)).map((e) => e.text);
    expect(texts).toEqual(
      expect.arrayContaining([
        'Ping target 10.9.9.9 failed',
        'Auto-reboot: outlet 3 cycled (ping target 10.9.9.9)',
        'Auto-reboot stopped after 1 reboot in a row (ping target 10.9.9.9)',
      ]),
    );
    const ping = await pingOf(pinger.devId);
    expect(ping?.targets[0]).toMatchObject({ state: 'fail', rebootsToday: 1 });
  });

  it('an outlet feeding the network is switched off only with a confirmation, recorded as such', async () => {
    const outletOf = (net: LocationNetwork, otlt: number) =>
      deviceIn(net, guarded.devId).outlets.find((o) => o.otlt === otlt);
    // the device reports its uplink through outlet 1
    expect(outletOf(await network(), 1)).toMatchObject({ feedsNetwork: true, source: 'device' });
    const refused = await switchOutlet('installer', guarded, 1, 0);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: networkMessages.needsConfirmation });
    // switching it on, or cycling it, needs nothing
    expect((await switchOutlet('installer', guarded, 1, 1)).statusCode).toBe(200);
    const confirmed = await switchOutlet('installer', guarded, 1, 0, true);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { cmdId } = confirmed.json<{ cmdId: string }>();
    const [row] = await opened.database.db
      .select()
      .from(deviceCommands)
      .where(eq(deviceCommands.id, cmdId));
    expect(row).toMatchObject({
      svc: 'setOutlet',
      actorId: userIdOf('installer'),
      args: { otlt: 1, state: 0, confirmed: true },
    });
    await eventually(async () =>
      (await alertsOf('admin')).some(
        (a) => a.msg === 'Network outlet 1 of Modem PDU switched off.' && a.devId === guarded.devId,
      )
        ? true
        : undefined,
    );
    expect((await logOf(guarded.devId)).map((e) => e.text)).toContain(
      'Network outlet 1 switched off (confirmed)',
    );
    // a user's mark wins over the device's report, either way
    const mark = async (otlt: number, feedsNetwork: boolean) => {
      const response = await post('installer', 'setNetworkOutlet', {
        siteId: world.siteId,
        devId: guarded.devId,
        otlt,
        feedsNetwork,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<NetworkOutlet>();
    };
    expect(await mark(3, true)).toMatchObject({ otlt: 3, feedsNetwork: true, source: 'user' });
    expect((await switchOutlet('admin', guarded, 3, 0)).statusCode).toBe(409);
    await mark(1, false);
    expect(outletOf(await network(), 1)).toMatchObject({ feedsNetwork: false, source: 'user' });
    expect((await switchOutlet('admin', guarded, 1, 0)).statusCode).toBe(200);
  });

  it('a schedule switching a network outlet off needs the confirmation; its firing goes out confirmed', async () => {
    const schedules = scheduleCalls(t.app, world);
    const body = {
      siteId: world.siteId,
      name: 'Night off',
      targets: [{ devId: guarded.devId, otlt: null }],
      action: 'off',
      time: '02:30',
      dayMask: 127,
    };
    // outlet 3 feeds the network (a user's mark), outlet 1 does not (the mark beats the uplink)
    for (const [otlt, feedsNetwork] of [
      [3, true],
      [1, false],
    ] as const) {
      const marked = await post('admin', 'setNetworkOutlet', {
        siteId: world.siteId,
        devId: guarded.devId,
        otlt,
        feedsNetwork,
      });
      expect(marked.statusCode).toBe(200);
    }
    const refused = await schedules.post('admin', 'createSchedule', body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: networkMessages.needsConfirmation });
    const created = await schedules.post('admin', 'createSchedule', {
      ...body,
      confirmNetworkOff: true,
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json<{ id: number }>();
    const run = await schedules.post('admin', 'runSchedule', { siteId: world.siteId, id });
    expect(run.statusCode, run.body).toBe(200);
    const sent = await opened.database.db
      .select()
      .from(deviceCommands)
      .where(and(eq(deviceCommands.actorKind, 'schedule'), eq(deviceCommands.actorId, String(id))));
    const third = sent.find((c) => c.args.otlt === 3);
    expect(third?.args).toEqual({ otlt: 3, state: 0, confirmed: true });
    // the other outlets are not the network's: nothing is recorded as confirmed for them
    expect(sent.filter((c) => c.args.confirmed === true)).toHaveLength(1);
    // cycling needs no confirmation
    const cycle = await schedules.post('admin', 'createSchedule', { ...body, action: 'cycle' });
    expect(cycle.statusCode).toBe(200);
  });

  it('discovery on a bb232 finds its extra sequencer and adds it; the known one stays known', async () => {
    const started = await post('installer', 'startDiscovery', {
      siteId: world.siteId,
      devId: adapter.devId,
    });
    expect(started.statusCode, started.body).toBe(200);
    const run = started.json<DiscoveryRun>();
    // the answer reads the run after the command went out: a quick device may have moved it on
    expect(run).toMatchObject({ devId: adapter.devId, reason: null });
    expect(run.phase).not.toBe('failed');
    const done = await eventually(async () => {
      const view = (
        await get('admin', 'getDiscovery', { siteId: world.siteId, devId: adapter.devId })
      ).json<DeviceDiscovery>();
      return view.run?.phase === 'done' ? view : undefined;
    }, 20_000);
    expect(done.supported).toBe(true);
    expect(done.run?.found).toBe(2);
    expect(done.run?.units).toEqual(
      expect.arrayContaining([
        { devId: known.devId, devClass: 'cn1800', name: 'CN1800 1', known: true },
        { devId: extra.devId, devClass: 'cn2400', name: 'CN2400 2', known: false },
      ]),
    );
    expect(done.units.map((u) => u.devId).sort()).toEqual([known.devId, extra.devId].sort());
    const [row] = await opened.database.db
      .select()
      .from(devices)
      .where(eq(devices.devId, extra.devId));
    expect(row).toMatchObject({
      siteId: world.siteId,
      parentDevId: adapter.devId,
      devClass: 'cn2400',
    });
    // the new unit reports as a kid of the adapter from now on
    await eventually(async () => {
      const [kid] = await opened.database.db
        .select()
        .from(devices)
        .where(eq(devices.devId, extra.devId));
      return kid?.lastContact ? true : undefined;
    }, 20_000);
    // a second run finds both known
    await eventually(async () => {
      const response = await post('admin', 'startDiscovery', {
        siteId: world.siteId,
        devId: adapter.devId,
      });
      return response.statusCode === 200 ? true : undefined;
    });
    const second = await eventually(async () => {
      const view = (
        await get('admin', 'getDiscovery', { siteId: world.siteId, devId: adapter.devId })
      ).json<DeviceDiscovery>();
      return view.run?.phase === 'done' && view.run.runId !== run.runId ? view.run : undefined;
    }, 20_000);
    expect(second.units.every((u) => u.known)).toBe(true);
  });

  it('a discovery that fails names its reason; one that never answers times out', async () => {
    fleets[1]?.injectFault(broken.devId, { kind: 'discover', reason: 'noBus' });
    fleets[1]?.injectFault(silent.devId, { kind: 'discover', reason: 'timedOut' });
    const runOf = async (devId: string, meanwhile?: () => Promise<void>) => {
      const started = await post('admin', 'startDiscovery', { siteId: world.siteId, devId });
      expect(started.statusCode, started.body).toBe(200);
      await meanwhile?.();
      return eventually(async () => {
        const view = (
          await get('admin', 'getDiscovery', { siteId: world.siteId, devId })
        ).json<DeviceDiscovery>();
        return view.run?.phase === 'failed' ? view.run : undefined;
      }, 20_000);
    };
    const [noBus, timedOut] = await Promise.all([
      runOf(broken.devId),
      runOf(silent.devId, async () => {
        // the scan never ends: a second run is refused while the first is open
        const again = await post('admin', 'startDiscovery', {
          siteId: world.siteId,
          devId: silent.devId,
        });
        expect(again.statusCode).toBe(409);
        expect(again.json()).toEqual({ error: discoveryErrors.underWay });
      }),
    ]);
    expect(noBus).toMatchObject({ phase: 'failed', reason: 'noBus', units: [] });
    expect(timedOut).toMatchObject({ phase: 'failed', reason: 'timedOut' });
    expect(discoveryReasonTexts[noBus.reason ?? 'timedOut']).toMatch(/bus/);
    // a device without attached units cannot discover
    const pduRun = await post('admin', 'startDiscovery', {
      siteId: world.siteId,
      devId: pdu.devId,
    });
    expect(pduRun.statusCode).toBe(400);
  });

  it('a discovery of an inactive device is refused 409', async () => {
    await fleets[1]?.get(broken.devId)?.stop();
    await eventually(() =>
      t.app.devices.hub?.contactOf({ devId: broken.devId })?.online === false ? true : undefined,
    );
    const response = await post('admin', 'startDiscovery', {
      siteId: world.siteId,
      devId: broken.devId,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'This device is currently inactive.' });
  });
});
