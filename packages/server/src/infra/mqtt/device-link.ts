import mqtt, { type MqttClient } from 'mqtt';
import { randomUUID } from 'node:crypto';
import { SERVICE_USERNAME } from './broker-access';

/**
 * The server's side of the device link: one MQTT connection as the service identity. The hub
 * sees only this interface, so tests can drive it without a broker.
 */
export interface DeviceLink {
  /** Filters may be shared subscriptions (`$share/group/…`). */
  subscribe(filters: readonly string[]): Promise<void>;
  unsubscribe(filters: readonly string[]): Promise<void>;
  publish(topic: string, payload: string, qos: 0 | 1): Promise<void>;
  /** `retained`: the broker's stored copy, sent on subscribing (not news from the device). */
  onMessage(handler: (topic: string, payload: Buffer, retained: boolean) => void): void;
  close(): Promise<void>;
  /** Whether the broker connection is up now (/readyz); undefined: not known (test fakes). */
  readonly connected?: boolean;
}

export interface DeviceLinkOptions {
  url: string;
  /** The broker's service token (embedded broker); external brokers may allow anonymous. */
  serviceToken?: string;
  clientId?: string;
}

/** Connects as the service; reconnects on its own (the subscriptions are renewed on reconnect). */
export async function connectDeviceLink(options: DeviceLinkOptions): Promise<DeviceLink> {
  const client: MqttClient = await mqtt.connectAsync(options.url, {
    clientId: options.clientId ?? `powerdeck-server-${randomUUID().slice(0, 8)}`,
    ...(options.serviceToken === undefined
      ? {}
      : { username: SERVICE_USERNAME, password: options.serviceToken }),
    protocolVersion: 4,
    clean: true,
    keepalive: 30,
    reconnectPeriod: 1_000,
    resubscribe: true,
  });
  // Connection errors end in a reconnect; without a listener mqtt.js would throw them.
  client.on('error', () => undefined);
  // Commands are small and latency-bound: no Nagle delay (also after each reconnect).
  noDelay(client);
  client.on('connect', () => noDelay(client));
  return {
    async subscribe(filters) {
      if (filters.length > 0) await client.subscribeAsync([...filters], { qos: 1 });
    },
    async unsubscribe(filters) {
      if (filters.length > 0) await client.unsubscribeAsync([...filters]);
    },
    async publish(topic, payload, qos) {
      // Not queued while the broker is away: after a reconnect mqtt.js sends its queue before it
      // renews the subscriptions, so a device's answer to a queued command reached no server and
      // a command that ran was reported expired (fault drill). Refused now, it fails honestly.
      if (!client.connected) throw new Error('the broker connection is down');
      await client.publishAsync(topic, payload, { qos });
    },
    onMessage(handler) {
      client.on('message', (topic, payload, packet) => handler(topic, payload, packet.retain));
    },
    async close() {
      await client.endAsync();
    },
    get connected() {
      return client.connected;
    },
  };
}

function noDelay(client: MqttClient): void {
  const stream = client.stream as { setNoDelay?: (on: boolean) => void } | undefined;
  stream?.setNoDelay?.(true);
}
