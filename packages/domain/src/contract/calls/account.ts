import { z } from 'zod';
import {
  accountDetailsSchema,
  changeEmailSchema,
  changePasswordSchema,
  feedbackJsonSchema,
  updateAccountDetailsSchema,
  userDataForSitesSchema,
  userPublicDetailsSchema,
} from '../../api/account';
import { timezoneOptionSchema } from '../../api/location-admin';
import { userSitesDataSchema } from '../../api/notes';
import { tokenSchema } from '../../auth/auth.schemas';
import { type CallGroup, defineCall } from '../call';
import { noInput, okOutput } from '../inputs';

const minute = 60_000;
const tooManyAttempts = 'Too many attempts. Please try later.';

/** The feedback of the classic-UI switch and of deleteUser: a JSON object as text (spec §7). */
const feedbackInput = z.object({ feedback: feedbackJsonSchema.default({}) });

/** Answered by the calls whose success the console reads as "the answer is true" (spec §7). */
const trueOutput = z.literal(true);

const userIdText = (field: string) =>
  z
    .string({ message: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(100, `${field} is too long`);

/** Site ids separated by commas, or repeated fields (`locationIds=a,b` or `locationIds=a&locationIds=b`). */
const locationIdsField = z
  .union([z.string().max(20_000), z.array(z.string().max(20_000)).max(1000)], {
    message: 'locationIds is required',
  })
  .transform((v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((part) => part.split(','))
      .map((id) => id.trim())
      .filter((id) => id !== ''),
  )
  .pipe(
    z
      .array(z.string().max(100, 'locationIds: a site id is too long'))
      .min(1, 'locationIds is required')
      .max(1000, 'locationIds: at most 1000 locations'),
  );

/**
 * Profile and account: the signed-in user's own details, password, e-mail, levels, deletion; the
 * details and levels of the users they share a location with.
 */
export const account = {
  getUserSitesData: defineCall({
    area: 'accountManagement',
    svc: 'getUserSitesData',
    methods: ['GET'],
    input: z.object({ user: z.string().trim().max(100).optional() }),
    output: userSitesDataSchema,
    access: 'user',
    rule: 'the caller’s own locations; another user’s only for SUPPORT',
    summary: 'The locations a user holds and their permLvl at each (spec §6, §7).',
  }),
  getTimezoneList: defineCall({
    area: 'accountManagement',
    svc: 'getTimezoneList',
    methods: ['GET'],
    input: noInput,
    output: z.array(timezoneOptionSchema),
    access: 'user',
    summary: 'The time-zone list: labels with their GMT offset ("-8.00") (spec §7).',
  }),
  changePassword: defineCall({
    area: 'accountManagement',
    svc: 'changePassword',
    methods: ['POST'],
    body: 'json',
    input: changePasswordSchema,
    output: okOutput,
    access: 'user',
    rule: 'the caller, with their current password',
    rateLimit: { max: 10, windowMs: minute, message: tooManyAttempts },
    summary: 'Sets a new password; ends the user’s other sessions and e-mailed links.',
  }),
  changeEmail: defineCall({
    area: 'accountManagement',
    svc: 'changeEmail',
    methods: ['POST'],
    body: 'json',
    input: changeEmailSchema,
    output: okOutput,
    access: 'user',
    rule: 'the caller, with their current password',
    rateLimit: { max: 10, windowMs: minute, message: tooManyAttempts },
    summary: 'Starts an e-mail change: a verification link goes to the new address.',
  }),
  verifyEmailChange: defineCall({
    area: 'accountManagement',
    svc: 'verifyEmailChange',
    methods: ['POST'],
    body: 'json',
    input: z.object({ token: tokenSchema }),
    output: okOutput,
    // opened from the e-mailed link, possibly in a browser signed in as nobody
    access: 'public',
    rule: 'whoever holds the e-mailed link',
    rateLimit: { max: 30, windowMs: minute, message: tooManyAttempts },
    summary: 'Completes an e-mail change with the token of the e-mailed link.',
  }),
  getAccountSettings: defineCall({
    area: 'userDetails',
    svc: 'getAccountSettings',
    methods: ['GET'],
    input: noInput,
    output: accountDetailsSchema,
    access: 'user',
    rule: 'the caller’s own details',
    summary: 'The signed-in user’s name, e-mail and phone (spec §7 Account details).',
  }),
  userDetails: defineCall({
    area: 'userDetails',
    svc: 'userDetails',
    methods: ['GET'],
    input: noInput,
    output: accountDetailsSchema,
    access: 'user',
    rule: 'the caller’s own details',
    summary: 'The same as getAccountSettings, under the spec’s other name (spec §7).',
  }),
  getUserDetails: defineCall({
    area: 'userDetails',
    svc: 'getUserDetails',
    methods: ['GET'],
    input: z.object({ userId: userIdText('userId') }),
    output: userPublicDetailsSchema,
    access: 'user',
    rule: 'the caller, a user sharing a location with them, or anyone for SUPPORT',
    summary:
      'Another user’s id, name and e-mail; 404 when unknown or sharing no location (spec §7).',
  }),
  getUserDataForSites: defineCall({
    area: 'userDetails',
    svc: 'getUserDataForSites',
    methods: ['GET'],
    input: z.object({ locationIds: locationIdsField, user: userIdText('user') }),
    output: userDataForSitesSchema,
    access: 'user',
    rule: 'a user the caller may see (getUserDetails); only locations where the caller holds a level (all for SUPPORT)',
    summary:
      'A user’s permLvl at each location asked for where they hold one; others left out (spec §7).',
  }),
  updateUserDetails: defineCall({
    area: 'userDetails',
    svc: 'updateUserDetails',
    methods: ['POST'],
    body: 'json',
    input: updateAccountDetailsSchema,
    output: accountDetailsSchema,
    access: 'user',
    rule: 'the caller’s own details',
    summary: 'Saves the signed-in user’s name and phone; answers the details as saved.',
  }),
  classicUiFeedback: defineCall({
    area: 'userPreference',
    svc: 'classicUiFeedback',
    methods: ['GET', 'POST'],
    input: feedbackInput,
    output: trueOutput,
    access: 'user',
    summary: 'Feedback before switching to the classic interface; `true` when kept (spec §7).',
  }),
  deleteUser: defineCall({
    area: 'userPreference',
    svc: 'deleteUser',
    methods: ['GET'],
    input: feedbackInput,
    output: trueOutput,
    access: 'user',
    rule: 'the caller’s own account',
    summary:
      'Deletes the signed-in user’s account with their feedback and ends the session; ' +
      'a success when the answer is `true` (spec §7).',
  }),
} satisfies CallGroup;
