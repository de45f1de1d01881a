import {
  customType,
  doublePrecision,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Tables of the locations issue (migration 0020), kept apart from schema.ts so the areas that
 * change concurrently do not edit one file. Query builders need no relational schema for them.
 */

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const siteVisits = pgTable(
  'site_visits',
  {
    userId: text('user_id').notNull(),
    siteId: text('site_id').notNull(),
    visitedAt: ts('visited_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.siteId] })],
);

export interface StoredRate {
  season: string;
  startMonth: number;
  endMonth: number;
  rate: number;
}

export const locationEnergy = pgTable('location_energy', {
  siteId: text('site_id').primaryKey(),
  monthlyBudget: doublePrecision('monthly_budget').notNull().default(0),
  rates: jsonb('rates').$type<StoredRate[]>().notNull().default([]),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const images = pgTable('images', {
  id: text('id').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  uploadedBy: text('uploaded_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** The column 0020 adds to clients, as a table of its own for the query builder. */
export const clientCreators = pgTable('clients', {
  id: text('id').primaryKey(),
  createdBy: text('created_by'),
});
