import type { Area } from '../area';
import { AlertsRepository } from '../alerts/alerts.repository';
import { BudgetAlerts } from './energy-budget';
import { registerEnergyRoutes } from './energy.routes';
import { EnergyRepository } from './energy.repository';
import { EnergyService } from './energy.service';

declare module 'fastify' {
  interface FastifyInstance {
    energy: { budget: BudgetAlerts };
  }
}

/**
 * Energy Usage (issue 16): the calls of a device's Energy Usage tab and a location's month, read
 * from the rollups the energy-rollups area writes, and the budget alerts: a periodic durable job
 * checks every location with a budget, and a location is checked right after its energy settings
 * are saved. Comes after alerts (whose live streams it tells) and site settings.
 */
export const energyArea: Area = {
  name: 'energy',
  install: ({ app, calls, db, clock, permissions, jobs }) => {
    const repo = new EnergyRepository(db);
    const energy = new EnergyService({ repo, permissions, clock });
    registerEnergyRoutes(calls, energy);
    const budget = new BudgetAlerts({
      repo,
      alerts: new AlertsRepository(db),
      energy,
      clock,
      jobs,
      announce: (userIds) => app.alerts.announceTo(userIds),
      log: app.log.child({ area: 'energy' }),
    });
    const stop = app.siteSettings.onEnergySaved((siteId) => budget.checkSoon(siteId));
    app.addHook('onReady', () => budget.start());
    app.addHook('onClose', () => {
      stop();
      return Promise.resolve();
    });
    app.decorate('energy', { budget });
  },
};
