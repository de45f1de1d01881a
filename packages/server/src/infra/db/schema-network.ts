/**
 * Drizzle definitions of the network management tables (migration 0057; the SQL file is the
 * truth). Only repositories import this module.
 */
import type { DiscoveredUnit, PingTarget } from '@powerdeck/domain';
import {
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const pingConfigs = pgTable('ping_configs', {
  devId: text('dev_id').primaryKey(),
  version: integer('version').notNull(),
  targets: jsonb('targets').$type<PingTarget[]>().notNull().default([]),
  setBy: text('set_by'),
  setAt: ts('set_at').notNull(),
});

export const networkOutlets = pgTable(
  'network_outlets',
  {
    devId: text('dev_id').notNull(),
    otlt: integer('otlt').notNull(),
    feedsNetwork: boolean('feeds_network').notNull(),
    setBy: text('set_by'),
    setAt: ts('set_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.devId, t.otlt] })],
);

export type StoredDiscoveredUnit = DiscoveredUnit & { known: boolean };

export const discoveryRuns = pgTable('discovery_runs', {
  id: uuid('id').primaryKey(),
  siteId: text('site_id').notNull(),
  devId: text('dev_id').notNull(),
  phase: text('phase', { enum: ['starting', 'scanning', 'found', 'done', 'failed'] }).notNull(),
  found: integer('found'),
  reason: text('reason', {
    enum: ['timedOut', 'noBus', 'busy', 'notSupported', 'offline'],
  }),
  units: jsonb('units').$type<StoredDiscoveredUnit[]>().notNull().default([]),
  cmdId: uuid('cmd_id'),
  startedBy: text('started_by'),
  startedAt: ts('started_at').notNull(),
  endedAt: ts('ended_at'),
});
