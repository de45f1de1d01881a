import mqtt, { type ISubscriptionMap, type MqttClient, type Packet } from 'mqtt';
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
   * routes to it meanwhile waits for it (see AckAfterHandled). The broker
   * forgets the session `expirySeconds` after the connection is lost (MQTT 5), so a server that
   * never comes back does not keep a share of the messages for ever; `close` ends it at once.
   */
  durable?: { clientId: string; expirySeconds: number };
}

/** Connects as the service; reconnects on its own (the subscriptions are renewed on reconnect). */
export async function connectDeviceLink(options: DeviceLinkOptions): Promise<DeviceLink> {
  const { durable } = options;
  const client: MqttClient = mqtt.connect(options.url, {
    clientId:
      durable?.clientId ?? options.clientId ?? `powerdeck-server-${randomUUID().slice(0, 8)}`,
    ...(options.serviceToken === undefined
      ? {}
      : { username: SERVICE_USERNAME, password: options.serviceToken }),
    ...(durable
      ? {
          protocolVersion: 5,
          clean: false,
          // up to 1,000 events on their way to the database at once (Mosquitto's default is 20)
          properties: { sessionExpiryInterval: durable.expirySeconds, receiveMaximum: 1_000 },
        }
      : { protocolVersion: 4, clean: true }),
    keepalive: 30,
    reconnectPeriod: 1_000,
    resubscribe: true,
  });
  // before the connection is up: what the broker kept comes right after the CONNACK
  const held = durable ? new AckAfterHandled(client) : undefined;
  await connected(client);
  // Connection errors end in a reconnect; without a listener mqtt.js would throw them.
  client.on('error', () => undefined);
  // Commands are small and latency-bound: no Nagle delay; a burst's packets in one write (also
  // after each reconnect).
  const tuneSocket = () => {
    noDelay(client);
    coalesceWrites(client);
  };
  tuneSocket();
  client.on('connect', tuneSocket);
  // mqtt.js renews the subscriptions after a reconnect only when the broker kept no session; a
  // kept session may have lost them all the same (Mosquitto does not restore shared subscriptions
  // after its own restart, and the events then reached no server): renewed at every reconnect.
  const subscribed = new Set<string>();
  if (durable) {
    client.on('connect', (connack) => {
      if (!connack.sessionPresent || subscribed.size === 0) return;
      // `resubscribe`: else mqtt.js leaves out the filters it believes subscribed already
      const filters = Object.fromEntries([...subscribed].map((filter) => [filter, { qos: 1 }]));
      client.subscribe({ ...filters, resubscribe: true } as ISubscriptionMap, () => undefined);
    });
  }
  return {
    async subscribe(filters) {
      if (filters.length === 0) return;
      await client.subscribeAsync([...filters], { qos: 1 });
      for (const filter of filters) subscribed.add(filter);
    },
    async unsubscribe(filters) {
      for (const filter of filters) subscribed.delete(filter);
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

/** What AckAfterHandled reaches of mqtt.js beyond its public API (mqtt is pinned). */
interface ClientInternals {
  _sendPacket(packet: Packet, cb?: (error?: Error) => void, ...rest: unknown[]): void;
}

/**
 * A durable link's acknowledgements. mqtt.js sends a QoS 1 message's PUBACK once handleMessage
 * calls back, and reads the next message only then: waiting there for each write would handle
 * one event at a time (a burst of 10,000 took minutes). So handleMessage calls back at once, the
 * messages are handled side by side (and written in batches), and the PUBACK mqtt.js then sends is
 * held until that message's handler has settled. mqtt.js has no public way to acknowledge later:
 * its `_sendPacket` is wrapped (durable-link.int.test.ts fails if the hold stops working). A
 * handler that fails leaves its message unacknowledged: the broker sends it again after a
 * reconnect, as it does everything held when the connection drops. Messages that arrive before
 * there is a handler (what the broker kept comes right after the CONNACK) wait for it.
 */
class AckAfterHandled {
  private readonly handling = new Map<number, Promise<unknown>>();
  private readonly handler: Promise<MessageHandler>;
  private setHandler: (handler: MessageHandler) => void = () => undefined;

  constructor(private readonly client: MqttClient) {
    this.handler = new Promise((set) => (this.setHandler = set));
    const internals = client as unknown as ClientInternals;
    const send = internals._sendPacket.bind(client);
    internals._sendPacket = (packet, cb, ...rest) => {
      const id = packet.cmd === 'puback' ? packet.messageId : undefined;
      const handled = id === undefined ? undefined : this.handling.get(id);
      if (id === undefined || handled === undefined) return send(packet, cb, ...rest);
      this.handling.delete(id);
      cb?.();
      handled.then(
        () => {
          if (this.client.connected) send(packet);
        },
        () => undefined,
      );
    };
    client.handleMessage = (packet, callback) => {
      if (packet.cmd === 'publish' && packet.qos === 1 && packet.messageId !== undefined) {
        const { topic, payload, retain } = packet;
        this.handling.set(
          packet.messageId,
          this.handler.then((handle) => handle(topic, toBuffer(payload), retain)),
        );
      }
      callback();
    };
  }

  handleWith(handler: MessageHandler): void {
    this.setHandler(handler);
  }
}

function toBuffer(payload: Buffer | string): Buffer {
  return typeof payload === 'string' ? Buffer.from(payload) : payload;
}

/** Resolves once `client` is connected (or ended); rejects on its first error: as connectAsync. */
function connected(client: MqttClient): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const settle = (done: () => void) => {
      client.off('connect', onConnect).off('end', onConnect).off('error', onError);
      done();
    };
    const onConnect = () => settle(() => resolve(client));
    const onError = (error: Error) =>
      settle(() => {
        client.end();
        reject(error);
      });
    client.on('connect', onConnect).on('end', onConnect).on('error', onError);
  });
}

function noDelay(client: MqttClient): void {
  const stream = client.stream as { setNoDelay?: (on: boolean) => void } | undefined;
  stream?.setNoDelay?.(true);
}

/** The socket as coalesceWrites uses it (a net.Socket, or a TLSSocket with MQTT_URL mqtts://). */
interface CorkedStream {
  uncork(): void;
  readonly writableCorked: number;
  [COALESCING]?: true;
}
const COALESCING = Symbol('powerdeck.coalescing');

/**
 * Sends the packets one burst of work produced in one write system call. mqtt-packet corks the
 * socket for each packet it writes and uncorks it on the next tick, and mqtt.js handles each
 * packet it receives on a tick of its own, so each PUBACK of a chunk of status reports went out in
 * a `writev` of its own, each waking the broker (~10 % of a server's samples in the fault drill,
 * more in a reconnect storm). The last uncork of a burst is moved to the event loop's check phase
 * (`setImmediate`): the PUBACKs and publishes of everything handled since go out together, before
 * the loop waits for I/O again. An uncork that finds the socket corked once while the held one is
 * pending is not mqtt-packet's (a stream's `end` forces one): it runs at once.
 */
export function coalesceWrites(client: Pick<MqttClient, 'stream'>): void {
  const stream = client.stream as unknown as CorkedStream | undefined;
  if (!stream || stream[COALESCING] || typeof stream.uncork !== 'function') return;
  stream[COALESCING] = true;
  const uncork = stream.uncork.bind(stream);
  let holding = false;
  stream.uncork = () => {
    if (holding || stream.writableCorked !== 1) return uncork();
    holding = true;
    setImmediate(() => {
      holding = false;
      uncork();
    });
  };
}
