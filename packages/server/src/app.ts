import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { AuthRepository } from './areas/auth/auth.repository';
import { cookieAuthenticator, registerAuthRoutes } from './areas/auth/auth.routes';
import { AuthService } from './areas/auth/auth.service';
import { SessionRepository } from './areas/auth/session.repository';
import { SessionService } from './areas/auth/session.service';
import { registerApiDocsRoutes } from './areas/api-docs/api-docs.routes';
import { registerConfigRoutes } from './areas/config/config.routes';
import { installAlerts } from './areas/alerts/alerts-area';
import { type DeviceAreaOptions, installDevices } from './areas/devices/device-area';
import { LocationsRepository } from './areas/locations/locations.repository';
import { installLocationAreas } from './areas/locations/locations-area';
import { registerLocationsRoutes } from './areas/locations/locations.routes';
import { LocationsService } from './areas/locations/locations.service';
import { PermissionsRepository } from './areas/permissions/permissions.repository';
import { installSearchAndRegistration } from './areas/registration/registration-area';
import { installUserAreas } from './areas/user-areas';
import type { Config } from './config';
import { CallRegistry } from './http/contract';
import { createDataSvc } from './http/data-svc';
import { installErrorHandler } from './http/error-handler';
import { installSecurity } from './http/security';
import { installWeb } from './http/web';
import { type Clock, systemClock } from './infra/clock';
import type { Database } from './infra/db/database';
import { type Mailer, createOutboxMailer, createSmtpMailer } from './infra/mail/mailer';
import { OutboxRepository } from './infra/mail/outbox.repository';
import { type PasswordHasher, createArgon2Hasher, createDummyHash } from './infra/passwords';

export interface AppDeps {
  config: Config;
  /** Opened and migrated by the caller, who also closes it. */
  db: Database;
  /** Default: SMTP when SMTP_URL is set, else the outbox table. */
  mailer?: Mailer;
  clock?: Clock;
  passwords?: PasswordHasher;
  /** Default: a pino logger at LOG_LEVEL writing JSON lines to stdout. */
  logger?: FastifyBaseLogger;
  /** The device link (broker connection) and hub options; without a link devices are read-only. */
  devices?: DeviceAreaOptions;
  /** Tests: every answer is checked against its call's output schema (a mismatch is a 500). */
  checkAnswers?: boolean;
}

/** Builds the HTTP app (API and console) from its adapters; does not listen. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const clock = deps.clock ?? systemClock;
  const passwords = deps.passwords ?? createArgon2Hasher();
  const db = deps.db.db;

  // request.ip is the client's own address only through proxies named in TRUST_PROXY
  const trustProxy = config.trustProxy.length > 0 ? config.trustProxy : false;
  const app: FastifyInstance = deps.logger
    ? Fastify({ loggerInstance: deps.logger, trustProxy })
    : Fastify({ logger: { level: config.logLevel }, trustProxy });

  installErrorHandler(app);
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  // Limits are per route (sign-in and account calls), not global.
  await app.register(fastifyRateLimit, { global: false });
  await installSecurity(app, { publicOrigin: config.publicOrigin });

  const mailer =
    deps.mailer ??
    (config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.supportEmail)
      : createOutboxMailer(db, app.log));
  let dummyHash: Promise<string> | undefined;

  const sessions = new SessionService(new SessionRepository(db), clock);
  const auth = new AuthService({
    repo: new AuthRepository(db),
    sessions,
    passwords,
    mailer,
    clock,
    publicOrigin: config.publicOrigin,
    dummyHash: () => (dummyHash ??= createDummyHash(passwords)),
  });
  const permissions = new PermissionsRepository(db);

  const authenticate = cookieAuthenticator(sessions, config.publicOrigin);
  const dataSvc = createDataSvc(app, { authenticate });
  const calls = new CallRegistry(dataSvc, deps.checkAnswers ?? false);
  registerConfigRoutes(calls, config);
  registerAuthRoutes(calls, {
    auth,
    sessions,
    outbox: new OutboxRepository(db),
    publicOrigin: config.publicOrigin,
    classicUiEnabled: config.classicUiUrl !== null,
    demo: config.demo,
    signInRateLimit: config.signInRateLimit,
  });
  registerLocationsRoutes(
    calls,
    new LocationsService(new LocationsRepository(db), permissions, clock),
  );
  await installLocationAreas(app, dataSvc, { db, clock, permissions, calls });
  installUserAreas(dataSvc, {
    calls,
    db,
    clock,
    permissions,
    mailer,
    passwords,
    publicOrigin: config.publicOrigin,
  });

  installDevices(app, calls, {
    db,
    clock,
    permissions,
    authenticate,
    options: deps.devices ?? {},
  });
  installAlerts(app, calls, { database: deps.db, clock, permissions, authenticate });

  installSearchAndRegistration(dataSvc, { db, permissions, passwords, clock, calls });

  calls.assertComplete({ demo: config.demo });
  registerApiDocsRoutes(app);
  await installWeb(app, config.webDist);
  return app;
}
