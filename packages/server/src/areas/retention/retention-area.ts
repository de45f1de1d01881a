import { installPeriodicJob } from '../../infra/jobs/periodic-job';
import type { Area, AreaContext } from '../area';
import { Retention } from './retention';
import { RetentionRepository } from './retention.repository';

/** The durable queue of retention runs (one waiting job across all servers). */
export const RETENTION_QUEUE = 'retention';
/** A run every 10 minutes; with old rows left when its budget ran out, the next a second later. */
const EVERY_MS = 10 * 60_000;
const CATCH_UP_MS = 1_000;
const RUN_BUDGET_MS = 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    retention: Retention;
  }
}

/**
 * Retention (issue 19 item 4): deletes raw readings, finished commands with their steps, ended
 * sessions, old sign-in failures and delivered or failed outbox mail past their configured age
 * (config.retention), in bounded batches, as runs on the durable job queue. Each run's per-table
 * counts are logged ("retention run") and kept as `app.retention.lastRun`.
 */
export const retentionArea: Area = {
  name: 'retention',
  install: (ctx) => installRetention(ctx),
};

async function installRetention(ctx: AreaContext): Promise<void> {
  const { app, db, clock, jobs, config } = ctx;
  const log = app.log.child({ area: 'retention' });
  const retention = new Retention(new RetentionRepository(db), clock, config.retention);
  await installPeriodicJob(app, jobs, log, {
    queue: RETENTION_QUEUE,
    everyMs: EVERY_MS,
    safetyEveryMs: 3 * EVERY_MS,
    expireInSeconds: 300,
    run: async () => {
      const run = await retention.run(RUN_BUDGET_MS);
      log.info({ retention: run }, 'retention run');
      return { nextInMs: run.complete ? EVERY_MS : CATCH_UP_MS };
    },
    stop: () => retention.stop(),
  });
  app.decorate('retention', retention);
}
