import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { accountArea } from './areas/account/account-area';
import { installAlerts } from './areas/alerts/alerts-area';
import { apiDocsArea } from './areas/api-docs/api-docs-area';
import type { Area, AreaContext } from './areas/area';
import { authArea } from './areas/auth/auth-area';
import { cookieAuthenticator } from './areas/auth/auth.routes';
import { SessionRepository } from './areas/auth/session.repository';
import { SessionService } from './areas/auth/session.service';
import { clientsArea } from './areas/clients/clients-area';
import { configArea } from './areas/config/config-area';
import { type DeviceAreaOptions, installDevices } from './areas/devices/device-area';
import { energyRollupsArea } from './areas/energy-rollups/energy-rollups-area';
import { energyArea } from './areas/energy/energy-area';
import { eventLogsArea } from './areas/event-logs/event-logs-area';
import { firmwareArea } from './areas/firmware/firmware-area';
import { groupsArea } from './areas/groups/groups-area';
import { imagesArea } from './areas/images/images-area';
import { locationsArea } from './areas/locations/locations-area';
import { type NetworkAreaOptions, networkArea } from './areas/network/network-area';
import { notesArea } from './areas/notes/notes-area';
import { PermissionsRepository } from './areas/permissions/permissions.repository';
import { registrationArea } from './areas/registration/registration-area';
import { retentionArea } from './areas/retention/retention-area';
import { schedulesArea } from './areas/schedules/schedules-area';
import { searchArea } from './areas/search/search-area';
import { siteSettingsArea } from './areas/site-management/site-settings-area';
import { systemStatusArea } from './areas/system-status/system-status-area';
import type { Config } from './config';
import { CallRegistry } from './http/contract';
import { createDataSvc } from './http/data-svc';
import { frameworkErrorAnswer, installErrorHandler } from './http/error-handler';
import { installHealth } from './http/health';
import { databaseRateLimitStore } from './http/rate-limit-store';
import { echoRequestId, requestId } from './http/request-id';
import { installSecurity } from './http/security';
import { installWeb } from './http/web';
import { type Clock, systemClock } from './infra/clock';
import type { Database } from './infra/db/database';
import { createJobQueue } from './infra/jobs/job-queue';
import { type MailOptions, createMail } from './infra/mail/mail';
import type { Mailer } from './infra/mail/mailer';
import { type PasswordHasher, createArgon2Hasher } from './infra/passwords';

export interface AppDeps {
  config: Config;
  /** Opened and migrated by the caller, who also closes it. */
  db: Database;
  /** Default: the mail queue (the outbox table and a `mail` job; see `mail`). */
  mailer?: Mailer;
  /** The mail queue's transport (default: SMTP when SMTP_URL is set, else none), retries, polling. */
  mail?: MailOptions;
  clock?: Clock;
  passwords?: PasswordHasher;
  /** Default: a pino logger at LOG_LEVEL writing JSON lines to stdout. */
  logger?: FastifyBaseLogger;
  /** The device link (broker connection) and hub options; without a link devices are read-only. */
  devices?: DeviceAreaOptions;
  /** The network area's waits (tests shorten them). */
  network?: NetworkAreaOptions;
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
  // request ids: the caller's X-Request-Id when safe, else a fresh one (http/request-id.ts)
  const options = {
    trustProxy,
    frameworkErrors: frameworkErrorAnswer,
    requestIdHeader: false as const,
    genReqId: requestId,
  };
  const app: FastifyInstance = deps.logger
    ? Fastify({ loggerInstance: deps.logger, ...options })
    : Fastify({ logger: { level: config.logLevel }, ...options });

  installErrorHandler(app);
  echoRequestId(app);
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  // Limits are per route (sign-in and account calls), not global, and counted in the database so
  // they hold across servers.
  await app.register(fastifyRateLimit, {
    global: false,
    store: databaseRateLimitStore(db, app.log),
  });
  await installSecurity(app, { publicOrigin: config.publicOrigin });

  const sessions = new SessionService(new SessionRepository(db), clock);
  const authenticate = cookieAuthenticator(sessions, config.publicOrigin);
  const dataSvc = createDataSvc(app, { authenticate });
  const calls = new CallRegistry(dataSvc, deps.checkAnswers ?? false);
  const permissions = new PermissionsRepository(db);
  const jobs = await createJobQueue(deps.db, { log: app.log });
  const mail = createMail({
    db,
    jobs,
    smtpUrl: config.smtpUrl,
    from: config.supportEmail,
    log: app.log,
    ...(deps.mail ? { options: deps.mail } : {}),
  });
  const mailer = deps.mailer ?? mail.mailer;
  const ctx: AreaContext = {
    app,
    calls,
    db,
    clock,
    permissions,
    config,
    mailer,
    jobs,
    passwords,
    sessions,
    authenticate,
  };

  // Every area, once, in this order (alerts and the event logs listen to the device hub that
  // devices starts; schedules sends through the devices' control service and tells the event
  // logs' live streams; network guards that control service and raises alerts from the event
  // log's writer).
  const areas: Area[] = [
    configArea,
    authArea,
    locationsArea,
    siteSettingsArea,
    clientsArea,
    imagesArea,
    notesArea,
    accountArea,
    groupsArea,
    {
      name: 'devices',
      install: () => {
        installDevices(app, calls, {
          db,
          clock,
          permissions,
          options: deps.devices ?? {},
        });
      },
    },
    {
      name: 'alerts',
      install: () => {
        installAlerts(app, calls, {
          database: deps.db,
          clock,
          permissions,
          jobs,
          mailer,
          publicOrigin: config.publicOrigin,
        });
      },
    },
    eventLogsArea(deps.db),
    schedulesArea,
    firmwareArea(deps.db, deps.devices?.link),
    networkArea(deps.network),
    energyRollupsArea(),
    retentionArea,
    energyArea,
    searchArea,
    registrationArea(deps.db),
    systemStatusArea(deps.db, deps.devices?.link),
    apiDocsArea,
  ];
  try {
    await mail.start();
    for (const area of areas) await area.install(ctx);
    calls.assertComplete({ demo: config.demo });
    installHealth(app, {
      database: deps.db,
      link: deps.devices?.link,
      brokerKind: config.mqttUrl ? 'external' : 'embedded',
      metricsToken: config.metricsToken,
    });
    await installWeb(app, config.webDist);
  } catch (error) {
    await jobs.stop();
    mail.close();
    throw error;
  }
  // Added after the areas' own onClose hooks, so it runs first (Fastify runs the last added
  // first): no job handler is left running while an area shuts down, nor after the caller closes
  // the database.
  app.addHook('onClose', async () => {
    await jobs.stop();
    mail.close();
  });
  return app;
}
