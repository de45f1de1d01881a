/**
 * Drizzle definitions of the energy tables (migrations 0058 and 0060; the SQL files are the truth). Only
 * repositories import this module.
 */
import {
  date,
  doublePrecision,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The aggregate columns every level has. */
const aggregates = () => ({
  kwh: doublePrecision('kwh').notNull(),
  coveredS: real('covered_s').notNull(),
  vMin: real('v_min'),
  vAvg: real('v_avg'),
  vMax: real('v_max'),
  aMin: real('a_min'),
  aAvg: real('a_avg'),
  aMax: real('a_max'),
  wMin: real('w_min'),
  wAvg: real('w_avg'),
  wMax: real('w_max'),
  pfAvg: real('pf_avg'),
  battMin: real('batt_min'),
  battAvg: real('batt_avg'),
  battMax: real('batt_max'),
  samples: integer('samples').notNull(),
});

export const energyMinute = pgTable(
  'energy_minute',
  { devId: text('dev_id').notNull(), bucket: ts('bucket').notNull(), ...aggregates() },
  (t) => [primaryKey({ columns: [t.devId, t.bucket] })],
);

export const energyHour = pgTable(
  'energy_hour',
  { devId: text('dev_id').notNull(), bucket: ts('bucket').notNull(), ...aggregates() },
  (t) => [primaryKey({ columns: [t.devId, t.bucket] })],
);

export const energyDay = pgTable(
  'energy_day',
  {
    devId: text('dev_id').notNull(),
    siteId: text('site_id').notNull(),
    /** The location's local date, 'YYYY-MM-DD'. */
    day: date('day', { mode: 'string' }).notNull(),
    ...aggregates(),
  },
  (t) => [primaryKey({ columns: [t.devId, t.day] })],
);

export const energySiteDay = pgTable(
  'energy_site_day',
  {
    siteId: text('site_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    kwh: doublePrecision('kwh').notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day] })],
);

/** A device's kWh per local month of its location (migration 0060), kept by the day rollup. */
export const energyDeviceMonth = pgTable(
  'energy_device_month',
  {
    siteId: text('site_id').notNull(),
    devId: text('dev_id').notNull(),
    /** The location's local month, 'YYYY-MM'. */
    month: text('month').notNull(),
    kwh: doublePrecision('kwh').notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.month, t.devId] })],
);

export const energyRollupProgress = pgTable('energy_rollup_progress', {
  level: text('level').primaryKey(),
  doneUntil: ts('done_until'),
});
