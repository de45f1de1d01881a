import { z } from 'zod';
import { permLvlSchema } from '../permissions/perm-lvl';

/** A contact's details as shown in the primary-contact popover (spec §2, §3). */
export const contactDetailsSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  email: z.string(),
});

/** One location as listed by `locations svc=getSitesData` (spec §3 Location). */
export const locationSchema = z.object({
  siteId: z.string(),
  name: z.string(),
  client: z.string().nullable(),
  clientId: z.string().nullable(),
  permLvl: permLvlSchema,
  otltLock: z.boolean(),
  watched: z.boolean(),
  muted: z.boolean(),
  primeContact: z.string().nullable(),
  primeContactDetails: contactDetailsSchema.nullable(),
});
export type Location = z.infer<typeof locationSchema>;

export const sitesPageSchema = z.object({
  records: z.array(locationSchema),
  totalRecords: z.number().int().nonnegative(),
  pageNo: z.number().int().nonnegative(),
  recordsPerPage: z.number().int().positive(),
});
export type SitesPage = z.infer<typeof sitesPageSchema>;

/** `locations svc=getDeviceCount` (spec §7: response total, active, inActive). */
export const deviceCountSchema = z.object({
  total: z.number().int().nonnegative(),
  active: z.number().int().nonnegative(),
  inActive: z.number().int().nonnegative(),
});
export type DeviceCount = z.infer<typeof deviceCountSchema>;
