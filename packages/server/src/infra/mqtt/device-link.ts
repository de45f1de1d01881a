import mqtt, { type AckHandler, type MqttClient } from 'mqtt';
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
  /**
   * `retained`: the broker's stored copy, sent on subscribing (not news from the device). On a
   * durable link the broker's acknowledgement waits for the promise the handler returns.
   */
  onMessage(
    handler: (topic: string, payload: Buffer, retained: boolean) => void | Promise<unknown>,
  ): void;
  close(): Promise<void>;
  /** Whether the broker connection is up now (/readyz); undefined: not known (test fakes). */
  readonly connected?: boolean;
}

export interface DeviceLinkOptions {
  url: string;
  /** The broker's service token (embedded broker); external brokers may allow anonymous. */
  serviceToken?: string;
  clientId?: string;
  /**
   * A session the broker keeps while this server is away (the same `clientId` after a restart,
   * e.g. a `kill -9`): a QoS 1 message is acknowledged only once the handler's promise has settled,
   * so one this server had not written yet comes again when it reconnects, and what the broker
   * routes to it meanwhile waits for it. Messages are then handled one at a time. The broker
   * forgets the session `expirySeconds` after the connection is lost (MQTT 5), so a server that
   * never comes back does not keep a share of the messages for ever; `close` ends it at once.
   */
  durable?: { clientId: string; expirySeconds: number };
}

/** Connects as the service; reconnects on its own (the subscriptions are renewed on reconnect). */
export async function connectDeviceLink(options: DeviceLinkOptions): Promise<DeviceLink> {
  const { durable } = options;
  const held = durable ? new HeldUntilHandled() : undefined;
  const client: MqttClient = await mqtt.connectAsync(options.url, {
    clientId:
      durable?.clientId ?? options.clientId ?? `powerdeck-server-${randomUUID().slice(0, 8)}`,
    ...(options.serviceToken === undefined
      ? {}
      : { username: SERVICE_USERNAME, password: options.serviceToken }),
    ...(durable
      ? {
          protocolVersion: 5,
          clean: false,
          properties: { sessionExpiryInterval: durable.expirySeconds },
          // set before connecting: what the broker kept for this session comes right after the
          // CONNACK, before any handler is there, and must not be acknowledged unhandled
          customHandleAcks: held?.ack,
        }
      : { protocolVersion: 4, clean: true }),
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
      // on a durable link QoS 1 messages go through `held`; QoS 0 ones have nothing to wait for
      client.on('message', (topic, payload, packet) => {
        if (!held || packet.qos === 0) void handler(topic, payload, packet.retain);
      });
      held?.handleWith(handler);
    },
    async close() {
      // a server stopped on purpose has written what it received: nothing to keep for it
      await client.endAsync(false, durable ? { properties: { sessionExpiryInterval: 0 } } : {});
    },
    get connected() {
      return client.connected;
    },
  };
}

type MessageHandler = Parameters<DeviceLink['onMessage']>[0];

/**
 * mqtt.js's `customHandleAcks` for a durable link: each QoS 1 message is acknowledged once the
 * handler's promise has settled (mqtt.js reads the next message only then). Messages that come
 * before there is a handler wait for it. A handler that fails leaves its message unacknowledged:
 * the broker sends it again after a reconnect.
 */
class HeldUntilHandled {
  private handler: MessageHandler | undefined;
  private readonly waiting: Array<() => void> = [];

  readonly ack: AckHandler = (topic, message: Buffer, packet: { retain?: boolean }, done) => {
    const run = () => {
      Promise.resolve()
        .then(() => this.handler?.(topic, message, packet.retain ?? false))
        .then(
          () => done(0),
          (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
        );
    };
    if (this.handler) run();
    else this.waiting.push(run);
  };

  handleWith(handler: MessageHandler): void {
    this.handler = handler;
    for (const run of this.waiting.splice(0)) run();
  }
}

function noDelay(client: MqttClient): void {
  const stream = client.stream as { setNoDelay?: (on: boolean) => void } | undefined;
  stream?.setNoDelay?.(true);
}
