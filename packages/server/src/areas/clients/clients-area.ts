import type { Area } from '../area';
import { LocationsRepository } from '../locations/locations.repository';
import { LocationsService } from '../locations/locations.service';
import { ClientsRepository } from './clients.repository';
import { registerClientsRoutes } from './clients.routes';
import { ClientsService } from './clients.service';
import { CreatorRule } from './creator-rule';

/** Clients (a client's locations are read through the locations service). */
export const clientsArea: Area = {
  name: 'clients',
  install: ({ calls, db, permissions, clock }) =>
    registerClientsRoutes(
      calls,
      new ClientsService(
        new ClientsRepository(db),
        new LocationsService(new LocationsRepository(db), permissions, clock),
        new CreatorRule(db),
      ),
    ),
};
