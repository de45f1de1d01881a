/**
 * The embedded MQTT broker, run as its own process: under a flood of device messages, aedes and
 * its clients in one process overflowed the stack (ARCHITECTURE §8), so the broker never shares a
 * process with the API or the simulated fleet.
 */
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { createServer, type Server, type Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { pino } from 'pino';
import { claimedDeviceId, identifyPeer, peerMayAccess, type BrokerPeer } from './broker-access';
import { BROKER_LIMITS, type Refusal } from './broker-limits';
import { type ConnectionGuard, guardConnection } from './connection-guard';
import { LogThrottle } from './log-throttle';
import { indexedMemoryPersistence, RetainedCapError } from './retained-index';

const log = pino({ name: 'mqtt-broker', level: process.env.LOG_LEVEL ?? 'info' });

const secrets = {
  deviceKey: process.env.PD_DEVICE_KEY ?? '',
  serviceToken: process.env.PD_SERVICE_TOKEN ?? '',
};
if (!secrets.deviceKey || !secrets.serviceToken) {
  log.fatal('PD_DEVICE_KEY and PD_SERVICE_TOKEN are required');
  process.exit(1);
}

const peers = new WeakMap<Client, BrokerPeer>();
/** Devices deleted from their location: refused whatever they present (the server keeps it). */
const revoked = new Set<string>();
/** Checks of passwords the server's database holds (claim keys, issued secrets), by reference. */
const checks = new Map<number, (ok: boolean) => void>();
let nextCheck = 0;
const CHECK_TIMEOUT_MS = 5_000;
const guards = new WeakMap<Socket, ConnectionGuard>();
const BAD_CREDENTIALS = 4;
const limits = BROKER_LIMITS;
const refusals: Record<Refusal, number> = {
  'too-large': 0,
  malformed: 0,
  flooding: 0,
  'retained-cap': 0,
};
const persistence = indexedMemoryPersistence({
  topicsPerDevice: limits.retainedTopicsPerDevice,
  bytesPerDevice: limits.retainedBytesPerDevice,
});

/** Counts and logs a refusal; the caller drops the connection. */
function refused(refusal: Refusal, clientId: string | null | undefined, detail: object = {}) {
  refusals[refusal]++;
  log.warn({ clientId, refusal, ...detail }, 'device connection dropped: over a broker limit');
}

const guardOf = (client: Client) => guards.get(client.conn as Socket);

/** A device refused again and again (it retries) is logged once per 10 minutes, with a count. */
const REFUSAL_LOG_EVERY_MS = 10 * 60_000;
const credentialRefusals = new LogThrottle(REFUSAL_LOG_EVERY_MS);
const publishRefusals = new LogThrottle(REFUSAL_LOG_EVERY_MS);

const broker = await Aedes.createBroker({
  persistence,
  // No delivery limit: past it mqemitter queues messages and drains the queue recursively, which
  // overflowed the stack when 10,000 devices connected at once and each published retained state.
  concurrency: 0,
  authenticate(client, username, password, done) {
    const refuse = () => {
      const logged = credentialRefusals.next(client.id);
      if (logged) {
        log.warn(
          { clientId: client.id, username, refusedSinceLastLogged: logged.skipped },
          'device refused: bad credentials',
        );
      }
      const error: AuthenticateError = Object.assign(new Error('bad user name or password'), {
        returnCode: BAD_CREDENTIALS,
      });
      done(error, false);
    };
    const accept = (peer: BrokerPeer) => {
      peers.set(client, peer);
      if (peer.role === 'service') guardOf(client)?.exemptFromRate();
      done(null, true);
    };
    const text = password?.toString();
    const peer = identifyPeer(secrets, client.id, username, text);
    if (peer?.role === 'service') return accept(peer);
    const devId = peer?.devId ?? claimedDeviceId(client.id, username);
    if (devId === undefined || text === undefined || revoked.has(devId)) return refuse();
    if (peer) return accept(peer);
    askServer(devId, text)
      .then((ok) => (ok ? accept({ role: 'device', devId }) : refuse()))
      .catch(refuse);
  },
  authorizePublish(client, packet, callback) {
    const peer = client ? peers.get(client) : undefined;
    if (client && (!peer || !peerMayAccess(peer, packet.topic, 'publish'))) {
      const logged = publishRefusals.next(client.id);
      if (logged) {
        log.warn(
          { clientId: client.id, topic: packet.topic, refusedSinceLastLogged: logged.skipped },
          'publish refused: outside own root',
        );
      }
      callback(new Error('not authorized'));
      return;
    }
    // the guard has dropped the connection, but the broker still parses what it had read
    if (client && guardOf(client)?.refused) {
      callback(new Error('connection refused by a broker limit'));
      return;
    }
    // refused before the PUBACK; the store checks again, for packets handled at the same time
    if (packet.retain && !persistence.admits(packet.topic, packet.payload.length)) {
      refused('retained-cap', client?.id, { topic: packet.topic });
      callback(new Error('retained data over the device limit'));
      return;
    }
    callback(null);
  },
  authorizeSubscribe(client, subscription, callback) {
    const peer = peers.get(client);
    if (!peer || !peerMayAccess(peer, subscription.topic, 'subscribe')) {
      log.warn(
        { clientId: client.id, topic: subscription.topic },
        'subscribe refused: outside own root',
      );
      // A null subscription answers SUBACK 0x80 (refused) and keeps the connection.
      callback(null, null);
      return;
    }
    callback(null, subscription);
  },
});

// Retained messages over the cap that the publish hook let through (sent in the same read).
broker.on('clientError', (client, error) => {
  if (error instanceof RetainedCapError)
    refused('retained-cap', client.id, { error: error.message });
});

/** One connection, plain or TLS: the same authentication, topic rule and limits on both. */
function handleConnection(socket: Socket): void {
  const client = broker.handle(socket);
  guards.set(
    socket,
    guardConnection(socket, limits, (refusal) => refused(refusal, client.id)),
  );
}

// Small messages both ways: without TCP_NODELAY, Nagle and delayed acks add ~40 ms per hop.
const plain = createServer({ noDelay: true }, handleConnection);
const tlsCert = process.env.PD_BROKER_TLS_CERT;
const tlsKey = process.env.PD_BROKER_TLS_KEY;
// the TLS socket is what aedes reads and the guard watches: it sees the decrypted MQTT bytes
const tls =
  tlsCert && tlsKey
    ? createTlsServer({ cert: tlsCert, key: tlsKey, noDelay: true }, handleConnection)
    : undefined;
const host = process.env.PD_BROKER_HOST ?? '127.0.0.1';

/** Listens, or reports why not (a port in use) to the server that started us, and exits. */
function listen(server: Server, listener: 'plain' | 'tls', port: number): Promise<number> {
  return new Promise((resolve) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      log.fatal({ err: error, host, port, listener }, 'embedded MQTT broker cannot listen');
      const failed = { type: 'listen-failed', listener, host, port, code: error.code ?? '' };
      if (process.send) process.send(failed, () => process.exit(1));
      else process.exit(1);
    });
    server.listen(port, host, () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

const boundPort = await listen(plain, 'plain', Number(process.env.PD_BROKER_PORT ?? 0));
const tlsPort = tls ? await listen(tls, 'tls', Number(process.env.PD_BROKER_TLS_PORT ?? 0)) : null;
log.info({ host, port: boundPort, tlsPort }, 'embedded MQTT broker listening');
process.send?.({ type: 'ready', port: boundPort, tlsPort });

/** Aedes keeps its connected clients by id; its type definitions leave the table out. */
const connectedClients = () =>
  (broker as unknown as { clients: Record<string, Client | undefined> }).clients;

/** Asks the server whether its database knows this password for the device. */
function askServer(devId: string, password: string): Promise<boolean> {
  const send = process.send?.bind(process);
  if (!send) return Promise.resolve(false);
  const ref = ++nextCheck;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      checks.delete(ref);
      resolve(false);
    }, CHECK_TIMEOUT_MS);
    checks.set(ref, (ok) => {
      clearTimeout(timer);
      resolve(ok);
    });
    send({ type: 'check-device', ref, devId, password });
  });
}

/** The server's word on device credentials: a check's answer, a revocation, a new claim. */
function onCredentialMessage(message: { type: unknown } & Record<string, unknown>): void {
  const { type, devId, ref } = message;
  if (type === 'device-checked' && typeof ref === 'number') {
    const answer = checks.get(ref);
    checks.delete(ref);
    answer?.(message.ok === true);
    return;
  }
  if (typeof devId !== 'string' && !Array.isArray(message.devIds)) return;
  if (type === 'revoked-devices') {
    for (const id of message.devIds as unknown[]) if (typeof id === 'string') revoked.add(id);
  } else if (type === 'revoke' && typeof devId === 'string') {
    revoked.add(devId);
    // a deleted device's connection ends at once (its last will marks it offline)
    connectedClients()[devId]?.close();
  } else if (type === 'restore' && typeof devId === 'string') {
    revoked.delete(devId);
  } else {
    return;
  }
  if (typeof ref === 'number') process.send?.({ type: 'done', ref });
}

// Figures for tests and operators: memory, what is retained, and connections dropped per limit.
process.on('message', (message: unknown) => {
  if (typeof message !== 'object' || message === null || !('type' in message)) return;
  if (message.type !== 'stats') {
    onCredentialMessage(message);
    return;
  }
  const memory = process.memoryUsage();
  process.send?.({
    type: 'stats',
    stats: {
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      retained: persistence.totals(),
      refusals: { ...refusals },
    },
  });
});

function shutdown() {
  plain.close();
  tls?.close();
  broker.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2_000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
// When the server that started us goes away, so do we.
process.on('disconnect', shutdown);
