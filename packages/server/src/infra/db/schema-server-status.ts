/**
 * Drizzle definitions of the System Status tables (migration 0064; the SQL file is the truth).
 * Only repositories import this module.
 */
import { bigint, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const serverHeartbeats = pgTable('server_heartbeats', {
  serverId: text('server_id').primaryKey(),
  host: text('host').notNull(),
  version: text('version').notNull(),
  startedAt: ts('started_at').notNull(),
  lastSeen: ts('last_seen').notNull(),
});

export const serverSamples = pgTable(
  'server_samples',
  {
    serverId: text('server_id').notNull(),
    takenAt: ts('taken_at').notNull(),
    statuses: bigint('statuses', { mode: 'number' }).notNull(),
    commands: bigint('commands', { mode: 'number' }).notNull(),
    commandFailures: bigint('command_failures', { mode: 'number' }).notNull(),
    commandExpiries: bigint('command_expiries', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.serverId, t.takenAt] })],
);
