import { pino } from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { systemClock } from './infra/clock';
import { type Database, openDatabase } from './infra/db/database';
import { migrate } from './infra/db/migrate';
import { createArgon2Hasher } from './infra/passwords';
import { demoExposureBanner, demoExposureWarning, demoLoginBanner } from './demo/banner';
import { seedDemo } from './demo/seed';
import { mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { Fleet } from '@powerdeck/simulator';
import { parseFault } from '@powerdeck/simulator/fault-spec';
import { DEVICE_KEY, sharedSecret } from './areas/devices/server-secrets.repository';
import { checkDeviceCredential } from './areas/devices/device-credentials';
import { DeviceCredentialsRepository } from './areas/devices/device-credentials.repository';
import { createDynsecCredentialSink } from './infra/mqtt/dynsec-credentials';
import { connectDeviceLink } from './infra/mqtt/device-link';
import { BrokerListenError, startEmbeddedBroker } from './infra/mqtt/embedded-broker';
import { brokerListenMessage, readTlsFiles } from './infra/mqtt/broker-listeners';
import { isLoopbackHost } from './http/loopback';

/** Entry point: config → database → migrations → demo seed → listen (docs/ARCHITECTURE.md). */
async function main(): Promise<void> {
  const startedAt = performance.now();
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = pino({ level: config.logLevel });

  let database: Database;
  if (config.databaseUrl) {
    database = await openDatabase({ kind: 'postgres', url: config.databaseUrl });
  } else {
    mkdirSync(config.pgliteDir, { recursive: true });
    database = await openDatabase({ kind: 'pglite', dataDir: config.pgliteDir });
  }
  const applied = await migrate(database);
  if (applied.length > 0) logger.info({ applied }, 'database migrations applied');

  // The device key is shared by all servers (database); the broker's service token is ours alone.
  const deviceKey = await sharedSecret(database.db, DEVICE_KEY);
  const serviceToken = randomBytes(24).toString('base64url');
  const credentialRepo = new DeviceCredentialsRepository(database.db);
  const brokerStarting = config.mqttUrl
    ? undefined
    : startEmbeddedBroker({
        deviceKey,
        serviceToken,
        checkDevice: async (devId, password) =>
          (await checkDeviceCredential(credentialRepo, devId, password)) !== null,
        revoked: await credentialRepo.revokedIds(),
        logLevel: config.logLevel,
        host: config.mqttHost,
        port: config.mqttPort,
        ...(config.mqttTls ? { tls: readTlsFiles(config.mqttTls) } : {}),
      });
  // awaited below, once the demo is seeded; a failure meanwhile must not count as unhandled
  brokerStarting?.catch(() => undefined);

  const passwords = createArgon2Hasher();
  const demo = await seedDemo({ database, passwords, clock: systemClock, enabled: config.demo });
  if (demo.seeded) logger.info('demo data seeded');

  const broker = await brokerStarting?.catch((error: unknown) => {
    if (!(error instanceof BrokerListenError)) throw error;
    console.error(brokerListenMessage(error));
    process.exit(1);
  });
  const mqttUrl = broker?.url ?? config.mqttUrl ?? '';
  const link = await connectDeviceLink({ url: mqttUrl, ...(broker ? { serviceToken } : {}) });
  // Several servers on an external broker: one killed before it wrote an event must not lose it.
  // (The embedded broker lives and dies with this server: nothing would keep it meanwhile.)
  const eventLink = broker
    ? undefined
    : await connectDeviceLink({
        url: mqttUrl,
        durable: { clientId: `powerdeck-events-${config.serverName}`, expirySeconds: 3_600 },
      });
  // Mosquitto keeps its own copy of each device's credential, provisioned by the servers.
  const dynsec = config.mqttDynsecUrl
    ? await createDynsecCredentialSink({ url: config.mqttDynsecUrl })
    : undefined;
  const app = await buildApp({
    config,
    db: database,
    passwords,
    logger,
    // with an external broker several servers share the status stream
    devices: {
      link,
      ...(eventLink ? { eventLink } : {}),
      ...(broker ? {} : { shareGroup: 'powerdeck' }),
      credentialSinks: [broker, dynsec].filter((sink) => sink !== undefined),
    },
  });
  await app.listen({ port: config.port, host: config.host });
  if (broker) {
    logger.info(
      { mqtt: broker.url, mqttTls: broker.tlsUrl ?? 'off (set MQTT_TLS_CERT and MQTT_TLS_KEY)' },
      'devices connect to the embedded MQTT broker',
    );
  }
  logger.info(
    {
      url: config.publicOrigin,
      host: config.host,
      startMs: Math.round(performance.now() - startedAt),
    },
    'Powerdeck is listening',
  );
  // Demo passwords are published: a demo reachable from elsewhere is open to anyone there.
  const exposedOn = config.demo && !isLoopbackHost(config.host) ? config.host : undefined;
  if (exposedOn !== undefined) {
    logger.warn({ host: exposedOn }, demoExposureWarning(exposedOn).join(' '));
  }
  if (demo.emails.length > 0) {
    process.stdout.write(`\n${demoLoginBanner(demo.emails, config.publicOrigin, exposedOn)}\n\n`);
  } else if (exposedOn !== undefined) {
    process.stdout.write(`\n${demoExposureBanner(exposedOn)}\n\n`);
  }

  // The demo fleet (embedded broker only; run `npm run simulator` against an external one).
  let fleet: Fleet | undefined;
  if (config.demo && broker) {
    // the simulator is loaded for the demo only
    import('./demo/demo-fleet')
      .then(({ startDemoFleet }) => startDemoFleet({ db: database.db, mqttUrl, deviceKey }))
      .then((started) => {
        fleet = started;
        for (const spec of config.demoFaults) {
          const { devId, fault } = parseFault(spec);
          try {
            started.injectFault(devId, fault);
          } catch (error) {
            logger.warn({ err: error, fault: spec }, 'DEMO_FAULTS: no such demo device');
          }
        }
        const { online, devices } = started.summary();
        logger.info({ online, devices }, 'demo fleet connected');
        process.stdout.write(
          `More simulated devices (demo only; the key is this data directory's secret):\n` +
            `  npm run simulator -- --mqtt ${mqttUrl} --device-key ${deviceKey}\n`,
        );
      })
      .catch((error: unknown) => logger.error({ err: error }, 'demo fleet failed to start'));
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const forced = setTimeout(() => process.exit(1), 10_000);
    forced.unref();
    Promise.resolve(fleet?.stop())
      .then(() => app.close())
      .then(() => link.close())
      .then(() => eventLink?.close())
      .then(() => dynsec?.close())
      .then(() => broker?.stop())
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
