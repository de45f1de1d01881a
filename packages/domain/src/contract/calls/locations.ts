import { z } from 'zod';
import { deviceCountSchema, sitesPageSchema } from '../../api/locations';
import { siteSortSchema } from '../../api/location-admin';
import { defineCall } from '../call';
import { pagingInput, siteIdInput } from '../inputs';

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

export const locations = {
  getSitesData: defineCall({
    area: 'locations',
    svc: 'getSitesData',
    methods: ['GET'],
    input: sitesPageInput,
    output: sitesPageSchema,
    access: 'user',
    rule: 'lists only the locations the caller holds a level at (all for SUPPORT)',
    summary: 'A page of the locations list (spec §2, §7).',
  }),
  getWatchedSitesData: defineCall({
    area: 'locations',
    svc: 'getWatchedSitesData',
    methods: ['GET'],
    input: sitesPageInput.extend({
      recordsPerPage: sitesPageInput.shape.recordsPerPage.unwrap().default('all'),
    }),
    output: sitesPageSchema,
    access: 'user',
    rule: 'lists only the caller’s watched locations they hold a level at',
    summary: 'The watched locations (Watchlist).',
  }),
  getDeviceCount: defineCall({
    area: 'locations',
    svc: 'getDeviceCount',
    methods: ['GET'],
    input: siteIdInput,
    output: deviceCountSchema,
    access: 'user',
    rule: 'any level at siteId',
    summary: 'Total, active and inactive devices of a location (spec §7).',
  }),
};
