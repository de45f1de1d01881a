import type { Area } from '../area';
import { ClientsRepository } from '../clients/clients.repository';
import { CreatorRule } from '../clients/creator-rule';
import { registerLocationCreateRoutes } from './location-create';
import { LocationsRepository } from './locations.repository';
import { registerLocationsRoutes } from './locations.routes';
import { LocationsService } from './locations.service';
import { SiteMarksRepository } from './site-marks.repository';
import { registerSiteMarksRoutes } from './site-marks.routes';
import { SiteMarksService } from './site-marks.service';

/** The locations list, a user's marks on a location (watch, mute, visit) and adding locations. */
export const locationsArea: Area = {
  name: 'locations',
  install({ calls, db, permissions, clock }) {
    registerLocationsRoutes(
      calls,
      new LocationsService(new LocationsRepository(db), permissions, clock),
    );
    registerSiteMarksRoutes(
      calls,
      new SiteMarksService(new SiteMarksRepository(db), permissions, clock),
    );
    registerLocationCreateRoutes(calls, {
      clients: new ClientsRepository(db),
      creators: new CreatorRule(db),
      clock,
    });
  },
};
