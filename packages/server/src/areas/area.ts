import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { CallRegistry } from '../http/contract';
import type { DataSvc } from '../http/data-svc';
import type { Clock } from '../infra/clock';
import type { Db } from '../infra/db/database';
import type { JobQueue } from '../infra/jobs/job-queue';
import type { Mailer } from '../infra/mail/mailer';
import type { PasswordHasher } from '../infra/passwords';
import type { SessionService } from './auth/session.service';
import type { PermissionsRepository } from './permissions/permissions.repository';

/** What app.ts hands every area: the app, the call registry and the shared adapters. */
export interface AreaContext {
  app: FastifyInstance;
  /** Where an area registers its calls (`calls.implement(callTable.<group>, handlers)`). */
  calls: CallRegistry;
  db: Db;
  clock: Clock;
  /** Every area reads levels at locations (spec §6) through this one repository. */
  permissions: PermissionsRepository;
  config: Config;
  mailer: Mailer;
  /** Durable jobs (pg-boss): an area creates its queues and registers its workers here. */
  jobs: JobQueue;
  passwords: PasswordHasher;
  sessions: SessionService;
  /** The cookie session of a request, or null (what every call's session check uses). */
  authenticate: DataSvc['authenticate'];
}

/**
 * A server area (a folder of `areas/`): `install` builds its repositories and services, registers
 * its calls and starts what runs beside them. app.ts installs every area once, from one list.
 */
export interface Area {
  name: string;
  install(ctx: AreaContext): void | Promise<void>;
}
