import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database';
import { rowsOf } from '../../infra/db/rows';

/** The latest report of one device or kid, ready to be written. */
export interface StateWrite {
  devId: string;
  /** The topic root a kid reported under: the row is written only if it is that kid's parent. */
  parentDevId: string | null;
  status?: Record<string, unknown>;
  /**
   * Where `status` stands among the device's reports; a status older than the stored one is not
   * written (the rest of the write is). Without it the status is written in arrival order.
   */
  order?: ReportOrder;
  /**
   * When this server received `status`: a status received before an upgrade's end stored the
   * version it installed does not set the version back (a report from before the reboot, flushed
   * late).
   */
  statusAt?: Date;
  lastContact?: Date;
  sysTime?: number;
  online?: boolean;
}

/** A report's place: its device's boot counter, then its sequence number within that boot. */
export interface ReportOrder {
  boot: number;
  seq: number;
}

/** The compared fields of a device's status before and after a write that changed them. */
export interface StatusReplaced {
  devId: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

export interface StateWriteResult {
  /** Device rows written. */
  written: number;
  /** The devices whose new status changed a compared field. */
  replaced: StatusReplaced[];
}

export interface ReadingWrite {
  devId: string;
  at: Date;
  voltage: number | null;
  amperage: number | null;
  wattage: number | null;
  battlevel: number | null;
  /** Power factor, where the family reports it. */
  pwrFact?: number | null;
}

/**
 * Batched writes of device state: one statement for any number of devices (a JSON array as a
 * single parameter, so no parameter limit), the same on PGlite and PostgreSQL.
 */
export class DeviceStateRepository {
  constructor(private readonly db: Db) {}

  /**
   * Writes each device's latest state; returns how many device rows were written and, for each
   * new status that changed any of the `compared` fields, those fields before and after. With
   * fields to compare, the rows are locked (in id order, so two servers writing
   * the same devices wait for each other instead of deadlocking) and read before they are
   * written: a server comparing a report with the stored one sees the newest, whichever server
   * wrote it.
   */
  async writeStates(
    writes: readonly StateWrite[],
    compared: readonly string[] = [],
  ): Promise<StateWriteResult> {
    if (writes.length === 0) return { written: 0, replaced: [] };
    const json = JSON.stringify(
      writes.map((w) => ({
        dev_id: w.devId,
        parent_dev_id: w.parentDevId,
        status: w.status ?? null,
        boot: w.order?.boot ?? null,
        seq: w.order?.seq ?? null,
        status_at: w.statusAt?.toISOString() ?? null,
        last_contact: w.lastContact?.toISOString() ?? null,
        sys_time: w.sysTime ?? null,
        online: w.online ?? null,
      })),
    );
    if (compared.length === 0) {
      const result = await this.db.execute(sql`
        UPDATE devices AS d SET ${assignmentsFrom('v')}
        FROM ${reportsOf(json)}
        WHERE d.dev_id = v.dev_id
          AND (v.parent_dev_id IS NULL OR d.parent_dev_id = v.parent_dev_id)
        RETURNING d.dev_id`);
      return { written: rowsOf(result).length, replaced: [] };
    }
    const result = await this.db.execute(sql`
      WITH v AS (SELECT * FROM ${reportsOf(json)}), x AS (
        SELECT o.dev_id, v.status, v.boot, v.seq, v.status_at, v.last_contact, v.sys_time, v.online,
          ${fieldsOf('o.status', compared)} AS was,
          CASE WHEN ${sql.raw(newerThan('v', 'o'))} THEN ${fieldsOf('v.status', compared)} END AS now
        FROM devices o
        JOIN v ON v.dev_id = o.dev_id
          AND (v.parent_dev_id IS NULL OR o.parent_dev_id = v.parent_dev_id)
        ORDER BY o.dev_id
        FOR UPDATE OF o
      )
      UPDATE devices AS d SET ${assignmentsFrom('x')}
      FROM x
      WHERE d.dev_id = x.dev_id
      RETURNING d.dev_id AS "devId",
        CASE WHEN x.now IS NOT NULL AND x.was IS DISTINCT FROM x.now THEN x.was END AS before,
        CASE WHEN x.now IS NOT NULL AND x.was IS DISTINCT FROM x.now THEN x.now END AS after`);
    const rows = rowsOf<{ devId: string; before: unknown; after: unknown }>(result);
    const replaced: StatusReplaced[] = [];
    for (const row of rows) {
      if (isObject(row.before) && isObject(row.after))
        replaced.push({ devId: row.devId, before: row.before, after: row.after });
    }
    return { written: rows.length, replaced };
  }

  async writeReadings(readings: readonly ReadingWrite[]): Promise<void> {
    if (readings.length === 0) return;
    const json = JSON.stringify(
      readings.map((r) => ({
        dev_id: r.devId,
        at: r.at.toISOString(),
        voltage: r.voltage,
        amperage: r.amperage,
        wattage: r.wattage,
        battlevel: r.battlevel,
        pwr_fact: r.pwrFact ?? null,
      })),
    );
    await this.db.execute(sql`
      INSERT INTO device_readings (dev_id, at, voltage, amperage, wattage, battlevel, pwr_fact)
      SELECT v.dev_id, v.at, v.voltage, v.amperage, v.wattage, v.battlevel, v.pwr_fact
      FROM jsonb_to_recordset(${json}::jsonb) AS v(
        dev_id text, at timestamptz, voltage real, amperage real, wattage real, battlevel real,
        pwr_fact real
      )
      JOIN devices d ON d.dev_id = v.dev_id
      ON CONFLICT (dev_id, at) DO NOTHING`);
  }
}

/** The reports of a write (a JSON array), as rows `v`. */
function reportsOf(json: string): SQL {
  return sql`jsonb_to_recordset(${json}::jsonb) AS v(
    dev_id text, parent_dev_id text, status jsonb, boot bigint, seq bigint,
    status_at timestamptz, last_contact timestamptz, sys_time bigint, online boolean
  )`;
}

/**
 * Whether the report in `source` is at least as new as the status stored in `row`: true when
 * either side is unnumbered (written in arrival order), else by (boot, seq). Compared with the row
 * being updated, PostgreSQL re-checks it against a row another server changed meanwhile.
 */
function newerThan(source: 'v' | 'x', row: 'd' | 'o'): string {
  return `(${source}.boot IS NULL OR ${row}.status_boot IS NULL
    OR (${source}.boot, ${source}.seq) >= (${row}.status_boot, ${row}.status_seq))`;
}

/**
 * Sets a device row `d` from its report in `source` (v or x); fields left out keep their value, and
 * so does the status (with its clock and firmware) when the report is older than the stored one.
 * The firmware version is also kept when an upgrade's end set it after the status was received.
 */
function assignmentsFrom(source: 'v' | 'x'): SQL {
  // the report carries a status at least as new as the stored one
  const fresh = `(${source}.status IS NOT NULL AND ${newerThan(source, 'd')})`;
  const afterUpgrade = `(d.fw_ver_at IS NULL OR ${source}.status_at IS NULL
    OR ${source}.status_at >= d.fw_ver_at)`;
  return sql.raw(`
    status = CASE WHEN ${fresh} THEN ${source}.status ELSE d.status END,
    status_boot = CASE WHEN ${fresh} THEN ${source}.boot ELSE d.status_boot END,
    status_seq = CASE WHEN ${fresh} THEN ${source}.seq ELSE d.status_seq END,
    sys_time = CASE WHEN ${source}.status IS NULL OR ${fresh}
      THEN coalesce(${source}.sys_time, d.sys_time) ELSE d.sys_time END,
    fw_ver = CASE WHEN ${fresh} AND ${afterUpgrade}
      THEN coalesce(${source}.status ->> 'fwVer', d.fw_ver) ELSE d.fw_ver END,
    last_contact = greatest(${source}.last_contact, d.last_contact),
    online = coalesce(${source}.online, d.online)`);
}

/**
 * `column`'s `fields` as one JSON object (absent and null fields left out); NULL for no fields.
 * Field names come from code, never from input, and are checked to be plain identifiers.
 */
function fieldsOf(column: 'o.status' | 'v.status', fields: readonly string[]): SQL {
  if (fields.length === 0) return sql`NULL::jsonb`;
  const pairs = fields.map((field) => {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(field)) throw new Error(`not a status field: ${field}`);
    return `'${field}', ${column} -> '${field}'`;
  });
  return sql.raw(`jsonb_strip_nulls(jsonb_build_object(${pairs.join(', ')}))`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
