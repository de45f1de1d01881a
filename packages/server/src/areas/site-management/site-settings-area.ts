import type { Area } from '../area';
import { SchedulePlanner } from '../schedules/scheduler';
import { SchedulesRepository } from '../schedules/schedules.repository';
import { SiteSettingsRepository } from './site-settings.repository';
import { registerSiteSettingsRoutes } from './site-settings.routes';
import { SiteSettingsService } from './site-settings.service';

/** A location's settings; a change of its time zone or DST setting replans its schedules. */
export const siteSettingsArea: Area = {
  name: 'site-settings',
  install: ({ calls, db, permissions, clock, jobs }) => {
    const schedules = new SchedulePlanner(new SchedulesRepository(db), jobs, clock);
    registerSiteSettingsRoutes(
      calls,
      new SiteSettingsService(new SiteSettingsRepository(db), permissions, clock, (siteId) =>
        schedules.replanLocation(siteId),
      ),
    );
  },
};
