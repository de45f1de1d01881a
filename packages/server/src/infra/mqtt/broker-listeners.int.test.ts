import { deriveDeviceSecret } from '@powerdeck/domain/device-credentials';
import { SimulatedDevice, TEST_TIMING, createModel, realScheduler } from '@powerdeck/simulator';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { createServer } from 'node:net';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/ports';
import { SERVICE_USERNAME } from './broker-access';
import { brokerListenMessage } from './broker-listeners';
import { connectDeviceLink } from './device-link';
import { BrokerListenError, type EmbeddedBroker, startEmbeddedBroker } from './embedded-broker';

const secrets = { deviceKey: 'test-device-key', serviceToken: 'test-service-token' };
const DEV = '1065A3F10001';
const OTHER = '1065A3F10002';
const secretOf = (devId: string) => deriveDeviceSecret(secrets.deviceKey, devId);

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 10));
}

const closed = (client: MqttClient) =>
  new Promise<void>((done) => {
    if (!client.connected) done();
    client.once('close', () => done());
  });

function connect(url: string, clientId: string, password: string, extra: IClientOptions = {}) {
  const username = clientId.startsWith('server') ? SERVICE_USERNAME : clientId;
  return mqtt.connectAsync(url, { clientId, username, password, reconnectPeriod: 0, ...extra });
}

describe('embedded broker on a fixed port', () => {
  it('comes back on the same port after a restart, and a device reconnects by itself', async () => {
    const port = await freePort();
    let broker = await startEmbeddedBroker({ ...secrets, port, logLevel: 'silent' });
    expect(broker.url).toBe(`mqtt://127.0.0.1:${port}`);
    const model = createModel({
      devId: DEV,
      devClass: 'm4315',
      seed: 3,
      scheduler: realScheduler,
      timing: TEST_TIMING,
    });
    const device = new SimulatedDevice({
      model,
      mqttUrl: broker.url,
      secret: secretOf(DEV),
      backoff: { initialMs: 50, maxMs: 200 },
    });
    try {
      await device.start();
      const connectsBefore = device.connects;
      await broker.stop();
      await until(() => !device.connected);

      broker = await startEmbeddedBroker({ ...secrets, port, logLevel: 'silent' });
      const server = await connect(broker.url, 'server-restart', secrets.serviceToken);
      const online = new Promise<string>((done) =>
        server.on('message', (topic, payload) => {
          if (topic === `pd/v1/${DEV}/online`) done(payload.toString());
        }),
      );
      await server.subscribeAsync(`pd/v1/${DEV}/online`, { qos: 1 });
      // the device's own back-off brings it back: nothing here tells it the broker returned
      await expect(online).resolves.toBe('1');
      expect(device.connected).toBe(true);
      expect(device.connects).toBe(connectsBefore + 1);
      await server.endAsync();
    } finally {
      await device.stop();
      await broker.stop();
    }
  });

  it("the server's link refuses a command while the broker is away instead of queueing it", async () => {
    const port = await freePort();
    let broker = await startEmbeddedBroker({ ...secrets, port, logLevel: 'silent' });
    const link = await connectDeviceLink({ url: broker.url, serviceToken: secrets.serviceToken });
    try {
      await link.publish(`pd/v1/${DEV}/cmd`, '{}', 1);
      await broker.stop();
      await until(() => link.connected === false);
      // queued, it would go out after the reconnect before the subscriptions are renewed, and
      // the device's answer would reach no server
      await expect(link.publish(`pd/v1/${DEV}/cmd`, '{}', 1)).rejects.toThrow(/down/);
      broker = await startEmbeddedBroker({ ...secrets, port, logLevel: 'silent' });
      await until(() => link.connected === true);
      await link.publish(`pd/v1/${DEV}/cmd`, '{}', 1);
    } finally {
      await link.close();
      await broker.stop();
    }
  });

  it('a port in use stops the start with an error naming MQTT_PORT', async () => {
    const holder = createServer();
    await new Promise<void>((done) => holder.listen(0, '127.0.0.1', done));
    const address = holder.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const starting = startEmbeddedBroker({ ...secrets, port, logLevel: 'silent' });
      await expect(starting).rejects.toBeInstanceOf(BrokerListenError);
      const error = await starting.then(
        () => undefined,
        (e: unknown) => e as BrokerListenError,
      );
      if (!error) throw new Error('the broker started on a port in use');
      expect(error.code).toBe('EADDRINUSE');
      expect(brokerListenMessage(error)).toMatch(
        new RegExp(`cannot listen on 127\\.0\\.0\\.1:${port}: the port is in use.*MQTT_PORT`),
      );
    } finally {
      holder.close();
    }
  });
});

describe('embedded broker over TLS', () => {
  let broker: EmbeddedBroker;
  let tlsUrl: string;
  let ca: string;
  let server: MqttClient;

  beforeAll(async () => {
    const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
      keyType: 'ec',
      algorithm: 'sha256',
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
    });
    ca = pems.cert;
    broker = await startEmbeddedBroker({
      ...secrets,
      tls: { port: 0, cert: pems.cert, key: pems.private },
      logLevel: 'silent',
    });
    tlsUrl = broker.tlsUrl ?? '';
    // the servers' own link stays on the plain loopback listener
    server = await connect(broker.url, 'server-tls-test', secrets.serviceToken);
  });
  afterAll(async () => {
    await server.endAsync();
    await broker.stop();
  });

  const tlsDevice = async (devId: string, password = secretOf(devId)) => {
    const device = await connect(tlsUrl, devId, password, { ca, rejectUnauthorized: true });
    device.on('error', () => undefined);
    return device;
  };

  it('listens on its own port beside the plain one, with the certificate it was given', () => {
    expect(tlsUrl).toMatch(/^mqtts:\/\/127\.0\.0\.1:\d+$/);
    expect(broker.tlsPort).not.toBe(broker.port);
  });

  it('authenticates devices: the right secret gets in, a wrong one is refused', async () => {
    await expect(tlsDevice(DEV, 'not-the-secret')).rejects.toThrow(/Bad username or password/i);
    const device = await tlsDevice(DEV);
    expect(device.connected).toBe(true);
    await device.endAsync();
  });

  it("delivers a device's report to the server and keeps it out of another device's root", async () => {
    const seen: string[] = [];
    server.on('message', (topic, payload) => seen.push(`${topic} ${payload.toString()}`));
    await server.subscribeAsync([`pd/v1/${DEV}/status`, `pd/v1/${OTHER}/status`], { qos: 1 });
    const device = await tlsDevice(DEV);
    await expect(device.subscribeAsync(`pd/v1/${OTHER}/cmd`, { qos: 1 })).rejects.toThrow(
      /Subscribe error/,
    );
    await device.publishAsync(`pd/v1/${DEV}/status`, '{"sysTime":1}', { qos: 1 });
    // a publish outside its root ends the connection and goes nowhere
    const gone = closed(device);
    device.publish(`pd/v1/${OTHER}/status`, '{"forged":true}', { qos: 1 });
    await gone;
    const again = await tlsDevice(DEV);
    await again.publishAsync(`pd/v1/${DEV}/status`, '{"sysTime":2}', { qos: 1 });
    // messages reach the server in the order the broker took them: the forged one would be here
    await until(() => seen.length >= 2);
    expect(seen).toEqual([
      `pd/v1/${DEV}/status {"sysTime":1}`,
      `pd/v1/${DEV}/status {"sysTime":2}`,
    ]);
    await again.endAsync();
  });

  it('holds TLS connections to the packet size limit', async () => {
    const before = await broker.stats();
    const device = await tlsDevice(DEV);
    const gone = closed(device);
    device.publish(`pd/v1/${DEV}/status`, Buffer.alloc(65 * 1024, 'x'), { qos: 1 });
    await gone;
    const after = await broker.stats();
    expect(after.refusals['too-large']).toBe(before.refusals['too-large'] + 1);
  });
});
