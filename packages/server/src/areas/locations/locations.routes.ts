import { siteSortSchema } from '@powerdeck/domain';
import { z } from 'zod';
import { type DataSvc, authedSvc } from '../../http/data-svc';
import { pagingInput } from '../../http/paging';
import type { LocationsService } from './locations.service';

const sitesPageInput = pagingInput.extend({
  /** Refine modal: sort order, status=active, and client ids separated by commas. */
  sortBy: siteSortSchema.optional(),
  status: z.enum(['all', 'active']).optional(),
  clientIds: z
    .string()
    .max(4000)
    .transform((v) =>
      v
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id !== ''),
    )
    .optional(),
});
export type SitesPageInput = z.output<typeof sitesPageInput>;

const siteIdInput = z.object({
  siteId: z.string({ message: 'siteId is required' }).trim().min(1, 'siteId is required').max(100),
});

/** The locations list calls of spec §7; the rest of the area is in locations-area.ts. */
export function registerLocationsRoutes(dataSvc: DataSvc, service: LocationsService): void {
  dataSvc.area('locations', {
    getSitesData: authedSvc({
      methods: ['GET'],
      input: sitesPageInput,
      handler: ({ auth, input }) => service.getSitesData(auth.user, input),
    }),
    getWatchedSitesData: authedSvc({
      methods: ['GET'],
      input: sitesPageInput.extend({
        recordsPerPage: sitesPageInput.shape.recordsPerPage.unwrap().default('all'),
      }),
      handler: ({ auth, input }) =>
        service.getSitesData(auth.user, { ...input, watchedOnly: true }),
    }),
    getDeviceCount: authedSvc({
      methods: ['GET'],
      input: siteIdInput,
      handler: ({ auth, input }) => service.getDeviceCount(auth.user, input.siteId),
    }),
  });
}
