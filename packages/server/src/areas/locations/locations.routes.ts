import { callTable } from '@powerdeck/domain';
import type { CallRegistry } from '../../http/contract';
import type { LocationsService } from './locations.service';

/** The locations list calls of spec §7. */
export function registerLocationsRoutes(calls: CallRegistry, service: LocationsService): void {
  calls.implement(callTable.locations, {
    getSitesData: ({ auth, input }) => service.getSitesData(auth.user, input),
    getWatchedSitesData: ({ auth, input }) =>
      service.getSitesData(auth.user, { ...input, watchedOnly: true }),
    getDeviceCount: ({ auth, input }) => service.getDeviceCount(auth.user, input.siteId),
  });
}
