import { deviceTopic, fleetFilters } from '@powerdeck/domain';
import mqtt, { type MqttClient } from 'mqtt';
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SERVICE_USERNAME } from './broker-access';
import { type DeviceLink, connectDeviceLink } from './device-link';
import { type MosquittoProcess, initialDynsecFile, startMosquitto } from '../../test/mosquitto';
import { type RoundRobinProxy, startRoundRobinProxy } from '../../test/round-robin-proxy';

/**
 * The durable link the servers read device events through (issue 17, fault drill): the broker's
 * acknowledgement waits for the handler, so an event a server received but had not written when
 * it died is sent again to the server that comes back under its name.
 */
const secret = () => randomBytes(18).toString('base64url');
const admin = { username: 'powerdeck-dynsec', password: secret() };
const service = { username: SERVICE_USERNAME, password: secret() };
const GROUP = 'powerdeck';
const DEVICE = '1065A3E00001';

let broker: MosquittoProcess;
let publisher: MqttClient;
const links: DeviceLink[] = [];
const proxies: RoundRobinProxy[] = [];

beforeAll(async () => {
  broker = await startMosquitto(await initialDynsecFile({ admin, service }));
  publisher = await mqtt.connectAsync(broker.url, {
    clientId: 'durable-link-test-publisher',
    username: service.username,
    password: service.password,
    protocolVersion: 4,
    reconnectPeriod: 0,
  });
});

afterEach(async () => {
  await Promise.all(links.splice(0).map((link) => link.close()));
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
});

afterAll(async () => {
  await publisher?.endAsync(true);
  await broker?.stop();
});

/** A durable link as a server's, through `url` (the broker's own unless a proxy's). */
async function durableLink(clientId: string, url = broker.url): Promise<DeviceLink> {
  const link = await connectDeviceLink({
    url,
    serviceToken: service.password,
    durable: { clientId, expirySeconds: 60 },
  });
  links.push(link);
  return link;
}

const publishEvent = (value: number) =>
  publisher.publishAsync(
    deviceTopic({ devId: DEVICE }, 'event'),
    JSON.stringify({ type: 'info', value, time: 1 }),
    { qos: 1 },
  );

const portOf = (url: string) => Number(new URL(url).port);

describe('durable device link (Mosquitto)', () => {
  it('a message the server had not handled when its connection died comes again to it under the same name, once', async () => {
    const name = `events-${randomBytes(4).toString('hex')}`;
    // the first server reaches the broker through a proxy, so its connection can die mid-write
    const proxy = await startRoundRobinProxy([portOf(broker.url)]);
    proxies.push(proxy);
    const first = await durableLink(name, `mqtt://127.0.0.1:${portOf(proxy.url)}`);
    const seenByFirst: string[] = [];
    first.onMessage((_topic, payload) => {
      seenByFirst.push(payload.toString());
      return new Promise(() => undefined); // the write never finishes: the server dies first
    });
    await first.subscribe(fleetFilters('event', GROUP));

    await publishEvent(1);
    await vi.waitFor(() => expect(seenByFirst).toHaveLength(1));
    await proxy.close(); // the server is gone, its event unwritten and unacknowledged

    const second = await durableLink(name);
    const seenBySecond: string[] = [];
    second.onMessage((_topic, payload) => {
      seenBySecond.push(payload.toString());
      return Promise.resolve();
    });
    await second.subscribe(fleetFilters('event', GROUP));
    await vi.waitFor(() => expect(seenBySecond).toEqual(seenByFirst));

    // handled and acknowledged now: a later event comes once, and the first not again
    await publishEvent(2);
    await vi.waitFor(() => expect(seenBySecond).toHaveLength(2));
    expect(JSON.parse(seenBySecond[1] ?? '{}')).toMatchObject({ value: 2 });
  });

  it('hands on the next messages while earlier writes are under way (a burst is written in batches)', async () => {
    const link = await durableLink(`events-${randomBytes(4).toString('hex')}`);
    const seen: string[] = [];
    const writes: Array<() => void> = [];
    link.onMessage((_topic, payload) => {
      seen.push(payload.toString());
      return new Promise<void>((written) => writes.push(written));
    });
    await link.subscribe(fleetFilters('event', GROUP));
    for (let value = 20; value < 25; value++) await publishEvent(value);
    await vi.waitFor(() => expect(seen).toHaveLength(5));
    for (const written of writes) written();
  });

  it('a server stopped on purpose leaves no session behind to take a share of the events', async () => {
    const leaving = await durableLink(`events-${randomBytes(4).toString('hex')}`);
    leaving.onMessage(() => Promise.resolve());
    await leaving.subscribe(fleetFilters('event', GROUP));
    await leaving.close();
    links.splice(links.indexOf(leaving), 1);

    const staying = await durableLink(`events-${randomBytes(4).toString('hex')}`);
    const seen: string[] = [];
    staying.onMessage((_topic, payload) => {
      seen.push(payload.toString());
      return Promise.resolve();
    });
    await staying.subscribe(fleetFilters('event', GROUP));
    for (let value = 10; value < 16; value++) await publishEvent(value);
    // round robin over a left-behind session would have kept half of them from this server
    await vi.waitFor(() => expect(seen).toHaveLength(6));
  });

  it('still receives events after the broker restarts with its session kept', async () => {
    const link = await durableLink(`events-${randomBytes(4).toString('hex')}`);
    const seen: string[] = [];
    link.onMessage((_topic, payload) => {
      seen.push(payload.toString());
      return Promise.resolve();
    });
    await link.subscribe(fleetFilters('event', GROUP));
    await broker.restart();
    await vi.waitFor(() => expect(link.connected).toBe(true), { timeout: 10_000 });
    const again = await mqtt.connectAsync(broker.url, {
      clientId: 'durable-link-test-publisher-2',
      username: service.username,
      password: service.password,
      protocolVersion: 4,
      reconnectPeriod: 0,
    });
    try {
      // a kept session came back without its shared subscription: renewed by the link
      await again.publishAsync(
        deviceTopic({ devId: DEVICE }, 'event'),
        JSON.stringify({ type: 'info', value: 30, time: 1 }),
        { qos: 1 },
      );
      await vi.waitFor(() => expect(seen).toHaveLength(1), { timeout: 5_000 });
    } finally {
      await again.endAsync(true);
    }
  });
});
