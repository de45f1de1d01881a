import { z } from 'zod';
import {
  alertEmailMessages,
  alertEmailSchema,
  alertMailUnsubscribeSchema,
} from '../../api/alert-email';
import { alertSettingsAnswerSchema, alertSettingsSchema } from '../../api/alert-live';
import {
  alertSubscriptionKeySchema,
  alertSubscriptionsPageSchema,
  alertsListSchema,
  deviceAlertsSchema,
} from '../../api/alerts';
import { type CallGroup, defineCall } from '../call';
import { devIdField, noInput, okOutput, siteIdField, siteIdInput } from '../inputs';

const pageNoMessage = 'pageNo must be a page number';

/**
 * The alerts panel (spec §7 notificationsManagement), alert subscriptions (alertsManagement) and
 * a location's offline grace period (ours).
 */
export const alerts = {
  enumerate: defineCall({
    area: 'notificationsManagement',
    svc: 'enumerate',
    methods: ['GET'],
    input: z.object({ isFromWeb: z.string().optional() }),
    output: alertsListSchema,
    access: 'user',
    rule: 'the caller’s own alerts',
    summary: 'The caller’s newest alerts and notifications with the unread count (spec §7).',
  }),
  read: defineCall({
    area: 'notificationsManagement',
    svc: 'read',
    methods: ['GET', 'POST'],
    input: z.object({ id: z.coerce.number({ message: 'id must be a number' }).int().positive() }),
    output: okOutput,
    access: 'user',
    rule: 'the caller’s own alert (another’s is 404)',
    summary: 'Marks one alert read (spec §7).',
  }),
  readall: defineCall({
    area: 'notificationsManagement',
    svc: 'readall',
    methods: ['GET', 'POST'],
    input: noInput,
    output: okOutput,
    access: 'user',
    rule: 'the caller’s own alerts',
    summary: 'Marks every alert of the caller read (spec §7).',
  }),
  unsubscribe: defineCall({
    area: 'alertsManagement',
    svc: 'unsubscribe',
    methods: ['GET', 'POST'],
    input: alertSubscriptionKeySchema,
    output: okOutput,
    access: 'user',
    rule: 'any level at the device’s location (another device is 404)',
    summary:
      'Stops the alerts of one type of a device for the caller, or with `kind` only that kind; ' +
      '400 when already unsubscribed or the device’s family raises no such kind (spec §7).',
  }),
  subscribe: defineCall({
    area: 'alertsManagement',
    svc: 'subscribe',
    methods: ['GET', 'POST'],
    input: alertSubscriptionKeySchema,
    output: okOutput,
    access: 'user',
    rule: 'any level at the device’s location (another device is 404)',
    summary:
      'Subscribes the caller again to the alerts of one type of a device, or with `kind` to that ' +
      'kind only; 400 when the device’s family raises no such kind.',
  }),
  getDeviceAlerts: defineCall({
    area: 'alertsManagement',
    svc: 'getDeviceAlerts',
    methods: ['GET'],
    input: z.object({ siteId: siteIdField, devId: devIdField }),
    output: deviceAlertsSchema,
    access: 'user',
    rule: 'any level at siteId (a device elsewhere is 404)',
    summary:
      'Manage Alerts: each alert kind the device and its kids can raise (from the catalog) with ' +
      'the caller’s subscription, the caller’s mutes of the device and location, and the ' +
      'location’s offline grace period.',
  }),
  listSubscriptions: defineCall({
    area: 'alertsManagement',
    svc: 'listSubscriptions',
    methods: ['GET'],
    input: z.object({
      pageNo: z.coerce
        .number({ message: pageNoMessage })
        .int(pageNoMessage)
        .min(1, pageNoMessage)
        .max(100_000, pageNoMessage)
        .default(1),
    }),
    output: alertSubscriptionsPageSchema,
    access: 'user',
    rule: 'lists only devices at the caller’s locations (all for SUPPORT)',
    summary: 'Every alert the caller can subscribe to, one per device, with its state, by page.',
  }),
  getAlertSettings: defineCall({
    area: 'alertsManagement',
    svc: 'getAlertSettings',
    methods: ['GET'],
    input: siteIdInput,
    output: alertSettingsAnswerSchema,
    access: 'user',
    rule: 'any level at siteId',
    summary: 'A location’s offline grace period: seconds offline before its users are alerted.',
  }),
  setAlertSettings: defineCall({
    area: 'alertsManagement',
    svc: 'setAlertSettings',
    methods: ['POST'],
    input: siteIdInput.extend(alertSettingsSchema.shape),
    output: alertSettingsAnswerSchema,
    access: 'user',
    rule: 'ADMIN or owner at siteId',
    summary: 'Sets a location’s offline grace period (0 to 3600 seconds) and answers it.',
  }),
  setAlertEmail: defineCall({
    area: 'alertsManagement',
    svc: 'setAlertEmail',
    methods: ['POST'],
    input: alertSubscriptionKeySchema.omit({ kind: true }).extend(alertEmailSchema.shape),
    output: okOutput,
    access: 'user',
    rule: 'any level at the device’s location (another device is 404)',
    summary:
      'Whether the caller’s alerts of one type of a device also come by e-mail: off, ' +
      'immediately, or in a digest every 15, 60 or 240 minutes (issue 19).',
  }),
  unsubscribeByMail: defineCall({
    area: 'alertsManagement',
    svc: 'unsubscribeByMail',
    methods: ['POST'],
    body: 'form',
    queryFields: ['token'],
    input: alertMailUnsubscribeSchema,
    output: okOutput,
    access: 'public',
    rateLimit: { max: 30, windowMs: 60_000, message: alertEmailMessages.badUnsubscribeLink },
    rule: 'the signed token of an alert e-mail (HMAC: user, subscriptions, expiry)',
    summary:
      'One-click unsubscribe of an alert e-mail (RFC 8058 List-Unsubscribe-Post, and the ' +
      'button of its page): turns e-mail off for the subscriptions the token names; the bell ' +
      'keeps their alerts. 400 for a token that is tampered with or expired.',
  }),
} satisfies CallGroup;
