/**
 * The console's HTTP server in its own process, on an existing PostgreSQL database, for the HTTP
 * load bench: the app as `main.ts` builds it (configuration from the same variables, argon2
 * passwords, the production pool of 10 connections), without the device link (devices read-only)
 * and the demo. argv: database URL, log level. Listens on 127.0.0.1 at a port of the OS's choosing
 * and sends `{type:'ready', base}`; stops on a `stop` message or when the parent goes away.
 */
import { buildApp, loadConfig, openDatabase } from '@powerdeck/server';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface HttpServerReady {
  base: string;
}

const [databaseUrl = '', logLevel = 'info'] = process.argv.slice(2);
const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
const config = loadConfig({
  HOST: '127.0.0.1',
  PORT: '0',
  DEMO: 'false',
  LOG_LEVEL: logLevel,
  DATABASE_URL: databaseUrl,
  // the database is passed in and no web app is served: nothing is read or written here
  DATA_DIR: join(tmpdir(), 'powerdeck-bench-unused'),
  WEB_DIST: join(tmpdir(), 'powerdeck-bench-no-web-dist'),
});
const app = await buildApp({ config, db: database });
await app.listen({ port: config.port, host: config.host });
const { port } = app.server.address() as AddressInfo;
const ready: HttpServerReady = { base: `http://127.0.0.1:${port}` };
process.send?.({ type: 'ready', ...ready });

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await app.close().catch(() => undefined);
  await database.close().catch(() => undefined);
  process.exit(0);
}
process.on('message', (message: unknown) => {
  if (message === 'stop') void stop();
});
process.on('disconnect', () => void stop());
