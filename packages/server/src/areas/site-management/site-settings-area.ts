import type { Area } from '../area';
import { SiteSettingsRepository } from './site-settings.repository';
import { registerSiteSettingsRoutes } from './site-settings.routes';
import { SiteSettingsService } from './site-settings.service';

/** A location's settings. */
export const siteSettingsArea: Area = {
  name: 'site-settings',
  install: ({ calls, db, permissions, clock }) =>
    registerSiteSettingsRoutes(
      calls,
      new SiteSettingsService(new SiteSettingsRepository(db), permissions, clock),
    ),
};
