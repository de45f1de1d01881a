import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../infra/db/database';
import { rowsOf } from '../../infra/db/rows';

/** A location's clock, name and energy settings (budget 0: none). */
export interface EnergySite {
  siteId: string;
  name: string;
  timezone: string;
  dst: boolean;
  monthlyBudget: number;
  rates: { season: string; startMonth: number; endMonth: number; rate: number }[];
}

export interface EnergyDevice {
  devId: string;
  devClass: string;
  siteId: string | null;
  parentDevId: string | null;
  parentDevClass: string | null;
}

/** One point of a chart: its start (Unix seconds) and min/avg/max of each quantity. */
export interface EnergyPointRow {
  t: number;
  v_min: number | null;
  v_avg: number | null;
  v_max: number | null;
  a_min: number | null;
  a_avg: number | null;
  a_max: number | null;
  w_min: number | null;
  w_avg: number | null;
  w_max: number | null;
  pf_min: number | null;
  pf_avg: number | null;
  pf_max: number | null;
  batt_min: number | null;
  batt_avg: number | null;
  batt_max: number | null;
}

/** A local day's energy (and, for the day table, its aggregates as a point). */
export interface EnergyDayRow {
  day: string;
  kwh: number;
}

export interface ConsumerRow {
  devId: string;
  devClass: string;
  devName: string;
  kwh: number;
}

/** The aggregate tables a chart reads by resolution (the raw readings are read apart). */
const BUCKET_TABLES = { minute: 'energy_minute', hour: 'energy_hour' } as const;

const AGGREGATES = sql.raw(`v_min, v_avg, v_max, a_min, a_avg, a_max, w_min, w_avg, w_max,
  null::real as pf_min, pf_avg, null::real as pf_max, batt_min, batt_avg, batt_max`);

/**
 * What Energy Usage reads: raw readings, the minute/hour/day rollups (migration 0058, written by
 * the energy rollups), a location's days, its devices' months (migration 0060), its energy
 * settings, and the budget alerts raised (migration 0059). The only SQL of the energy area.
 */
export class EnergyRepository {
  constructor(private readonly db: Db) {}

  async site(siteId: string): Promise<EnergySite | undefined> {
    const result = await this.db.execute(sql`
      select l.id as "siteId", l.name, l.timezone, l.dst,
             coalesce(e.monthly_budget, 0)::float8 as "monthlyBudget",
             coalesce(e.rates, '[]'::jsonb) as rates
      from locations l left join location_energy e on e.site_id = l.id
      where l.id = ${siteId}`);
    return rowsOf<EnergySite>(result)[0];
  }

  /** The locations with a monthly budget (the periodic budget check). */
  async sitesWithBudget(): Promise<string[]> {
    const result = await this.db.execute(
      sql`select site_id from location_energy where monthly_budget > 0 order by site_id`,
    );
    return rowsOf<{ site_id: string }>(result).map((r) => r.site_id);
  }

  async device(devId: string): Promise<EnergyDevice | undefined> {
    const result = await this.db.execute(sql`
      select d.dev_id as "devId", d.dev_class as "devClass", d.site_id as "siteId",
             d.parent_dev_id as "parentDevId", p.dev_class as "parentDevClass"
      from devices d left join devices p on p.dev_id = d.parent_dev_id
      where d.dev_id = ${devId}`);
    return rowsOf<EnergyDevice>(result)[0];
  }

  /** Raw readings of a device in [from, to), oldest first (each its own min, avg and max). */
  async raw(devId: string, from: Date, to: Date): Promise<EnergyPointRow[]> {
    const result = await this.db.execute(sql`
      select extract(epoch from at)::float8 as t,
             voltage as v_min, voltage as v_avg, voltage as v_max,
             amperage as a_min, amperage as a_avg, amperage as a_max,
             wattage as w_min, wattage as w_avg, wattage as w_max,
             pwr_fact as pf_min, pwr_fact as pf_avg, pwr_fact as pf_max,
             battlevel as batt_min, battlevel as batt_avg, battlevel as batt_max
      from device_readings
      where dev_id = ${devId} and at >= ${from} and at < ${to}
      order by at`);
    return rowsOf<EnergyPointRow>(result);
  }

  /** Minute or hour aggregates of a device in [from, to), oldest first. */
  async buckets(
    resolution: keyof typeof BUCKET_TABLES,
    devId: string,
    from: Date,
    to: Date,
  ): Promise<EnergyPointRow[]> {
    const table = sql.raw(BUCKET_TABLES[resolution]);
    const result = await this.db.execute(sql`
      select extract(epoch from bucket)::float8 as t, ${AGGREGATES}
      from ${table}
      where dev_id = ${devId} and bucket >= ${from} and bucket < ${to}
      order by bucket`);
    return rowsOf<EnergyPointRow>(result);
  }

  /** A device's local days in [from, to) with their kWh and aggregates, oldest first. */
  async days(
    devId: string,
    from: string,
    to: string,
  ): Promise<(EnergyDayRow & Omit<EnergyPointRow, 't'>)[]> {
    const result = await this.db.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as day, coalesce(kwh, 0)::float8 as kwh, ${AGGREGATES}
      from energy_day
      where dev_id = ${devId} and day >= ${from}::date and day < ${to}::date
      order by day`);
    return rowsOf(result);
  }

  /** A location's local days in [from, to) with their kWh (energy_site_day), oldest first. */
  async siteDays(siteId: string, from: string, to: string): Promise<EnergyDayRow[]> {
    const result = await this.db.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as day, coalesce(kwh, 0)::float8 as kwh
      from energy_site_day
      where site_id = ${siteId} and day >= ${from}::date and day < ${to}::date
      order by day`);
    return rowsOf<EnergyDayRow>(result);
  }

  /**
   * The devices that used most at a location in a local month ('YYYY-MM'), most first: the first
   * rows of energy_device_month's (site_id, month, kwh desc) index, one row per device.
   */
  async topConsumers(siteId: string, month: string, limit: number) {
    const result = await this.db.execute(sql`
      select m.dev_id as "devId", d.dev_class as "devClass",
             coalesce(nullif(d.dev_name, ''), d.dev_id) as "devName", m.kwh::float8 as kwh
      from energy_device_month m join devices d on d.dev_id = m.dev_id
      where m.site_id = ${siteId} and m.month = ${month} and m.kwh > 0
      order by m.kwh desc, m.dev_id
      limit ${limit}`);
    return rowsOf<ConsumerRow>(result);
  }

  /**
   * Records that a budget threshold was alerted for a location's month; false when it already
   * was (the primary key keeps it once, whichever server or job gets there first).
   */
  async markBudgetAlert(
    tx: DbOrTx,
    siteId: string,
    month: string,
    threshold: number,
    at: Date,
  ): Promise<boolean> {
    const result = await tx.execute(sql`
      insert into energy_budget_alerts (site_id, month, threshold, raised_at)
      values (${siteId}, ${month}, ${threshold}, ${at})
      on conflict do nothing
      returning site_id`);
    return rowsOf(result).length > 0;
  }

  transaction<T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }
}
