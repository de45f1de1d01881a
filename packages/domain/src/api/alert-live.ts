import { z } from 'zod';
import { alertRecordSchema } from './alerts';

/** How many alerts the panel lists (newest first). */
export const ALERTS_LIST_LIMIT = 100;

/**
 * The per-user alert stream (`eventPuller/alertsPusher.php`, server-sent events): one frame per
 * new alert, its SSE `id` the alert id (Last-Event-ID resumes after it), with the user's unread
 * count after it so the bell's badge needs no refetch.
 */
export const alertPushSchema = z.object({
  alert: alertRecordSchema,
  unread: z.number().int().nonnegative(),
});
export type AlertPush = z.infer<typeof alertPushSchema>;

/** Bounds of a location's offline grace period, in seconds (0: alert at once; at most 1 hour). */
export const OFFLINE_GRACE_MIN_SECONDS = 0;
export const OFFLINE_GRACE_MAX_SECONDS = 3600;

export const alertSettingsMessages = {
  graceRequired: 'Please enter the grace period in seconds',
  graceWhole: 'The grace period must be a whole number of seconds',
  graceMin: `The grace period cannot be less than ${OFFLINE_GRACE_MIN_SECONDS} seconds`,
  graceMax: `The grace period cannot be more than ${OFFLINE_GRACE_MAX_SECONDS} seconds (1 hour)`,
} as const;

/**
 * `alertsManagement svc=setAlertSettings`: the seconds a device may stay offline before its users
 * are alerted (form and server share this schema; numbers arrive as text from a form body).
 */
export const offlineGraceSecondsSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.coerce
    .number({ message: alertSettingsMessages.graceRequired })
    .int(alertSettingsMessages.graceWhole)
    .min(OFFLINE_GRACE_MIN_SECONDS, alertSettingsMessages.graceMin)
    .max(OFFLINE_GRACE_MAX_SECONDS, alertSettingsMessages.graceMax),
);

export const alertSettingsSchema = z.object({ offlineGraceSeconds: offlineGraceSecondsSchema });
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

/** `alertsManagement svc=getAlertSettings` and `setAlertSettings` answer: the grace period. */
export const alertSettingsAnswerSchema = z.object({
  offlineGraceSeconds: z
    .number()
    .int()
    .min(OFFLINE_GRACE_MIN_SECONDS)
    .max(OFFLINE_GRACE_MAX_SECONDS),
});
