import { z } from 'zod';
import { DEFAULT_TIMEZONE, DEFAULT_VIEWPREF, NAME_MAX_LENGTH, VIEW_PREFS } from '../constants';
import { inlineClientSchema } from './client';
import { optionalTextSchema, requiredTextSchema } from './common';
import { validationMessages } from './validation-messages';

/** Location name: required ('Please enter location name'), at most 40 characters. */
export const locationNameSchema = requiredTextSchema(validationMessages.locationNameRequired).max(
  NAME_MAX_LENGTH,
  validationMessages.maxLength,
);

// The spec does not define "proper": letters, digits, spaces and dashes, 3-10 characters,
// which covers US ZIP/ZIP+4, Canadian and UK postcodes.
const ZIP_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{1,8}[A-Za-z0-9]$/;

/** Zip code: empty, or a proper code ('Please enter proper zipcode'). */
export const zipCodeSchema = z
  .string()
  .trim()
  .refine((zip) => zip === '' || ZIP_PATTERN.test(zip), validationMessages.zipCode);

/** GMT offset as the time-zone list gives it, e.g. "-8.00", "5.50", "+10.00". */
export const timezoneSchema = z
  .string()
  .trim()
  .regex(/^[-+]?\d{1,2}\.\d{2}$/);

export const dstSchema = z.enum(['yes', 'no']);
export const viewPrefSchema = z.enum(VIEW_PREFS);

const digits = (max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d*$/, validationMessages.numeric)
    .refine((v) => v === '' || Number(v) <= max)
    .optional();

/** `addLocationAndClient` location object (spec §3), with the spec's defaults. */
export const locationCreateSchema = z.object({
  name: locationNameSchema,
  address: optionalTextSchema,
  address2: optionalTextSchema,
  city: optionalTextSchema,
  postalCode: zipCodeSchema.optional(),
  region: optionalTextSchema,
  country: optionalTextSchema,
  dst: dstSchema.default('no'),
  timezone: timezoneSchema.default(DEFAULT_TIMEZONE),
  viewpref: viewPrefSchema.default(DEFAULT_VIEWPREF),
  installday: digits(31),
  installmonth: digits(12),
  installyear: digits(9999),
  groupId: optionalTextSchema,
  /** An existing client's id; when set, no inline client is needed. */
  clientContact: optionalTextSchema,
});

/** `clientLocation svc=addLocationAndClient`: the location and, for a new client, the client. */
export const addLocationAndClientSchema = z.object({
  location: locationCreateSchema,
  client: inlineClientSchema.optional(),
});
export type AddLocationAndClient = z.infer<typeof addLocationAndClientSchema>;

/** Location general settings (spec §3), saved through `siteManagement svc=settings`. */
export const locationSettingsSchema = z.object({
  locationName: locationNameSchema,
  /** Installation date, picker format YYYY-MM-DD; empty when unknown. */
  installationDate: z.union([z.literal(''), z.iso.date()]).optional(),
  timezone: timezoneSchema,
  dst: dstSchema,
  address: optionalTextSchema,
  address2: optionalTextSchema,
  city: optionalTextSchema,
  region: optionalTextSchema,
  country: optionalTextSchema,
  zipCode: zipCodeSchema.optional(),
  devViewPref: viewPrefSchema,
});
export type LocationSettings = z.infer<typeof locationSettingsSchema>;
