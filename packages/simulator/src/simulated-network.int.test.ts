import { randomBytes } from 'node:crypto';
import {
  type CommandAck,
  type DeviceEvent,
  type DeviceStatus,
  commandAckSchema,
  deviceEventSchema,
  deviceStatusSchema,
  deviceTopic,
} from '@powerdeck/domain';
import type { MqttClient } from 'mqtt';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKid, addUndiscovered, createModel } from './models/registry';
import { TEST_TIMING } from './models/types';
import { realScheduler } from './scheduler';
import { SimulatedDevice } from './simulated-device';
import { checkMosquitto } from './test-services';

// Mosquitto at MQTT_TEST_URL: skipped with a message where it does not answer, required on CI.
const mosquitto = await checkMosquitto();
const url = mosquitto.url;
const hex = () => randomBytes(3).toString('hex').toUpperCase();
const devId = `1065A3${hex()}`;
const knownId = `1065A3${hex()}`;
const newId = `1065A3${hex()}`;
const address = { devId };

// Auto-ping at TEST_TIMING's 0.002 of real time: a Fast window is 1.8 s, a 300 s hold-off 0.6 s.
const timing = { ...TEST_TIMING, cycleOffMs: 1000 };

/** Everything the cloud hears on the device's topics, parsed, as it arrives. */
function listen(cloud: MqttClient) {
  const acks: CommandAck[] = [];
  const events: DeviceEvent[] = [];
  const statuses = new Map<string, DeviceStatus>();
  cloud.on('message', (topic, payload) => {
    const text = payload.toString();
    if (text === '') return;
    if (topic === deviceTopic(address, 'ack')) acks.push(commandAckSchema.parse(JSON.parse(text)));
    if (topic === deviceTopic(address, 'event')) {
      events.push(deviceEventSchema.parse(JSON.parse(text)));
    }
    if (topic.endsWith('/status')) statuses.set(topic, deviceStatusSchema.parse(JSON.parse(text)));
  });
  return { acks, events, statuses };
}

const suite = 'auto-ping and discovery on a real broker';
describe.skipIf(!mosquitto.reachable)(mosquitto.skipReason || suite, () => {
  let cloud: MqttClient;
  let device: SimulatedDevice;
  let heard: ReturnType<typeof listen>;
  let seq = 0;

  const send = async (svc: string, args: unknown) => {
    const id = `net-${++seq}`;
    const cmd = { id, svc, args, expires: Date.now() + 30_000 };
    await cloud.publishAsync(deviceTopic(address, 'cmd'), JSON.stringify(cmd), { qos: 1 });
    await expect.poll(() => heard.acks.some((a) => a.id === id), { timeout: 5000 }).toBe(true);
    return heard.acks.find((a) => a.id === id);
  };
  const ownStatus = () => heard.statuses.get(deviceTopic(address, 'status'));

  beforeAll(async () => {
    cloud = await mqtt.connectAsync(url, { clientId: `test-cloud-${devId}`, reconnectPeriod: 0 });
    heard = listen(cloud);
    await cloud.subscribeAsync([`pd/v1/${devId}/#`], { qos: 1 });
    const make = (id: string, devClass: 'bb232' | 'cn1800' | 'cnmp15') =>
      createModel({ devId: id, devClass, seed: 7, scheduler: realScheduler, timing });
    const model = make(devId, 'bb232');
    addKid(model, make(knownId, 'cn1800'));
    addUndiscovered(model, make(newId, 'cnmp15'));
    device = new SimulatedDevice({
      model,
      mqttUrl: url,
      secret: 'test-secret',
      backoff: { initialMs: 100, maxMs: 200 },
    });
    await device.start();
  });

  afterAll(async () => {
    await device?.stop();
    // Leave no retained messages behind for these throw-away ids.
    for (const a of [address, { devId, kidId: knownId }, { devId, kidId: newId }]) {
      for (const kind of ['online', 'status'] as const) {
        await cloud?.publishAsync(deviceTopic(a, kind), '', { retain: true, qos: 1 });
      }
    }
    await cloud?.endAsync();
  });

  it('discovers the unit waiting on its bus, which then reports as a kid', async () => {
    const ack = await send('discover', {});
    expect(ack).toMatchObject({ ok: true });
    const units = (ack?.result as { units: { devId: string }[] }).units.map((u) => u.devId);
    expect(units.sort()).toEqual([knownId, newId].sort());
    const phases = heard.events.filter((e) => e.type === 'discover').map((e) => e.value);
    expect(phases).toEqual(['starting', 'scanning', 'found:2', 'done']);
    const kidStatus = deviceTopic({ devId, kidId: newId }, 'status');
    await expect.poll(() => heard.statuses.get(kidStatus)?.devClass).toBe('cnmp15');
  });

  it('takes a ping configuration and keeps cycling the outlet while it is cut off', async () => {
    const target = {
      host: '192.0.2.1',
      windowSec: 900,
      action: 'cycle',
      outlets: [{ devId: knownId, otlt: 1 }],
      maxReboots: 5,
      holdOffSec: 300,
    };
    expect(await send('pingConfig', { version: 4, targets: [target] })).toMatchObject({
      ok: true,
      result: { version: 4 },
    });
    expect(await send('pingConfig', { version: 3, targets: [] })).toMatchObject({
      ok: true,
      result: { version: 4 },
    });
    await expect.poll(() => ownStatus()?.ping?.version).toBe(4);
    await expect.poll(() => ownStatus()?.ping?.targets[0]?.state).toBe('pass');

    // the site's link goes down and the host stops answering: the device acts on its own
    device.injectFault({ kind: 'offline' });
    await expect.poll(() => device.connected).toBe(false);
    device.injectFault({ kind: 'host-down', host: '192.0.2.1' });
    const published = device.published;
    const kid = device.model.kids.find((k) => k.devId === knownId);
    await expect.poll(() => kid?.outletStates()[0], { timeout: 10_000, interval: 50 }).toBe(false);
    await expect.poll(() => kid?.outletStates()[0], { timeout: 5000, interval: 50 }).toBe(true);
    expect(device.model.status().ping?.targets[0]).toMatchObject({ state: 'fail' });
    // nothing reached the broker meanwhile: the events were not published
    expect(device.published).toBe(published);

    // back online, the status tells what happened
    device.clearFaults();
    await expect
      .poll(() => ownStatus()?.ping?.targets[0]?.rebootsToday ?? 0, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(1);
    // the host answers again (faults cleared): the target passes at its next sample
    await expect.poll(() => ownStatus()?.ping?.targets[0]?.state).toBe('pass');
    // the events while it was cut off were lost (fail, cycled); the pass after it is heard
    const pings = () => heard.events.filter((e) => e.type === 'ping').map((e) => e.value);
    await expect.poll(pings).toEqual(['pass', 'pass']);
    expect(heard.events.filter((e) => e.type === 'autoReboot')).toEqual([]);
  });
});
