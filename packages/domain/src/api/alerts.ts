import { z } from 'zod';
import { alertKindSchema } from '../catalog/alert-kinds';
import { alertEmailAnswerSchema } from './alert-email';

/** Alert `type`: 0 is an alert; every other value is a notification (the hidden tab). */
export const ALERT_TYPE = 0;

/** One alert of `notificationsManagement svc=enumerate` (spec §3); `time` is epoch ms. */
export const alertRecordSchema = z.object({
  id: z.number().int(),
  read: z.boolean(),
  isSubscribed: z.boolean(),
  msg: z.string(),
  time: z.number(),
  type: z.number().int(),
  siteId: z.string().nullable(),
  locationId: z.string().nullable(),
  devClass: z.string().nullable(),
  devId: z.string().nullable(),
  parentDevClass: z.string().nullable(),
  parentDevId: z.string().nullable(),
});
export type AlertRecord = z.infer<typeof alertRecordSchema>;

export const alertsListSchema = z.object({
  records: z.array(alertRecordSchema),
  unread: z.number().int(),
});
export type AlertsList = z.infer<typeof alertsListSchema>;

/** One alert a user can subscribe to: the alerts of one device at one of their locations. */
export const alertSubscriptionSchema = z.object({
  type: z.number().int(),
  devClass: z.string(),
  devId: z.string(),
  subscribed: z.boolean(),
  /** Whether its alerts also come by e-mail (issue 19). */
  email: alertEmailAnswerSchema,
  devName: z.string().nullable(),
  siteId: z.string().nullable(),
  locationName: z.string().nullable(),
});
export type AlertSubscription = z.infer<typeof alertSubscriptionSchema>;

/** Rows per page of `alertsManagement svc=listSubscriptions`. */
export const ALERT_SUBSCRIPTIONS_PAGE_SIZE = 50;

/** `alertsManagement svc=listSubscriptions&pageNo=`: every subscribable alert, a page at a time. */
export const alertSubscriptionsPageSchema = z.object({
  records: z.array(alertSubscriptionSchema),
  totalRecords: z.number().int(),
  pageNo: z.number().int(),
  recordsPerPage: z.number().int(),
});
export type AlertSubscriptionsPage = z.infer<typeof alertSubscriptionsPageSchema>;

/**
 * `alertsManagement svc=unsubscribe` (spec §7: type, devClass, devId) and `svc=subscribe`: the
 * alerts of one type of a device, every kind of them, or with `kind` only that kind (Manage Alerts).
 */
export const alertSubscriptionKeySchema = z.object({
  type: z.coerce.number().int().min(0).max(100),
  devClass: z.string().trim().min(1).max(40),
  devId: z.string().trim().min(1).max(100),
  kind: alertKindSchema.optional(),
});
export type AlertSubscriptionKey = z.infer<typeof alertSubscriptionKeySchema>;

/** One device of Manage Alerts: each alert kind its family can raise, on or off for the caller. */
export const deviceAlertSubscriptionsSchema = z.object({
  devId: z.string(),
  devClass: z.string(),
  devName: z.string(),
  alerts: z.array(z.object({ kind: alertKindSchema, subscribed: z.boolean() })),
  /** Whether the device's alerts also come by e-mail to the caller (issue 19). */
  email: alertEmailAnswerSchema,
});

/**
 * `alertsManagement svc=getDeviceAlerts`: the caller's alerts of a device and its kids (the device
 * first), whether the caller muted the device or its location, and the location's offline grace.
 * `receivesAlerts` is false for a caller without a level of their own there (SUPPORT): alerts go
 * to the users who hold a level at the location.
 */
export const deviceAlertsSchema = z.object({
  siteId: z.string(),
  receivesAlerts: z.boolean(),
  devices: z.array(deviceAlertSubscriptionsSchema),
  muted: z.boolean(),
  locationMuted: z.boolean(),
  offlineGraceSeconds: z.number().int().nonnegative(),
});
export type DeviceAlerts = z.infer<typeof deviceAlertsSchema>;
