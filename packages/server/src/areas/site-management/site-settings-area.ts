import type { Area } from '../area';
import { SchedulePlanner } from '../schedules/scheduler';
import { SchedulesRepository } from '../schedules/schedules.repository';
import { SiteSettingsRepository } from './site-settings.repository';
import { registerSiteSettingsRoutes } from './site-settings.routes';
import { SiteSettingsService } from './site-settings.service';

type EnergySavedListener = (siteId: string) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    siteSettings: {
      /** Called (and awaited) after a location's energy settings are saved; returns a stop. */
      onEnergySaved(listener: EnergySavedListener): () => void;
    };
  }
}

/**
 * A location's settings; a change of its time zone or DST setting replans its schedules, and a
 * save of its energy settings is told to the listeners (the energy area checks the budget).
 */
export const siteSettingsArea: Area = {
  name: 'site-settings',
  install: ({ app, calls, db, permissions, clock, jobs }) => {
    const schedules = new SchedulePlanner(new SchedulesRepository(db), jobs, clock);
    const energyListeners = new Set<EnergySavedListener>();
    registerSiteSettingsRoutes(
      calls,
      new SiteSettingsService(
        new SiteSettingsRepository(db),
        permissions,
        clock,
        (siteId) => schedules.replanLocation(siteId),
        async (siteId) => {
          for (const listener of energyListeners) await listener(siteId);
        },
      ),
    );
    app.decorate('siteSettings', {
      onEnergySaved(listener: EnergySavedListener) {
        energyListeners.add(listener);
        return () => energyListeners.delete(listener);
      },
    });
  },
};
