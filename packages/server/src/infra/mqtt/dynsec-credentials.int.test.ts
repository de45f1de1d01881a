import mqtt, { type MqttClient } from 'mqtt';
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_USERNAME } from './broker-access';
import { initialDynsecConfig } from './dynsec-config';
import { type DynsecCredentialSink, createDynsecCredentialSink } from './dynsec-credentials';
import { type MosquittoProcess, initialDynsecFile, startMosquitto } from '../../test/mosquitto';

const secret = () => randomBytes(18).toString('base64url');
const admin = { username: 'powerdeck-dynsec', password: secret() };
const service = { username: SERVICE_USERNAME, password: secret() };
const KID = '00A1B2C3';
let deviceCount = 0;
/** A fresh device id per test, so no test sees another's account. */
const newDevice = () => `1065A3D${String(++deviceCount).padStart(5, '0')}`;

let broker: MosquittoProcess;
let sink: DynsecCredentialSink;
let server: MqttClient;
const opened: MqttClient[] = [];

function connect(clientId: string, username: string, password: string): Promise<MqttClient> {
  return mqtt
    .connectAsync(
      broker.url,
      { clientId, username, password, protocolVersion: 4, reconnectPeriod: 0 },
      false,
    )
    .then((client) => {
      client.on('error', () => undefined);
      opened.push(client);
      return client;
    });
}

const connectDevice = (devId: string, password: string) => connect(devId, devId, password);

const closed = (client: MqttClient) =>
  new Promise<void>((done) => {
    if (client.disconnected || !client.connected) done();
    client.once('close', () => done());
  });

/** What the broker answers to each subscription, one at a time: its QoS, or 'refused'. */
function subscribeEach(client: MqttClient, filters: string[]): Promise<(number | 'refused')[]> {
  return Promise.all(
    filters.map((filter) =>
      client.subscribeAsync(filter, { qos: 1 }).then(
        (granted) => granted[0]?.qos ?? 'refused',
        (error: { packet?: { granted?: unknown[] } }) => {
          // mqtt.js rejects a refusal (SUBACK 0x80) with the packet attached
          if (error.packet?.granted?.[0] === 128) return 'refused' as const;
          throw error;
        },
      ),
    ),
  );
}

/** Bounded wait on an event: fails the test, naming it, instead of hanging. */
function within<T>(what: string, promise: Promise<T>, ms = 5_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`timed out waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Every message a client receives, and a wait for the first one on a topic. */
function inbox(client: MqttClient) {
  const seen: { topic: string; payload: string }[] = [];
  const waiters: { topic: string; done: () => void }[] = [];
  client.on('message', (topic, payload) => {
    seen.push({ topic, payload: payload.toString() });
    for (const waiter of waiters.filter((w) => w.topic === topic)) waiter.done();
  });
  return {
    seen,
    arrival(topic: string) {
      return within(
        `a message on ${topic}`,
        new Promise<void>((done) => {
          if (seen.some((m) => m.topic === topic)) done();
          else waiters.push({ topic, done });
        }),
      );
    },
  };
}

beforeAll(async () => {
  // the file the deployment starts from, written by `npm run mosquitto:init`
  broker = await startMosquitto(await initialDynsecFile({ admin, service }));
  sink = await createDynsecCredentialSink({ url: broker.url, ...admin, timeoutMs: 5_000 });
  server = await connect('powerdeck-server-test', service.username, service.password);
});

afterEach(async () => {
  await Promise.all(
    opened
      .splice(0)
      .filter((c) => c !== server)
      .map((c) => c.endAsync(true)),
  );
  opened.push(server);
});

afterAll(async () => {
  await server?.endAsync(true);
  await sink?.close();
  await broker?.stop();
});

describe('Mosquitto with the shipped configuration, provisioned through the dynamic-security sink', () => {
  it('lets a granted device in with its password and refuses a wrong one, another client id, an unknown device and anonymous clients', async () => {
    const a = newDevice();
    const password = secret();
    await sink.grant(a, password);

    const device = await connectDevice(a, password);
    expect(device.connected).toBe(true);
    await device.endAsync();

    await expect(connectDevice(a, secret())).rejects.toThrow(/Not authorized/i);
    await expect(connect('someone-else', a, password)).rejects.toThrow(/Not authorized/i);
    await expect(connectDevice(newDevice(), password)).rejects.toThrow(/Not authorized/i);
    await expect(
      mqtt.connectAsync(broker.url, { reconnectPeriod: 0, protocolVersion: 4 }, false),
    ).rejects.toThrow(/Not authorized/i);
  });

  it("delivers a device's own reports (its kids' too) to the servers' shared subscription, and another device's topics or its own cmd reach no one", async () => {
    const a = newDevice();
    const b = newDevice();
    const password = secret();
    await sink.grant(a, password);
    await sink.grant(b, secret());
    const servers = inbox(server);
    await server.subscribeAsync(
      ['$share/powerdeck/pd/v1/+/status', '$share/powerdeck/pd/v1/+/kids/+/status'],
      { qos: 1 },
    );
    await server.subscribeAsync([`pd/v1/${b}/#`, `pd/v1/${a}/cmd`], { qos: 1 });
    const device = await connectDevice(a, password);

    // Mosquitto acknowledges a refused QoS 1 publish from an MQTT 3.1.1 client and drops it; the
    // device's own report sent after it is the fence: once it arrives, the others would have too.
    await device.publishAsync(`pd/v1/${b}/status`, 'forged', { qos: 1 });
    await device.publishAsync(`pd/v1/${b}/online`, 'forged', { qos: 1 });
    await device.publishAsync(`pd/v1/${a}/cmd`, 'forged', { qos: 1 });
    await device.publishAsync(`pd/v1/${a}/kids/${KID}/status`, 'kid report', { qos: 1 });
    await device.publishAsync(`pd/v1/${a}/status`, 'own report', { qos: 1 });
    await servers.arrival(`pd/v1/${a}/status`);

    expect(servers.seen).toEqual([
      { topic: `pd/v1/${a}/kids/${KID}/status`, payload: 'kid report' },
      { topic: `pd/v1/${a}/status`, payload: 'own report' },
    ]);
    await server.unsubscribeAsync([
      '$share/powerdeck/pd/v1/+/status',
      '$share/powerdeck/pd/v1/+/kids/+/status',
      `pd/v1/${b}/#`,
      `pd/v1/${a}/cmd`,
    ]);
    server.removeAllListeners('message');
  });

  it('delivers a device only its own commands, whatever it subscribes to, and refuses it shared subscriptions', async () => {
    const a = newDevice();
    const b = newDevice();
    const password = secret();
    await sink.grant(a, password);
    await sink.grant(b, secret());
    const device = await connectDevice(a, password);
    const received = inbox(device);

    // in the servers' group it would take its turn at every report, and drop it
    const shared = ['$share/powerdeck/pd/v1/+/status', `$share/${a}/pd/v1/${a}/cmd`, '$share/x/#'];
    expect(await subscribeEach(device, shared)).toEqual(shared.map(() => 'refused'));
    const own = [`pd/v1/${a}/cmd`, `pd/v1/${a}/kids/+/cmd`, `pd/v1/${a}/kids/${KID}/cmd`];
    expect(await subscribeEach(device, own)).toEqual([1, 1, 1]);
    // Mosquitto 2.0's ACL file grants these and checks every message it would deliver on them
    await subscribeEach(device, [`pd/v1/${b}/cmd`, 'pd/v1/+/cmd', `pd/v1/${a}/#`, '#']);

    await server.publishAsync(`pd/v1/${b}/cmd`, 'for b', { qos: 1 });
    await server.publishAsync(`pd/v1/${b}/kids/${KID}/cmd`, 'for b kid', { qos: 1 });
    await server.publishAsync(`pd/v1/${b}/status`, 'b report', { qos: 1 });
    await server.publishAsync(`pd/v1/${a}/kids/${KID}/cmd`, 'for a kid', { qos: 1 });
    await server.publishAsync(`pd/v1/${a}/cmd`, 'for a', { qos: 1 });
    await received.arrival(`pd/v1/${a}/cmd`);

    // overlapping subscriptions bring a message once for each; what matters is which arrive
    const distinct = [...new Set(received.seen.map((m) => `${m.topic} ${m.payload}`))];
    expect(distinct).toEqual([`pd/v1/${a}/kids/${KID}/cmd for a kid`, `pd/v1/${a}/cmd for a`]);
  });

  it('revoking a device closes its live connection at once and refuses it afterwards; revoking again is no error', async () => {
    const a = newDevice();
    const password = secret();
    await sink.grant(a, password);
    const device = await connectDevice(a, password);
    const hungUp = closed(device);

    await sink.revoke(a);

    await within('the broker closing the revoked device', hungUp);
    await expect(connectDevice(a, password)).rejects.toThrow(/Not authorized/i);
    await expect(sink.revoke(a)).resolves.toBeUndefined();
  });

  it('granting a new password (rotation) closes the session on the old one and refuses the old password', async () => {
    const a = newDevice();
    const oldPassword = secret();
    const newPassword = secret();
    await sink.grant(a, oldPassword);
    const device = await connectDevice(a, oldPassword);
    const hungUp = closed(device);

    await sink.grant(a, newPassword);

    await within('the broker closing the session on the old password', hungUp);
    await expect(connectDevice(a, oldPassword)).rejects.toThrow(/Not authorized/i);
    const rotated = await connectDevice(a, newPassword);
    expect(await subscribeEach(rotated, [`pd/v1/${a}/cmd`])).toEqual([1]);
  });

  it("grants only device ids, so the servers' and the admin's own accounts cannot be overwritten", async () => {
    await expect(sink.grant(SERVICE_USERNAME, secret())).rejects.toThrow(/not a device id/);
    await expect(sink.grant(admin.username, secret())).rejects.toThrow(/not a device id/);
    await expect(sink.revoke(SERVICE_USERNAME)).rejects.toThrow(/not a device id/);
    await expect(sink.grant(newDevice(), '')).rejects.toThrow(/must not be empty/);
    const again = await connect('powerdeck-server-again', service.username, service.password);
    expect(again.connected).toBe(true);
  });

  it('keeps the admin identity away from device traffic, and the service identity away from the plugin', async () => {
    const provisioning = await connect('admin-probe', admin.username, admin.password);
    expect(await subscribeEach(provisioning, ['pd/v1/#', '#'])).toEqual(['refused', 'refused']);
    expect(await subscribeEach(server, ['$CONTROL/dynamic-security/v1/response'])).toEqual([
      'refused',
    ]);
  });

  it('loads a fleet provisioned in the starting file, each device confined and revocable as if granted', async () => {
    const a = newDevice();
    const password = secret();
    const preloaded = await startMosquitto(
      JSON.stringify(initialDynsecConfig({ admin, service, devices: [{ devId: a, password }] })),
    );
    const preloadedSink = await createDynsecCredentialSink({ url: preloaded.url, ...admin });
    try {
      const device = await mqtt.connectAsync(
        preloaded.url,
        { clientId: a, username: a, password, protocolVersion: 4, reconnectPeriod: 0 },
        false,
      );
      device.on('error', () => undefined);
      expect(
        await subscribeEach(device, [`pd/v1/${a}/cmd`, '$share/powerdeck/pd/v1/+/status']),
      ).toEqual([1, 'refused']);
      const hungUp = closed(device);
      await preloadedSink.revoke(a);
      await within('the broker closing the revoked device', hungUp);
    } finally {
      await preloadedSink.close();
      await preloaded.stop();
    }
  });

  it('fails to start, saying why, with a wrong admin password', async () => {
    await expect(
      createDynsecCredentialSink({ url: broker.url, username: admin.username, password: 'wrong' }),
    ).rejects.toThrow(/cannot connect to Mosquitto's dynamic security as its admin identity/);
  });
});
