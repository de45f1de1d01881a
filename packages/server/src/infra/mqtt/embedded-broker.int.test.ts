import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_USERNAME } from './broker-access';
import { deriveDeviceSecret } from '@powerdeck/domain/device-credentials';
import { BROKER_LIMITS } from './broker-limits';
import { startEmbeddedBroker, type EmbeddedBroker } from './embedded-broker';

const secrets = { deviceKey: 'test-device-key', serviceToken: 'test-service-token' };
const DEV = '1065A3F00001';
const OTHER = '1065A3F00002';

async function connect(
  broker: EmbeddedBroker,
  clientId: string,
  username: string,
  password: string,
) {
  return mqtt.connectAsync(broker.url, { clientId, username, password, reconnectPeriod: 0 });
}

const connectDevice = async (broker: EmbeddedBroker, devId: string) => {
  const device = await connect(broker, devId, devId, deriveDeviceSecret(secrets.deviceKey, devId));
  // a refused publish ends the connection: the test watches `close`, not the error
  device.on('error', () => undefined);
  return device;
};

const closed = (client: MqttClient) =>
  new Promise<void>((done) => {
    if (!client.connected) done();
    client.once('close', () => done());
  });

/** Whether the broker hung up on a QoS 1 publish or acknowledged it. */
const answerTo = (client: MqttClient, topic: string, payload: string | Buffer) =>
  Promise.race([
    closed(client).then(() => 'closed' as const),
    client
      .publishAsync(topic, payload, { qos: 1, retain: true })
      .then(() => 'acknowledged' as const),
  ]);

/** Messages the server receives on a topic, in order. */
function collect(server: MqttClient, topic: string): string[] {
  const seen: string[] = [];
  server.on('message', (t, payload) => {
    if (t === topic) seen.push(payload.toString());
  });
  return seen;
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 10));
}

describe('embedded MQTT broker', () => {
  let broker: EmbeddedBroker;
  let server: MqttClient;

  beforeAll(async () => {
    broker = await startEmbeddedBroker({ ...secrets, logLevel: 'silent' });
    server = await connect(broker, 'server-test', SERVICE_USERNAME, secrets.serviceToken);
  });
  afterAll(async () => {
    await server.endAsync();
    await broker.stop();
  });

  it('refuses a device with a wrong secret', async () => {
    await expect(connect(broker, DEV, DEV, 'not-the-secret')).rejects.toThrow();
  });

  it("delivers a device's status under its own root to the server", async () => {
    await server.subscribeAsync(`pd/v1/${DEV}/status`);
    const received = new Promise<string>((done) =>
      server.on('message', (topic, payload) => {
        if (topic === `pd/v1/${DEV}/status`) done(payload.toString());
      }),
    );
    const device = await connect(broker, DEV, DEV, deriveDeviceSecret(secrets.deviceKey, DEV));
    await device.publishAsync(`pd/v1/${DEV}/status`, '{"sysTime":1}', { qos: 1 });
    await expect(received).resolves.toBe('{"sysTime":1}');
    await device.endAsync();
  });

  it('refuses a subscription outside the device root', async () => {
    const device = await connect(broker, DEV, DEV, deriveDeviceSecret(secrets.deviceKey, DEV));
    // The broker answers SUBACK 0x80, which the client reports as a subscribe error.
    await expect(device.subscribeAsync(`pd/v1/${OTHER}/cmd`, { qos: 1 })).rejects.toThrow(
      /Subscribe error/,
    );
    await device.endAsync();
  });

  it('never forwards a publish outside the device root', async () => {
    await server.subscribeAsync(`pd/v1/${OTHER}/status`);
    let leaked = false;
    server.on('message', (topic) => {
      if (topic === `pd/v1/${OTHER}/status`) leaked = true;
    });
    const device = await connect(broker, DEV, DEV, deriveDeviceSecret(secrets.deviceKey, DEV));
    device.on('error', () => undefined);
    await device
      .publishAsync(`pd/v1/${OTHER}/status`, '{"forged":true}', { qos: 0 })
      .catch(() => undefined);
    await new Promise((r) => setTimeout(r, 300));
    expect(leaked).toBe(false);
    device.end(true);
  });

  it('drops a device sending a packet over 64 KiB, before storing or forwarding it', async () => {
    const devId = '1065A3F00003';
    const topic = `pd/v1/${devId}/status`;
    const seen = collect(server, topic);
    await server.subscribeAsync(topic, { qos: 1 });
    const device = await connectDevice(broker, devId);
    await device.publishAsync(topic, '{"sysTime":1}', { qos: 1, retain: true });
    // the broker forwards a message once it has stored it
    await until(() => seen.length === 1);
    const before = await broker.stats();

    expect(await answerTo(device, topic, Buffer.alloc(65 * 1024, 'x'))).toBe('closed');

    const after = await broker.stats();
    expect(after.refusals['too-large']).toBe(before.refusals['too-large'] + 1);
    expect(after.retained).toEqual(before.retained);
    // the same device, back with an honest report: the server gets it, and never got the big one
    const again = await connectDevice(broker, devId);
    await again.publishAsync(topic, '{"sysTime":2}', { qos: 1 });
    await until(() => seen.length >= 2);
    expect(seen).toEqual(['{"sysTime":1}', '{"sysTime":2}']);
    await again.endAsync();
  });

  it('refuses a retained message past the per-device cap and drops its sender', async () => {
    const devId = '1065A3F00004';
    const cap = BROKER_LIMITS.retainedTopicsPerDevice;
    const kidTopic = (n: number) =>
      `pd/v1/${devId}/kids/${(0xa00000 + n).toString(16).toUpperCase()}/status`;
    let forwarded = 0;
    server.on('message', (topic) => {
      if (topic.startsWith(`pd/v1/${devId}/`)) forwarded++;
    });
    await server.subscribeAsync(`pd/v1/${devId}/#`, { qos: 0 });
    const device = await connectDevice(broker, devId);
    const before = await broker.stats();
    await device.publishAsync(`pd/v1/${devId}/online`, '1', { qos: 1, retain: true });
    for (let n = 1; n < cap; n++) {
      await device.publishAsync(kidTopic(n), '{}', { qos: 1, retain: true });
    }
    // every one stored (the broker forwards a message once it has stored it)
    await until(() => forwarded === cap);
    expect(device.connected).toBe(true);

    expect(await answerTo(device, kidTopic(cap), '{}')).toBe('closed');

    const after = await broker.stats();
    expect(after.refusals['retained-cap']).toBe(before.refusals['retained-cap'] + 1);
    expect(after.retained.messages).toBe(before.retained.messages + cap);
    // what it holds can still be replaced
    const again = await connectDevice(broker, devId);
    await again.publishAsync(kidTopic(1), '{"a":1}', { qos: 1, retain: true });
    expect(again.connected).toBe(true);
    await again.endAsync();
  });

  it('drops a flooding device while a well-behaved one keeps working', async () => {
    const floodId = '1065A3F00005';
    const calmId = '1065A3F00006';
    const calmTopic = `pd/v1/${calmId}/status`;
    const seen = collect(server, calmTopic);
    await server.subscribeAsync([calmTopic, `pd/v1/${floodId}/status`], { qos: 0 });
    const calm = await connectDevice(broker, calmId);
    let calmClosed = false;
    calm.on('close', () => (calmClosed = true));
    const flooder = await connectDevice(broker, floodId);
    const gone = closed(flooder);
    const before = await broker.stats();

    // as fast as it can, until the broker hangs up (or far past any limit)
    const report = JSON.stringify({ sysTime: 1, uptime: 1, otlts: [true, false, true] });
    let sent = 0;
    while (flooder.connected && sent < 200_000) {
      for (let i = 0; i < 500; i++) flooder.publish(`pd/v1/${floodId}/status`, report);
      sent += 500;
      await new Promise((r) => setImmediate(r));
    }
    expect(sent).toBeLessThan(200_000);
    await gone;

    const after = await broker.stats();
    expect(after.refusals.flooding).toBe(before.refusals.flooding + 1);
    // the broker, not the flood, decides what it holds: far below what the flood sent
    expect(after.heapUsedBytes).toBeLessThan(256 * 1024 * 1024);
    expect(calmClosed).toBe(false);
    await calm.publishAsync(calmTopic, '{"sysTime":3}', { qos: 1 });
    await until(() => seen.includes('{"sysTime":3}'));
    await calm.endAsync();
  });
});
