import { randomBytes } from 'node:crypto';
import type { DeviceStatus } from '@powerdeck/domain';
import { commandAckSchema, deviceStatusSchema, deviceTopic } from '@powerdeck/domain';
import type { MqttClient } from 'mqtt';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModel } from './models/registry';
import { TEST_TIMING } from './models/types';
import { realScheduler } from './scheduler';
import { SimulatedDevice } from './simulated-device';
import { checkMosquitto } from './test-services';

// Mosquitto at MQTT_TEST_URL: skipped with a message where it does not answer, required on CI.
const mosquitto = await checkMosquitto();
const url = mosquitto.url;
const devId = `1065A3${randomBytes(3).toString('hex').toUpperCase()}`;
const address = { devId };

function waitFor<T>(
  cloud: MqttClient,
  topic: string,
  parse: (text: string) => T | undefined,
  timeoutMs = 5000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cloud.off('message', onMessage);
      reject(new Error(`nothing matching on ${topic} within ${timeoutMs} ms`));
    }, timeoutMs);
    function onMessage(t: string, payload: Buffer) {
      if (t !== topic) return;
      const value = parse(payload.toString());
      if (value === undefined) return;
      clearTimeout(timer);
      cloud.off('message', onMessage);
      resolve(value);
    }
    cloud.on('message', onMessage);
  });
}

const ackWith = (id: string) => (text: string) => {
  const ack = commandAckSchema.parse(JSON.parse(text));
  return ack.id === id ? ack : undefined;
};

const suite = 'simulated device on a real broker';
describe.skipIf(!mosquitto.reachable)(mosquitto.skipReason || suite, () => {
  let cloud: MqttClient;
  let device: SimulatedDevice;

  beforeAll(async () => {
    cloud = await mqtt.connectAsync(url, { clientId: `test-cloud-${devId}`, reconnectPeriod: 0 });
    await cloud.subscribeAsync([`pd/v1/${devId}/#`], { qos: 1 });
    const model = createModel({
      devId,
      devClass: 'm4315',
      seed: 7,
      scheduler: realScheduler,
      timing: TEST_TIMING,
    });
    device = new SimulatedDevice({ model, mqttUrl: url, secret: 'test-secret' });
  });

  afterAll(async () => {
    await device?.stop();
    // Leave no retained messages behind for this throw-away id.
    for (const kind of ['online', 'status'] as const) {
      await cloud?.publishAsync(deviceTopic(address, kind), '', { retain: true, qos: 1 });
    }
    await cloud?.endAsync();
  });

  it('comes online, switches an outlet on command and reports it', async () => {
    const online = waitFor(cloud, deviceTopic(address, 'online'), (t) =>
      t === '1' ? t : undefined,
    );
    await device.start();
    await online;

    const statusOff = waitFor(cloud, deviceTopic(address, 'status'), (text) => {
      const status: DeviceStatus = deviceStatusSchema.parse(JSON.parse(text));
      return status.otlts[2] === false ? status : undefined;
    });
    const ack = waitFor(cloud, deviceTopic(address, 'ack'), ackWith('set-1'));
    const cmd = {
      id: 'set-1',
      svc: 'setOutlet',
      args: { otlt: 3, state: 0 },
      expires: Date.now() + 30_000,
    };
    await cloud.publishAsync(deviceTopic(address, 'cmd'), JSON.stringify(cmd), { qos: 1 });
    expect(await ack).toEqual({ id: 'set-1', ok: true, result: { otlt: 3, state: 0 } });
    expect((await statusOff).otlts).toHaveLength(8);
  });

  it('runs a redelivered command once', async () => {
    const before = device.commands.executed;
    const cmd = {
      id: 'cycle-dup',
      svc: 'rename',
      args: { name: 'Rack 7' },
      expires: Date.now() + 30_000,
    };
    const first = waitFor(cloud, deviceTopic(address, 'ack'), ackWith('cycle-dup'));
    await cloud.publishAsync(deviceTopic(address, 'cmd'), JSON.stringify(cmd), { qos: 1 });
    await first;
    const second = waitFor(cloud, deviceTopic(address, 'ack'), ackWith('cycle-dup'));
    await cloud.publishAsync(deviceTopic(address, 'cmd'), JSON.stringify(cmd), { qos: 1 });
    expect((await second).ok).toBe(true);
    expect(device.commands.executed - before).toBe(1);
  });

  it('does not execute an expired command', async () => {
    const before = device.model.outletStates();
    const cmd = {
      id: 'late-1',
      svc: 'setOutlet',
      args: { otlt: 1, state: 0 },
      expires: Date.now() - 60_000,
    };
    const ack = waitFor(cloud, deviceTopic(address, 'ack'), ackWith('late-1'));
    await cloud.publishAsync(deviceTopic(address, 'cmd'), JSON.stringify(cmd), { qos: 1 });
    expect(await ack).toEqual({ id: 'late-1', ok: false, error: 'expired' });
    expect(device.model.outletStates()).toEqual(before);
  });

  it('goes offline with its last will and comes back', async () => {
    const gone = waitFor(cloud, deviceTopic(address, 'online'), (t) => (t === '0' ? t : undefined));
    device.injectFault({ kind: 'offline' });
    await gone;
    const back = waitFor(cloud, deviceTopic(address, 'online'), (t) => (t === '1' ? t : undefined));
    device.clearFaults();
    await back;
  });
});
