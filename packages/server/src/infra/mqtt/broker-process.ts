/**
 * The embedded MQTT broker, run as its own process: under a flood of device messages, aedes and
 * its clients in one process overflowed the stack (ARCHITECTURE §8), so the broker never shares a
 * process with the API or the simulated fleet.
 */
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { createServer } from 'node:net';
import { pino } from 'pino';
import { identifyPeer, peerMayAccess, type BrokerPeer } from './broker-access';
import { indexedMemoryPersistence } from './retained-index';

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
const BAD_CREDENTIALS = 4;

const broker = await Aedes.createBroker({
  persistence: indexedMemoryPersistence(),
  // No delivery limit: past it mqemitter queues messages and drains the queue recursively, which
  // overflowed the stack when 10,000 devices connected at once and each published retained state.
  concurrency: 0,
  authenticate(client, username, password, done) {
    const peer = identifyPeer(secrets, client.id, username, password?.toString());
    if (!peer) {
      log.warn({ clientId: client.id, username }, 'device refused: bad credentials');
      const error: AuthenticateError = Object.assign(new Error('bad user name or password'), {
        returnCode: BAD_CREDENTIALS,
      });
      done(error, false);
      return;
    }
    peers.set(client, peer);
    done(null, true);
  },
  authorizePublish(client, packet, callback) {
    const peer = client ? peers.get(client) : undefined;
    if (client && (!peer || !peerMayAccess(peer, packet.topic, 'publish'))) {
      log.warn({ clientId: client.id, topic: packet.topic }, 'publish refused: outside own root');
      callback(new Error('not authorized'));
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

// Small messages both ways: without TCP_NODELAY, Nagle and delayed acks add ~40 ms per hop.
const server = createServer({ noDelay: true }, broker.handle);
const port = Number(process.env.PD_BROKER_PORT ?? 0);
const host = process.env.PD_BROKER_HOST ?? '127.0.0.1';

server.listen(port, host, () => {
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  log.info({ host, port: boundPort }, 'embedded MQTT broker listening');
  process.send?.({ type: 'ready', port: boundPort });
});

function shutdown() {
  server.close();
  broker.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2_000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
// When the server that started us goes away, so do we.
process.on('disconnect', shutdown);
