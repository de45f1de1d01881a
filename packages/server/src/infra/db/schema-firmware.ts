/**
 * Drizzle definitions of the firmware tables (migration 0056; the SQL file is the truth). Only
 * repositories import this module.
 */
import {
  customType,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export const firmwareImages = pgTable(
  'firmware_images',
  {
    devClass: text('dev_class').notNull(),
    version: text('version').notNull(),
    sha256: text('sha256').notNull(),
    size: integer('size').notNull(),
    image: bytea('image').notNull(),
  },
  (t) => [primaryKey({ columns: [t.devClass, t.version] })],
);

export const firmwareUpgrades = pgTable('firmware_upgrades', {
  id: uuid('id').primaryKey(),
  batchId: uuid('batch_id'),
  siteId: text('site_id').notNull(),
  devId: text('dev_id').notNull(),
  parentDevId: text('parent_dev_id'),
  devClass: text('dev_class').notNull(),
  devName: text('dev_name').notNull(),
  fromVersion: text('from_version'),
  toVersion: text('to_version').notNull(),
  phase: text('phase', {
    enum: ['queued', 'downloading', 'verifying', 'installing', 'rebooting', 'done', 'failed'],
  }).notNull(),
  reason: text('reason'),
  bytesSent: integer('bytes_sent').notNull().default(0),
  size: integer('size').notNull(),
  progress: smallint('progress').notNull().default(0),
  steps: jsonb('steps').$type<{ phase: string; at: number }[]>().notNull().default([]),
  startedById: text('started_by_id'),
  queuedAt: ts('queued_at').notNull(),
  endedAt: ts('ended_at'),
  heartbeatAt: ts('heartbeat_at'),
});
