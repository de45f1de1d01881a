import { pino } from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { systemClock } from './infra/clock';
import { type Database, openDatabase } from './infra/db/database';
import { migrate } from './infra/db/migrate';
import { createArgon2Hasher } from './infra/passwords';
import { demoLoginBanner } from './demo/banner';
import { seedDemo } from './demo/seed';
import { mkdirSync } from 'node:fs';

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

  const passwords = createArgon2Hasher();
  const demo = await seedDemo({ database, passwords, clock: systemClock, enabled: config.demo });
  if (demo.seeded) logger.info('demo data seeded');

  const app = await buildApp({ config, db: database, passwords, logger });
  await app.listen({ port: config.port, host: config.host });
  logger.info(
    { url: config.publicOrigin, startMs: Math.round(performance.now() - startedAt) },
    'Powerdeck is listening',
  );
  if (demo.emails.length > 0) {
    process.stdout.write(`\n${demoLoginBanner(demo.emails, config.publicOrigin)}\n\n`);
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const forced = setTimeout(() => process.exit(1), 10_000);
    forced.unref();
    app
      .close()
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
