import { installPeriodicJob } from '../../infra/jobs/periodic-job';
import type { Area, AreaContext } from '../area';
import { EnergyRollups, type EnergyRollupOptions } from './energy-rollups';
import { EnergyRollupsRepository } from './energy-rollups.repository';

/** The durable queue of rollup passes: one waiting job at a time across all servers. */
const ROLLUP_QUEUE = 'energy-rollup';
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
 * and the aggregates' retention (raw readings: areas/retention/), as passes on the durable job queue (every server works the queue; the rollup
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
  await installPeriodicJob(app, jobs, log, {
    queue: ROLLUP_QUEUE,
    everyMs: EVERY_MS,
    safetyEveryMs: SAFETY_EVERY_MS,
    expireInSeconds: 300,
    run: async () => {
      const pass = await rollups.runPass(PASS_BUDGET_MS);
      const retained = await rollups.retain();
      log.debug({ pass, retained }, 'energy rollup pass');
    },
    stop: () => rollups.stop(),
  });
  app.decorate('energyRollups', rollups);
}
