import { z } from 'zod';
import {
  CHALLENGE_KEY_PART_LENGTH,
  CHALLENGE_KEY_PARTS,
  MAC_PART_LENGTH,
  MAC_PARTS,
  NAME_MAX_LENGTH,
} from '../constants';
import { deviceClassSchema } from '../catalog/device-class';
import { confirmationMatches, emailAddressSchema, nameMaxSchema } from './common';
import { validationMessages } from './validation-messages';

/** One MAC box: exactly 2 hex characters. */
export const macPartSchema = z
  .string()
  .trim()
  .regex(/^[0-9A-Fa-f]{2}$/, validationMessages.macId)
  .transform((part) => part.toUpperCase());

/** One challenge-key box: exactly 4 letters or digits. */
export const challengeKeyPartSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{4}$/, validationMessages.challengeKey);

/** The six MAC boxes, joined into the devId (upper-case hex, no colons). */
export const macPartsSchema = z
  .array(macPartSchema)
  .length(MAC_PARTS, validationMessages.macId)
  .transform((parts) => parts.join(''));

/** The three challenge-key boxes, joined into the claim key. */
export const challengeKeyPartsSchema = z
  .array(challengeKeyPartSchema)
  .length(CHALLENGE_KEY_PARTS, validationMessages.challengeKey)
  .transform((parts) => parts.join(''));

const MAC_ID_PATTERN = new RegExp(
  `^(?:[0-9A-F]{${MAC_PART_LENGTH}}:?){${MAC_PARTS - 1}}[0-9A-F]{2}$`,
  'i',
);

/** A MAC ID as text ("1065A3000001" or "10:65:A3:00:00:01"), normalised to upper-case hex. */
export const macIdSchema = z
  .string()
  .trim()
  .regex(MAC_ID_PATTERN, validationMessages.macId)
  .transform((mac) => mac.replaceAll(':', '').toUpperCase());

/** A challenge key as text, 12 characters, dashes between the parts allowed. */
export const challengeKeySchema = z
  .string()
  .trim()
  .transform((key) => key.replaceAll('-', ''))
  .pipe(
    z
      .string()
      .regex(
        new RegExp(`^[A-Za-z0-9]{${CHALLENGE_KEY_PARTS * CHALLENGE_KEY_PART_LENGTH}}$`),
        validationMessages.challengeKey,
      ),
  );

/** `addNewDevice` body (spec §7: devId, claimKey). */
export const addDeviceSchema = z.object({ devId: macIdSchema, claimKey: challengeKeySchema });
export type AddDevice = z.infer<typeof addDeviceSchema>;

/** Splits a devId into its six MAC boxes, e.g. to pre-fill the form. */
export function splitMacId(devId: string): string[] {
  return (
    devId
      .replaceAll(':', '')
      .toUpperCase()
      .match(/.{1,2}/g) ?? []
  );
}

/** IPv4: four dot parts each 0-255; the literal placeholder "{ip}" is rejected (spec §5). */
export const ipv4Schema = z.string().trim().refine(isIpv4, validationMessages.ipAddress);

export function isIpv4(value: string): boolean {
  if (value.includes('{ip}')) return false;
  const parts = value.split('.');
  return parts.length === 4 && parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255);
}

/** The add-device form (spec §3): MAC and key boxes, optional credentials, IP and e-mail. */
export const registerDeviceFormSchema = z
  .object({
    mac0: macPartSchema,
    mac1: macPartSchema,
    mac2: macPartSchema,
    mac3: macPartSchema,
    mac4: macPartSchema,
    mac5: macPartSchema,
    ckey0: challengeKeyPartSchema,
    ckey1: challengeKeyPartSchema,
    ckey2: challengeKeyPartSchema,
    username: z.string().optional(),
    username_confirm: z.string().optional(),
    password: z.string().optional(),
    password_confirm: z.string().optional(),
    ipAddress: z.union([z.literal(''), ipv4Schema]).optional(),
    email: z.union([z.literal(''), emailAddressSchema()]).optional(),
  })
  .refine((form) => confirmationMatches(form.username, form.username_confirm), {
    message: validationMessages.usernameMismatch,
    path: ['username_confirm'],
  })
  .refine((form) => confirmationMatches(form.password, form.password_confirm), {
    message: validationMessages.passwordMismatch,
    path: ['password_confirm'],
  });
export type RegisterDeviceForm = z.infer<typeof registerDeviceFormSchema>;

/** The register form's devId and claimKey. */
export function registrationFromForm(form: RegisterDeviceForm): AddDevice {
  return {
    devId: [form.mac0, form.mac1, form.mac2, form.mac3, form.mac4, form.mac5].join(''),
    claimKey: [form.ckey0, form.ckey1, form.ckey2].join(''),
  };
}

/** Device name in the Edit Device Name modal and edit-outlets form (spec §5). */
export const deviceNameSchema = z
  .string()
  .trim()
  .min(1, validationMessages.deviceNameRequired)
  .max(NAME_MAX_LENGTH, validationMessages.maxLength);

/** Device name as the shell's add/join forms word it (spec §5). */
export const shellDeviceNameSchema = z
  .string()
  .trim()
  .min(1, validationMessages.shellDeviceNameRequired)
  .max(NAME_MAX_LENGTH, validationMessages.maxLength);

/** Every outlet name and label: at most 40 characters. */
export const outletLabelSchema = nameMaxSchema;

/** One label of one outlet in the edit payload (spec §3: otltId 1-based, lblId 1-3, state 1 locked). */
export const outletLabelEditSchema = z.object({
  otltId: z.number().int().min(1),
  lblId: z.number().int().min(1).max(3),
  name: outletLabelSchema,
  state: z.union([z.literal(0), z.literal(1)]),
});

/** `devices svc=updateOutlets`: per device its labels and locks (spec §3 Edit payload, §7). */
export const editOutletsSchema = z.object({
  siteId: z.string().min(1),
  devId: z.string().min(1),
  devClass: deviceClassSchema,
  newDevName: deviceNameSchema.optional(),
  outlets: z.array(
    z.object({
      devId: z.string().min(1),
      devClass: deviceClassSchema,
      info: z.array(outletLabelEditSchema),
    }),
  ),
});
export type EditOutlets = z.infer<typeof editOutletsSchema>;

/** A device id and selected outlet, as chosen in a list of outlets. */
export interface OutletSelection {
  devId: string;
  outlet: number | string;
}

/** Indexes of rows repeating an earlier row's device id and outlet (spec §5 duplicate outlet). */
export function duplicateOutletIndexes(rows: readonly OutletSelection[]): number[] {
  const seen = new Set<string>();
  const duplicates: number[] = [];
  rows.forEach((row, index) => {
    const key = `${row.devId}\u0000${String(row.outlet)}`;
    if (seen.has(key)) duplicates.push(index);
    seen.add(key);
  });
  return duplicates;
}

/** A list of outlet selections in which the same device id and outlet appear at most once. */
export const outletSelectionsSchema = z
  .array(z.object({ devId: z.string().min(1), outlet: z.number().int().min(1) }))
  .superRefine((rows, ctx) => {
    for (const index of duplicateOutletIndexes(rows)) {
      ctx.addIssue({
        code: 'custom',
        message: validationMessages.duplicateOutlet,
        path: [index, 'outlet'],
      });
    }
  });

/** Join a wireless device (spec §3: devClass, devName, devId, svc, state). */
export const joinDeviceSchema = z.object({
  devClass: deviceClassSchema,
  devName: shellDeviceNameSchema,
  devId: z.string().min(1),
  svc: z.string().min(1),
  state: z.string(),
});
