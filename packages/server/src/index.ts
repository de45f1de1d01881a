/** What tests, e2e and benchmarks use to run the server in-process. */
export { buildApp, type AppDeps } from './app';
export { loadConfig, ConfigError, type Config } from './config';
export { openDatabase, type Database, type DatabaseOptions } from './infra/db/database';
export { migrate } from './infra/db/migrate';
export { seedDemo } from './demo/seed';
export { systemClock, type Clock } from './infra/clock';
export { createArgon2Hasher, type PasswordHasher } from './infra/passwords';
export type { Mailer, MailMessage } from './infra/mail/mailer';
