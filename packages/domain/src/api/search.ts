import { z } from 'zod';

/**
 * Wire types of `searchManagement` (spec §3 Search result, §7; docs/api/search-and-devices.md).
 * Every group holds only what the caller may see.
 */

export const searchLocationSchema = z.object({
  locationId: z.string(),
  locationName: z.string(),
  clientName: z.string().nullable(),
});
export type SearchLocation = z.infer<typeof searchLocationSchema>;

export const searchDeviceSchema = z.object({
  deviceName: z.string(),
  devClass: z.string(),
  locationId: z.string(),
  devId: z.string(),
  locationName: z.string(),
  parentDevId: z.string().nullable(),
  parentDevClass: z.string().nullable(),
  clientName: z.string().nullable(),
});
export type SearchDevice = z.infer<typeof searchDeviceSchema>;

/** A device with outlets whose labels match: outlet number ("1", "2", …) → its matching label. */
export const searchOutletSchema = searchDeviceSchema.extend({
  outlets: z.record(z.string(), z.string()),
});
export type SearchOutlet = z.infer<typeof searchOutletSchema>;

export const searchClientSchema = z.object({
  clientId: z.string(),
  clientName: z.string(),
  clientEmail: z.string().nullable(),
});
export type SearchClient = z.infer<typeof searchClientSchema>;

export const searchResultSchema = z.object({
  locations: z.array(searchLocationSchema),
  devices: z.array(searchDeviceSchema),
  outlets: z.array(searchOutletSchema),
  clients: z.array(searchClientSchema),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** Rows per group: a handful while typing, more for an explicit search. */
export const SEARCH_LIMITS = { autosuggest: 10, search: 50 } as const;
