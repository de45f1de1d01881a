import { type SQL, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../infra/db/database';
import { rowsOf } from '../../infra/db/rows';
import { energyRollupProgress } from '../../infra/db/schema-energy';

export type RollupLevel = 'minute' | 'hour' | 'day';

/** One raw reading as the minute rollup reads it. */
export interface RawReading {
  devId: string;
  atMs: number;
  voltage: number | null;
  amperage: number | null;
  wattage: number | null;
  pwrFact: number | null;
  battlevel: number | null;
}

/** One row of energy_minute, as written. */
export interface AggregateRow {
  dev_id: string;
  bucket: string;
  kwh: number;
  covered_s: number;
  v_min: number | null;
  v_avg: number | null;
  v_max: number | null;
  a_min: number | null;
  a_avg: number | null;
  a_max: number | null;
  w_min: number | null;
  w_avg: number | null;
  w_max: number | null;
  pf_avg: number | null;
  batt_min: number | null;
  batt_avg: number | null;
  batt_max: number | null;
  samples: number;
}

/** A location clock's offset over one quarter hour (`t0` its start) of a day rollup window. */
export interface ZoneQuarter {
  timezone: string;
  dst: boolean;
  t0: string;
  off: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The aggregate columns, in table order (the names are code, never input). */
const AGG_COLUMNS = `kwh, covered_s, v_min, v_avg, v_max, a_min, a_avg, a_max, w_min, w_avg, w_max,
  pf_avg, batt_min, batt_avg, batt_max, samples`;

/** Re-aggregates rows `m` of a finer level: sums, extremes, averages weighted by readings. */
const AGGREGATE_OF = `sum(m.kwh) AS kwh, sum(m.covered_s) AS covered_s,
  min(m.v_min) AS v_min, ${weighted('v_avg')} AS v_avg, max(m.v_max) AS v_max,
  min(m.a_min) AS a_min, ${weighted('a_avg')} AS a_avg, max(m.a_max) AS a_max,
  min(m.w_min) AS w_min, ${weighted('w_avg')} AS w_avg, max(m.w_max) AS w_max,
  ${weighted('pf_avg')} AS pf_avg,
  min(m.batt_min) AS batt_min, ${weighted('batt_avg')} AS batt_avg, max(m.batt_max) AS batt_max,
  sum(m.samples)::int AS samples`;

function weighted(column: string): string {
  return `sum(m.${column} * greatest(m.samples, 1)) / nullif(sum(greatest(m.samples, 1)) FILTER (WHERE m.${column} IS NOT NULL), 0)`;
}

/** Merges a new day aggregate (excluded) into a stored one: sums add up, extremes widen. */
function mergedAverage(column: string): string {
  return `${column} = CASE
    WHEN energy_day.${column} IS NULL THEN excluded.${column}
    WHEN excluded.${column} IS NULL THEN energy_day.${column}
    ELSE (energy_day.${column} * greatest(energy_day.samples, 1) + excluded.${column} * greatest(excluded.samples, 1))
      / (greatest(energy_day.samples, 1) + greatest(excluded.samples, 1)) END`;
}

const DAY_MERGE = [
  'site_id = excluded.site_id',
  'kwh = energy_day.kwh + excluded.kwh',
  'covered_s = energy_day.covered_s + excluded.covered_s',
  ...['v', 'a', 'w', 'batt'].flatMap((p) => [
    `${p}_min = least(energy_day.${p}_min, excluded.${p}_min)`,
    mergedAverage(`${p}_avg`),
    `${p}_max = greatest(energy_day.${p}_max, excluded.${p}_max)`,
  ]),
  mergedAverage('pf_avg'),
  'samples = energy_day.samples + excluded.samples',
].join(',\n    ');

const OVERWRITE = AGG_COLUMNS.split(',')
  .map((c) => c.trim())
  .map((c) => `${c} = excluded.${c}`)
  .join(', ');

/**
 * The rollups' SQL (the same on PGlite and PostgreSQL). Each level's work runs in one
 * transaction with its watermark row locked (`lockProgress`), so two servers never roll up the
 * same window.
 */
export class EnergyRollupsRepository {
  constructor(readonly db: Db) {}

  /** Locks a level's watermark until the transaction ends; its value (null: not started). */
  async lockProgress(tx: DbOrTx, level: RollupLevel): Promise<number | null> {
    const [row] = rowsOf<{ ms: number | string | null }>(
      await tx.execute(sql`
        SELECT (extract(epoch FROM done_until) * 1000)::float8 AS ms
        FROM energy_rollup_progress WHERE level = ${level} FOR UPDATE`),
    );
    if (row === undefined) throw new Error(`no energy_rollup_progress row for ${level}`);
    return row.ms === null ? null : Number(row.ms);
  }

  async setProgress(tx: DbOrTx, level: RollupLevel, doneUntilMs: number): Promise<void> {
    await tx
      .update(energyRollupProgress)
      .set({ doneUntil: new Date(doneUntilMs) })
      .where(eq(energyRollupProgress.level, level));
  }

  /** A level's watermark without a lock (it only moves forward). */
  async progress(tx: DbOrTx, level: RollupLevel): Promise<number | null> {
    const [row] = await tx
      .select({ doneUntil: energyRollupProgress.doneUntil })
      .from(energyRollupProgress)
      .where(eq(energyRollupProgress.level, level));
    return row?.doneUntil?.getTime() ?? null;
  }

  /** The earliest raw reading (ms), or null. */
  async earliestReading(tx: DbOrTx): Promise<number | null> {
    return this.earliest(tx, sql`SELECT min(at) AS t FROM device_readings`);
  }

  /** The earliest minute aggregate (ms), or null. */
  async earliestMinute(tx: DbOrTx): Promise<number | null> {
    return this.earliest(tx, sql`SELECT min(bucket) AS t FROM energy_minute`);
  }

  private async earliest(tx: DbOrTx, query: SQL): Promise<number | null> {
    const [row] = rowsOf<{ ms: number | string | null }>(
      await tx.execute(
        sql`SELECT (extract(epoch FROM q.t) * 1000)::float8 AS ms FROM (${query}) q`,
      ),
    );
    return row?.ms === null || row?.ms === undefined ? null : Number(row.ms);
  }

  /** Devices with a reading in [fromMs, toMs], in id order. */
  async devicesWithReadings(tx: DbOrTx, fromMs: number, toMs: number): Promise<string[]> {
    const rows = rowsOf<{ dev_id: string }>(
      await tx.execute(sql`
        SELECT DISTINCT dev_id FROM device_readings
        WHERE at >= ${iso(fromMs)}::timestamptz AND at <= ${iso(toMs)}::timestamptz
        ORDER BY dev_id`),
    );
    return rows.map((r) => r.dev_id);
  }

  /** The readings of some devices in [fromMs, toMs], by device then time. */
  async readings(
    tx: DbOrTx,
    devIds: readonly string[],
    fromMs: number,
    toMs: number,
  ): Promise<RawReading[]> {
    const rows = rowsOf<{
      dev_id: string;
      at_ms: number | string;
      voltage: number | null;
      amperage: number | null;
      wattage: number | null;
      pwr_fact: number | null;
      battlevel: number | null;
    }>(
      await tx.execute(sql`
        SELECT dev_id, (extract(epoch FROM at) * 1000)::float8 AS at_ms,
          voltage, amperage, wattage, pwr_fact, battlevel
        FROM device_readings
        WHERE dev_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(devIds)}::jsonb))
          AND at >= ${iso(fromMs)}::timestamptz AND at <= ${iso(toMs)}::timestamptz
        ORDER BY dev_id, at`),
    );
    return rows.map((r) => ({
      devId: r.dev_id,
      atMs: Number(r.at_ms),
      voltage: r.voltage,
      amperage: r.amperage,
      wattage: r.wattage,
      pwrFact: r.pwr_fact,
      battlevel: r.battlevel,
    }));
  }

  /** Writes minute aggregates (a bucket rolled up again is replaced). */
  async upsertMinutes(tx: DbOrTx, rows: readonly AggregateRow[]): Promise<void> {
    if (rows.length === 0) return;
    await tx.execute(sql`
      INSERT INTO energy_minute (dev_id, bucket, ${sql.raw(AGG_COLUMNS)})
      SELECT dev_id, bucket, ${sql.raw(AGG_COLUMNS)}
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(
        dev_id text, bucket timestamptz, kwh float8, covered_s real,
        v_min real, v_avg real, v_max real, a_min real, a_avg real, a_max real,
        w_min real, w_avg real, w_max real, pf_avg real,
        batt_min real, batt_avg real, batt_max real, samples int
      )
      ON CONFLICT (dev_id, bucket) DO UPDATE SET ${sql.raw(OVERWRITE)}`);
  }

  /** Rolls the minutes of whole hours in [fromMs, untilMs) up into energy_hour; rows written. */
  async rollUpHours(tx: DbOrTx, fromMs: number, untilMs: number): Promise<number> {
    const result = await tx.execute(sql`
      INSERT INTO energy_hour (dev_id, bucket, ${sql.raw(AGG_COLUMNS)})
      SELECT m.dev_id, date_bin('1 hour', m.bucket, TIMESTAMPTZ '2000-01-01 00:00:00+00'),
        ${sql.raw(AGGREGATE_OF)}
      FROM energy_minute m
      WHERE m.bucket >= ${iso(fromMs)}::timestamptz AND m.bucket < ${iso(untilMs)}::timestamptz
      GROUP BY 1, 2
      ON CONFLICT (dev_id, bucket) DO UPDATE SET ${sql.raw(OVERWRITE)}
      RETURNING 1`);
    return rowsOf(result).length;
  }

  /** The distinct clocks of the locations (time zone offset text and DST checkbox). */
  async locationClocks(tx: DbOrTx): Promise<{ timezone: string; dst: boolean }[]> {
    return rowsOf<{ timezone: string; dst: boolean }>(
      await tx.execute(sql`SELECT DISTINCT timezone, dst FROM locations`),
    );
  }

  /**
   * Adds the minutes in [fromMs, untilMs) to each device's local day (energy_day), each
   * location's (energy_site_day) and each device's local month at its location
   * (energy_device_month), the local date from the clock of the device's location at
   * each minute (`zones`: its offset per quarter hour). Additive: each minute is added once,
   * which the day watermark, advanced in the same transaction, guarantees. Rows written.
   */
  async addToDays(
    tx: DbOrTx,
    fromMs: number,
    untilMs: number,
    zones: readonly ZoneQuarter[],
  ): Promise<number> {
    const result = await tx.execute(sql`
      WITH z AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(zones)}::jsonb)
          AS z(timezone text, dst boolean, t0 timestamptz, off int)
      ), agg AS (
        SELECT m.dev_id, d.site_id,
          ((m.bucket AT TIME ZONE 'UTC') + make_interval(mins => z.off))::date AS day,
          ${sql.raw(AGGREGATE_OF)}
        FROM energy_minute m
        JOIN devices d ON d.dev_id = m.dev_id
        JOIN locations l ON l.id = d.site_id
        JOIN z ON z.timezone = l.timezone AND z.dst = l.dst
          AND z.t0 = date_bin('15 minutes', m.bucket, TIMESTAMPTZ '2000-01-01 00:00:00+00')
        WHERE m.bucket >= ${iso(fromMs)}::timestamptz AND m.bucket < ${iso(untilMs)}::timestamptz
        GROUP BY 1, 2, 3
      ), days AS (
        INSERT INTO energy_day (dev_id, site_id, day, ${sql.raw(AGG_COLUMNS)})
        SELECT * FROM agg
        ON CONFLICT (dev_id, day) DO UPDATE SET ${sql.raw(DAY_MERGE)}
        RETURNING 1
      ), sites AS (
        INSERT INTO energy_site_day (site_id, day, kwh)
        SELECT site_id, day, sum(kwh) FROM agg GROUP BY 1, 2
        ON CONFLICT (site_id, day) DO UPDATE SET kwh = energy_site_day.kwh + excluded.kwh
        RETURNING 1
      ), months AS (
        INSERT INTO energy_device_month (site_id, dev_id, month, kwh)
        SELECT site_id, dev_id, to_char(day, 'YYYY-MM'), sum(kwh) FROM agg GROUP BY 1, 2, 3
        ON CONFLICT (site_id, month, dev_id)
          DO UPDATE SET kwh = energy_device_month.kwh + excluded.kwh
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM days)::int AS n`);
    return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
  }

  /**
   * Deletes at most `limit` rows of a table older than `beforeMs`; how many it deleted.
   * Tables are code, never input.
   */
  async deleteOlder(
    table: 'energy_minute' | 'energy_hour',
    beforeMs: number,
    limit: number,
  ): Promise<number> {
    const result = await this.db.execute(sql`
      DELETE FROM ${sql.raw(table)} WHERE ctid = ANY (ARRAY(
        SELECT ctid FROM ${sql.raw(table)}
        WHERE bucket < ${iso(beforeMs)}::timestamptz LIMIT ${limit}
      ))
      RETURNING 1`);
    return rowsOf(result).length;
  }
}
