import { z } from 'zod';
import { emailAddressSchema, optionalTextSchema, requiredTextSchema } from './common';
import { validationMessages } from './validation-messages';
import { NAME_MAX_LENGTH } from '../constants';

const clientNameSchema = requiredTextSchema(validationMessages.clientNameRequired).max(
  NAME_MAX_LENGTH,
  validationMessages.maxLength,
);

const clientEmailSchema = emailAddressSchema(
  validationMessages.clientEmailRequired,
  validationMessages.email,
);

/** Required and digits only (spec §5 clientPhone). */
const clientPhoneSchema = requiredTextSchema(validationMessages.clientPhoneRequired).regex(
  /^\d+$/,
  validationMessages.numeric,
);

/** Create-client form (spec §3, §5); address fields optional. */
export const createClientSchema = z.object({
  clientName: clientNameSchema,
  clientEmail: clientEmailSchema,
  clientPhone: clientPhoneSchema,
  clientAddress1: optionalTextSchema,
  clientAddress2: optionalTextSchema,
  clientCity: optionalTextSchema,
  clientRegion: optionalTextSchema,
  clientCountry: optionalTextSchema,
  clientPostalCode: optionalTextSchema,
});
export type CreateClient = z.infer<typeof createClientSchema>;

/**
 * A new client created inline with a location (spec §3): it needs name, phone and e-mail (spec §5);
 * the rest is optional. `firstName` carries the client name.
 */
export const inlineClientSchema = z.object({
  firstName: clientNameSchema,
  lastName: optionalTextSchema,
  address: optionalTextSchema,
  address2: optionalTextSchema,
  city: optionalTextSchema,
  postalCode: optionalTextSchema,
  region: optionalTextSchema,
  country: optionalTextSchema,
  phone: clientPhoneSchema,
  phone2: z
    .union([z.literal(''), z.string().trim().regex(/^\d+$/, validationMessages.numeric)])
    .optional(),
  email: clientEmailSchema,
  company: optionalTextSchema,
  imageFileRef: optionalTextSchema,
  isClient: z.literal(true).default(true),
});
