import { z } from 'zod';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  authMessages,
  emailSchema,
} from '../auth/auth.schemas';
import { NAME_MAX_LENGTH } from '../constants';
import { permLvlSchema } from '../permissions/perm-lvl';

/** Messages of the profile pages; the spec does not word them, they follow its style. */
export const accountMessages = {
  currentPasswordRequired: 'Please enter your current password',
  currentPasswordWrong: 'Current password is incorrect.',
  sameEmail: 'This is already your email address.',
  emailTaken: 'An account with this email already exists.',
  badEmailLink: 'This email change link is invalid or has expired.',
  phoneInvalid: 'Please enter numeric value',
  deleteFailed: 'Your account could not be deleted.',
  userNotFound: 'User not found.',
} as const;

/** `userDetails svc=userDetails` / `getAccountSettings`: the signed-in user's details. */
export const accountDetailsSchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  /** A change of e-mail waiting for its verification link, if any. */
  pendingEmail: z.string().nullable(),
});
export type AccountDetails = z.infer<typeof accountDetailsSchema>;

/**
 * `userDetails svc=getUserDetails`: another user's public details, for a caller sharing a location
 * with them (spec §7).
 */
export const userPublicDetailsSchema = accountDetailsSchema.pick({
  userId: true,
  firstName: true,
  lastName: true,
  email: true,
});
export type UserPublicDetails = z.infer<typeof userPublicDetailsSchema>;

/** `userDetails svc=getUserDataForSites`: a user's level at the locations asked for (spec §7). */
export const userDataForSitesSchema = z.object({
  records: z.array(z.object({ siteId: z.string(), permLvl: permLvlSchema })),
});
export type UserDataForSites = z.infer<typeof userDataForSitesSchema>;

export const updateAccountDetailsSchema = z.object({
  firstName: z.string().trim().min(1, authMessages.firstNameRequired).max(NAME_MAX_LENGTH),
  lastName: z.string().trim().min(1, authMessages.lastNameRequired).max(NAME_MAX_LENGTH),
  phone: z
    .string()
    .trim()
    .max(20)
    .regex(/^[0-9+\-() ]*$/, accountMessages.phoneInvalid),
});
export type UpdateAccountDetails = z.infer<typeof updateAccountDetailsSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string()
      .min(1, accountMessages.currentPasswordRequired)
      .max(PASSWORD_MAX_LENGTH),
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, authMessages.passwordTooShort)
      .max(PASSWORD_MAX_LENGTH),
    passwordConfirm: z.string(),
  })
  .refine((v) => v.password === v.passwordConfirm, {
    message: authMessages.passwordsDiffer,
    path: ['passwordConfirm'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const changeEmailSchema = z.object({
  email: emailSchema,
  currentPassword: z
    .string()
    .min(1, accountMessages.currentPasswordRequired)
    .max(PASSWORD_MAX_LENGTH),
});
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

/** Feedback sent with `deleteUser` and `classicUiFeedback` (a JSON object, size-limited). */
export const feedbackJsonSchema = z
  .string()
  .max(4000)
  .transform((text, ctx) => {
    try {
      const value: unknown = JSON.parse(text);
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
        return value as Record<string, unknown>;
      }
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: 'feedback must be a JSON object' });
    return z.NEVER;
  });
