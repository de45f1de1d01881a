/**
 * Drizzle definitions of the notes, account feedback, admin group and alert tables
 * (migrations 0040-0043; the SQL files are the truth). Only repositories import this module.
 */
import {
  bigserial,
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const notes = pgTable('notes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  siteId: text('site_id').notNull(),
  note: text('note').notNull(),
  userId: text('user_id').notNull(),
  modUserId: text('mod_user_id').notNull(),
  time: ts('time').notNull(),
  modTime: ts('mod_time').notNull(),
});

export const accountFeedback = pgTable('account_feedback', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind', { enum: ['classic_ui', 'delete_account'] }).notNull(),
  userId: text('user_id'),
  email: text('email'),
  feedback: jsonb('feedback').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const adminGroups = pgTable('admin_groups', {
  id: text('id').primaryKey(),
  groupName: text('group_name').notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const adminGroupLocations = pgTable(
  'admin_group_locations',
  { groupId: text('group_id').notNull(), siteId: text('site_id').notNull() },
  (t) => [primaryKey({ columns: [t.groupId, t.siteId] })],
);

export const adminGroupUsers = pgTable(
  'admin_group_users',
  { groupId: text('group_id').notNull(), userId: text('user_id').notNull() },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] })],
);

export const alerts = pgTable('alerts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: text('user_id').notNull(),
  read: boolean('read').notNull().default(false),
  isSubscribed: boolean('is_subscribed').notNull().default(true),
  msg: text('msg').notNull(),
  time: ts('time').notNull(),
  type: integer('type').notNull().default(0),
  kind: text('kind').notNull().default('device'),
  siteId: text('site_id'),
  devClass: text('dev_class'),
  devId: text('dev_id'),
  parentDevClass: text('parent_dev_class'),
  parentDevId: text('parent_dev_id'),
});

export const alertSubscriptions = pgTable(
  'alert_subscriptions',
  {
    userId: text('user_id').notNull(),
    type: integer('type').notNull(),
    devClass: text('dev_class').notNull(),
    devId: text('dev_id').notNull(),
    /** The alert kind (migration 0055). */
    kind: text('kind').notNull(),
    subscribed: boolean('subscribed').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type, t.devClass, t.devId, t.kind] })],
);

export const locationAlertSettings = pgTable('location_alert_settings', {
  siteId: text('site_id').primaryKey(),
  offlineGraceSeconds: integer('offline_grace_seconds').notNull().default(60),
});

export const pendingOfflineAlerts = pgTable('pending_offline_alerts', {
  devId: text('dev_id').primaryKey(),
  since: ts('since').notNull(),
  dueAt: ts('due_at').notNull(),
});

/** Whether a subscription's alerts also come by e-mail (migration 0062; no row: no e-mail). */
export const alertEmailSubscriptions = pgTable(
  'alert_email_subscriptions',
  {
    userId: text('user_id').notNull(),
    type: integer('type').notNull(),
    devClass: text('dev_class').notNull(),
    devId: text('dev_id').notNull(),
    mode: text('mode').$type<'immediate' | 'digest'>().notNull(),
    digestMinutes: integer('digest_minutes').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type, t.devClass, t.devId] })],
);

/** What alert e-mails were claimed and mailed, per user, device, kind and window (0062). */
export const alertMailLog = pgTable(
  'alert_mail_log',
  {
    userId: text('user_id').notNull(),
    devId: text('dev_id').notNull(),
    kind: text('kind').notNull(),
    windowMinutes: integer('window_minutes').notNull(),
    windowStart: ts('window_start').notNull(),
    jobId: text('job_id').notNull(),
    mailedAt: ts('mailed_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.devId, t.kind, t.windowMinutes, t.windowStart] })],
);
