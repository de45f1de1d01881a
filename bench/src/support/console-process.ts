/**
 * The console server in its own process, as `npm start` runs it (the HTTP API and the built web
 * app from `web dist`), with the embedded broker (one more process) and a device world: a
 * location, an admin of it and `count` devices. argv: port, device count, web dist directory.
 * Sends `{type:'ready', ...ConsoleReady}` once listening; answers `hubStats` with
 * `{type:'hubStats', messages, dropped}`; stops on a `stop` message or when the parent goes away.
 */
import {
  LiveClock,
  TEST_DEVICE_KEY,
  buildApp,
  buildDeviceWorld,
  connectDeviceLink,
  loadConfig,
  migrate,
  startEmbeddedBroker,
} from '@powerdeck/server';
import type { DevicePlan } from '@powerdeck/simulator';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBenchDatabase } from './bench-database';

export interface ConsoleReady {
  base: string;
  mqttUrl: string;
  deviceKey: string;
  siteId: string;
  plan: DevicePlan[];
  /** `name=value` of a signed-in session of the location's admin. */
  cookie: string;
}

const [port = '0', count = '200', webDist = ''] = process.argv.slice(2);
const serviceToken = randomBytes(16).toString('hex');
const broker = await startEmbeddedBroker({
  deviceKey: TEST_DEVICE_KEY,
  serviceToken,
  logLevel: 'warn',
});
const { database, dispose } = await openBenchDatabase(undefined, 'pd_bench_browser');
await migrate(database);
const clock = new LiveClock();
const link = await connectDeviceLink({ url: broker.url, serviceToken });
const origin = `http://127.0.0.1:${port}`;
const app = await buildApp({
  config: loadConfig({
    LOG_LEVEL: 'warn',
    PUBLIC_ORIGIN: origin,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'pd-bench-browser-data-')),
    WEB_DIST: webDist,
  }),
  db: database,
  clock,
  devices: { link },
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
const world = await buildDeviceWorld(database, clock, { count: Number(count) });
const ready: ConsoleReady = {
  base: origin,
  mqttUrl: broker.url,
  deviceKey: TEST_DEVICE_KEY,
  siteId: world.siteId,
  plan: world.plan,
  cookie: world.cookies.admin,
};
process.send?.({ type: 'ready', ...ready });

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await app.close().catch(() => undefined);
  await link.close().catch(() => undefined);
  await dispose().catch(() => undefined);
  await broker.stop().catch(() => undefined);
  process.exit(0);
}
process.on('message', (message: unknown) => {
  if (message === 'stop') void stop();
  // status messages the server's device hub has taken so far
  if (message === 'hubStats') process.send?.({ type: 'hubStats', ...app.devices.hub?.stats });
});
process.on('disconnect', () => void stop());
