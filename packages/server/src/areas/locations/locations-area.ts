import type { FastifyInstance } from 'fastify';
import type { CallRegistry } from '../../http/contract';
import type { DataSvc } from '../../http/data-svc';
import type { Clock } from '../../infra/clock';
import type { Db } from '../../infra/db/database';
import { ClientsRepository } from '../clients/clients.repository';
import { registerClientsRoutes } from '../clients/clients.routes';
import { ClientsService } from '../clients/clients.service';
import { CreatorRule } from '../clients/creator-rule';
import { installImages } from '../images/images';
import type { PermissionsRepository } from '../permissions/permissions.repository';
import { SiteSettingsRepository } from '../site-management/site-settings.repository';
import { registerSiteSettingsRoutes } from '../site-management/site-settings.routes';
import { SiteSettingsService } from '../site-management/site-settings.service';
import { registerLocationCreateRoutes } from './location-create';
import { LocationsRepository } from './locations.repository';
import { LocationsService } from './locations.service';
import { SiteMarksRepository, registerSiteToggleRoutes } from './site-toggles';

/**
 * The locations issue beyond the list: watch/mute, settings, adding locations, pictures and
 * clients.
 */
export async function installLocationAreas(
  app: FastifyInstance,
  dataSvc: DataSvc,
  deps: { db: Db; clock: Clock; permissions: PermissionsRepository; calls: CallRegistry },
): Promise<void> {
  const { db, clock, permissions } = deps;
  const clients = new ClientsRepository(db);
  const creators = new CreatorRule(db);
  const locations = new LocationsService(new LocationsRepository(db), permissions, clock);
  registerSiteToggleRoutes(deps.calls, { marks: new SiteMarksRepository(db), permissions, clock });
  registerSiteSettingsRoutes(
    deps.calls,
    new SiteSettingsService(new SiteSettingsRepository(db), permissions, clock),
  );
  registerLocationCreateRoutes(deps.calls, { clients, creators, clock });
  registerClientsRoutes(deps.calls, new ClientsService(clients, locations, creators));
  await installImages(app, deps.calls, db);
}
