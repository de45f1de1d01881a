import type { Area, AreaContext } from '../area';
import { EnergyRollups, type EnergyRollupOptions } from './energy-rollups';
import { EnergyRollupsRepository } from './energy-rollups.repository';

/** The durable queue of rollup passes: one waiting job at a time across all servers. */
const ROLLUP_QUEUE = 'energy-rollup';
const SINGLETON = 'pass';
/** A pass every minute; each server also re-queues one every few minutes in case none waits. */
const EVERY_MS = 60_000;
const SAFETY_EVERY_MS = 5 * 60_000;
/** A pass stops starting new windows after this long (the next pass goes on). */
const PASS_BUDGET_MS = 30_000;

declare module 'fastify' {
  interface FastifyInstance {
    energyRollups: EnergyRollups;
  }
}

/**
 * Energy rollups (issue 16): raw readings into per-device minute, hour and local-day aggregates,
 * and retention, as passes on the durable job queue (every server works the queue; the rollup
 * watermarks make each window rolled up once). Nothing runs on the ingest path.
 */
export function energyRollupsArea(options: EnergyRollupOptions = {}): Area {
  return {
    name: 'energy-rollups',
    install: async (ctx) => {
      await installEnergyRollups(ctx, options);
    },
  };
}

async function installEnergyRollups(ctx: AreaContext, options: EnergyRollupOptions): Promise<void> {
  const { app, db, clock, jobs } = ctx;
  const log = app.log.child({ area: 'energy-rollups' });
  const rollups = new EnergyRollups(new EnergyRollupsRepository(db), clock, options);
  await jobs.createQueue(ROLLUP_QUEUE, { policy: 'short' });
  let stopped = false;

  const queueNext = async (delayMs: number) => {
    if (stopped) return;
    try {
      await jobs.send(
        ROLLUP_QUEUE,
        {},
        {
          singletonKey: SINGLETON,
          startAfter: new Date(Date.now() + delayMs),
          retryLimit: 1,
          expireInSeconds: 300,
        },
      );
    } catch (err) {
      if (!stopped) log.warn({ err }, 'energy rollup pass not queued');
    }
  };

  let safety: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    jobs.work(ROLLUP_QUEUE, { batchSize: 1, pollingIntervalSeconds: 2 }, async () => {
      try {
        const pass = await rollups.runPass(PASS_BUDGET_MS);
        const retained = await rollups.retain();
        log.debug({ pass, retained }, 'energy rollup pass');
      } finally {
        await queueNext(EVERY_MS);
      }
    });
    await queueNext(0);
    safety = setInterval(() => void queueNext(EVERY_MS), SAFETY_EVERY_MS);
    safety.unref();
  });
  // before the queue's own stop (an onClose hook) waits for running handlers
  app.addHook('preClose', (done) => {
    stopped = true;
    clearInterval(safety);
    rollups.stop();
    done();
  });
  app.decorate('energyRollups', rollups);
}
