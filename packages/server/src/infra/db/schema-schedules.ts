/**
 * Drizzle definitions of the scheduled-command tables (migration 0050; the SQL file is the truth).
 * Only repositories import this module.
 */
import {
  bigint,
  bigserial,
  boolean,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const schedules = pgTable('schedules', {
  id: serial('id').primaryKey(),
  siteId: text('site_id').notNull(),
  name: text('name').notNull().default(''),
  action: text('action', {
    enum: ['on', 'off', 'cycle', 'sequenceOn', 'sequenceOff', 'reboot'],
  }).notNull(),
  time: text('time').notNull(),
  dayMask: integer('day_mask').notNull(),
  startDate: date('start_date', { mode: 'string' }),
  endDate: date('end_date', { mode: 'string' }),
  enabled: boolean('enabled').notNull().default(true),
  /** Saved with the confirmation that it switches off an outlet feeding the network (0057). */
  networkOffConfirmed: boolean('network_off_confirmed').notNull().default(false),
  version: integer('version').notNull().default(1),
  createdByKind: text('created_by_kind', { enum: ['user', 'api'] }).notNull(),
  createdById: text('created_by_id'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  nextFireAt: ts('next_fire_at'),
});

export const scheduleTargets = pgTable(
  'schedule_targets',
  {
    scheduleId: integer('schedule_id').notNull(),
    position: smallint('position').notNull(),
    devId: text('dev_id').notNull(),
    otlt: smallint('otlt'),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.position] })],
);

/** One command of a firing: sent (cmdId) or skipped with the reason. */
export interface StoredFireTarget {
  devId: string;
  otlt: number | null;
  cmdId: string | null;
  skipped: string | null;
}

export const scheduleFires = pgTable('schedule_fires', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  scheduleId: integer('schedule_id').notNull(),
  siteId: text('site_id').notNull(),
  dueAt: ts('due_at'),
  firedAt: ts('fired_at').notNull(),
  kind: text('kind', { enum: ['fired', 'failed', 'missed'] }).notNull(),
  targets: jsonb('targets').$type<StoredFireTarget[]>().notNull().default([]),
});

export const scheduleEvents = pgTable('schedule_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  siteId: text('site_id').notNull(),
  scheduleId: integer('schedule_id').notNull(),
  scheduleName: text('schedule_name').notNull(),
  kind: text('kind', {
    enum: ['added', 'edited', 'enabled', 'disabled', 'deleted', 'fired', 'failed', 'missed'],
  }).notNull(),
  actorKind: text('actor_kind', { enum: ['user', 'schedule', 'api'] }).notNull(),
  actorId: text('actor_id'),
  at: ts('at').notNull(),
  fireId: bigint('fire_id', { mode: 'number' }),
});
