import { z } from 'zod';

/**
 * Account tiers. STANDARD users hold per-location permission levels; SUPPORT is the higher admin
 * tier of spec §6 (staff of the service provider), who see the restricted admin links.
 */
export const accountTierSchema = z.enum(['STANDARD', 'SUPPORT']);
export type AccountTier = z.infer<typeof accountTierSchema>;

export const sessionUserSchema = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  tier: accountTierSchema,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** `auth svc=login`: the signed-in user. */
export const signedInSchema = z.object({ user: sessionUserSchema });

/**
 * `auth svc=session`: the signed-in user, or `user: null` without a live session — a 200 either
 * way, so a signed-out visitor's session check is no failed request in the browser's console
 * (issue 18). Every other call still answers 401 without a session.
 */
export const sessionAnswerSchema = z.object({ user: sessionUserSchema.nullable() });

/** Where an e-mail is on its way out (docs/operations.md, "Mail"). */
export const mailDeliveryStateSchema = z.enum(['queued', 'sent', 'retrying', 'failed']);

/**
 * One e-mail of the outbox (`auth svc=outbox`); `sentAt` (when it was queued) and `deliveredAt`
 * are ISO times; `attempts` counts failed delivery attempts, `lastError` names the last failure.
 */
export const outboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  sentAt: z.iso.datetime(),
  state: mailDeliveryStateSchema,
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** `auth svc=outbox`: what the demo would have e-mailed, newest first. */
export const outboxSchema = z.object({ messages: z.array(outboxMessageSchema) });
export type Outbox = z.infer<typeof outboxSchema>;

/** What the console needs before sign-in: served without a session. */
export const publicConfigSchema = z.object({
  brand: z.string(),
  bannerMessage: z.string().nullable(),
  classicUiUrl: z.string().nullable(),
  supportEmail: z.string(),
  supportPhone: z.string().nullable(),
  trackingId: z.string().nullable(),
  demo: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** Error body of every 4xx answer (ARCHITECTURE §6). */
export const apiErrorSchema = z.object({
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
