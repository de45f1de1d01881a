import { z } from 'zod';
import { permLvlSchema, type PermLvl } from '../permissions/perm-lvl';
import { emailAddressSchema } from '../validation/common';
import { locationSettingsSchema } from '../validation/location';
import { contactDetailsSchema } from './locations';

/** Refine modal sort orders (spec §2): alphabetical, creation, recent visit. */
export const SITE_SORTS = ['alphabetical', 'creation', 'recentVisit'] as const;
export const siteSortSchema = z.enum(SITE_SORTS);
export type SiteSort = z.infer<typeof siteSortSchema>;

/** Lock/unlock, permissions and delete of a location: owner or ADMIN there (ours, spec silent). */
export function canManageLocation(permLvl: PermLvl): boolean {
  return permLvl === 'owner' || permLvl === 'ADMIN';
}

/** `siteManagement svc=settings` GET: the general settings plus what the screen needs around them. */
export const locationSettingsViewSchema = z.object({
  siteId: z.string(),
  permLvl: permLvlSchema,
  otltLock: z.boolean(),
  watched: z.boolean(),
  muted: z.boolean(),
  general: locationSettingsSchema,
});
export type LocationSettingsView = z.infer<typeof locationSettingsViewSchema>;

/** `siteManagement svc=lock` answer: the location's outlet lock as saved. */
export const siteLockSchema = z.object({ siteId: z.string(), otltLock: z.boolean() });

/** `locations svc=deleteLocation` answer. */
export const deletedLocationSchema = z.object({ siteId: z.string(), deleted: z.literal(true) });

/** `watchManagement svc=addSite / deleteSite` answer: whether the caller now watches it. */
export const siteWatchSchema = z.object({ siteId: z.string(), watched: z.boolean() });

/** `mutesManagement svc=muteSite / unmuteSite` answer: whether the caller now mutes it. */
export const siteMuteSchema = z.object({ siteId: z.string(), muted: z.boolean() });

/** `locations svc=visitSite` answer (ours). */
export const siteVisitSchema = z.object({ siteId: z.string() });

/** One entry of `accountManagement svc=getTimezoneList`: a label and its GMT offset ("-8.00"). */
export const timezoneOptionSchema = z.object({ label: z.string(), offset: z.string() });
export type TimezoneOption = z.infer<typeof timezoneOptionSchema>;

/** A person's permission record at a location (spec §3 "permission records with permLvl"). */
export const sitePermissionSchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  permLvl: permLvlSchema,
});
export type SitePermission = z.infer<typeof sitePermissionSchema>;

/** Add a person to a location by the e-mail of an existing account. */
export const addSitePermissionSchema = z.object({
  email: emailAddressSchema('Please enter an email', 'Please enter a valid email address'),
  permLvl: permLvlSchema,
});
export type AddSitePermission = z.infer<typeof addSitePermissionSchema>;

/** What the energy settings form and the server say of a value they refuse. */
export const energySettingsMessages = {
  season: 'Please enter season name',
  month: 'A month is a whole number from 1 to 12',
  rateMin: 'Rate cannot be negative',
  rateMax: 'Rate cannot be more than 100 per kWh',
  budgetMin: 'Budget cannot be negative',
  budgetMax: 'Budget cannot be more than 100,000,000',
} as const;

const monthSchema = z.coerce
  .number()
  .int(energySettingsMessages.month)
  .min(1, energySettingsMessages.month)
  .max(12, energySettingsMessages.month);

/** One seasonal electricity rate (per kWh) of a location's energy management. */
export const seasonalRateSchema = z
  .object({
    season: z.string().trim().min(1, energySettingsMessages.season).max(40),
    startMonth: monthSchema,
    endMonth: monthSchema,
    rate: z.coerce
      .number()
      .min(0, energySettingsMessages.rateMin)
      .max(100, energySettingsMessages.rateMax),
  })
  .strict();
export type SeasonalRate = z.infer<typeof seasonalRateSchema>;

export const energySettingsSchema = z.object({
  monthlyBudget: z.coerce
    .number()
    .min(0, energySettingsMessages.budgetMin)
    .max(100_000_000, energySettingsMessages.budgetMax),
  rates: z.array(seasonalRateSchema).max(12),
});
export type EnergySettings = z.infer<typeof energySettingsSchema>;

/** `images svc=uploadPicture` answer: `path` becomes the client's imageFileRef. */
export const uploadPictureResultSchema = z.object({
  status: z.literal('success'),
  path: z.string(),
});

/** `clients svc=getClients` record (spec §3 Client); counts arrive later through clientsStats. */
export const clientSummarySchema = z.object({
  id: z.string(),
  firstName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  imageFileRef: z.string().nullable(),
  siteCnt: z.number().int().nullable(),
  devCnt: z.number().int().nullable(),
});

export const clientsPageSchema = z.object({
  records: z.array(clientSummarySchema),
  totalRecords: z.number().int().nonnegative(),
  pageNo: z.number().int().nonnegative(),
  recordsPerPage: z.number().int().positive(),
});
export type ClientsPage = z.infer<typeof clientsPageSchema>;

/** `clients svc=clientsStats`: counts per client id. */
export const clientStatsSchema = z.array(
  z.object({ id: z.string(), siteCnt: z.number().int(), devCnt: z.number().int() }),
);
export type ClientStats = z.infer<typeof clientStatsSchema>;

export const clientDetailsSchema = clientSummarySchema.extend({
  lastName: z.string().nullable(),
  company: z.string().nullable(),
  address: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  country: z.string().nullable(),
  postalCode: z.string().nullable(),
});
export type ClientDetails = z.infer<typeof clientDetailsSchema>;

export const clientContactSchema = contactDetailsSchema.extend({
  id: z.string(),
  clientId: z.string(),
});
export type ClientContact = z.infer<typeof clientContactSchema>;
