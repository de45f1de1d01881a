import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database';

/** The latest report of one device or kid, ready to be written. */
export interface StateWrite {
  devId: string;
  /** The topic root a kid reported under: the row is written only if it is that kid's parent. */
  parentDevId: string | null;
  status?: Record<string, unknown>;
  lastContact?: Date;
  sysTime?: number;
  online?: boolean;
}

export interface ReadingWrite {
  devId: string;
  at: Date;
  voltage: number | null;
  amperage: number | null;
  wattage: number | null;
  battlevel: number | null;
}

/**
 * Batched writes of device state: one statement for any number of devices (a JSON array as a
 * single parameter, so no parameter limit), the same on PGlite and PostgreSQL.
 */
export class DeviceStateRepository {
  constructor(private readonly db: Db) {}

  /** Writes each device's latest state; returns how many device rows were written. */
  async writeStates(writes: readonly StateWrite[]): Promise<number> {
    if (writes.length === 0) return 0;
    const json = JSON.stringify(
      writes.map((w) => ({
        dev_id: w.devId,
        parent_dev_id: w.parentDevId,
        status: w.status ?? null,
        last_contact: w.lastContact?.toISOString() ?? null,
        sys_time: w.sysTime ?? null,
        online: w.online ?? null,
      })),
    );
    const result = await this.db.execute(sql`
      UPDATE devices AS d SET
        status = coalesce(v.status, d.status),
        last_contact = coalesce(v.last_contact, d.last_contact),
        sys_time = coalesce(v.sys_time, d.sys_time),
        fw_ver = coalesce(v.status ->> 'fwVer', d.fw_ver),
        online = coalesce(v.online, d.online)
      FROM jsonb_to_recordset(${json}::jsonb) AS v(
        dev_id text, parent_dev_id text, status jsonb, last_contact timestamptz,
        sys_time bigint, online boolean
      )
      WHERE d.dev_id = v.dev_id
        AND (v.parent_dev_id IS NULL OR d.parent_dev_id = v.parent_dev_id)
      RETURNING d.dev_id`);
    return rowCount(result);
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
      })),
    );
    await this.db.execute(sql`
      INSERT INTO device_readings (dev_id, at, voltage, amperage, wattage, battlevel)
      SELECT v.dev_id, v.at, v.voltage, v.amperage, v.wattage, v.battlevel
      FROM jsonb_to_recordset(${json}::jsonb) AS v(
        dev_id text, at timestamptz, voltage real, amperage real, wattage real, battlevel real
      )
      JOIN devices d ON d.dev_id = v.dev_id
      ON CONFLICT (dev_id, at) DO NOTHING`);
  }
}

/** Rows a statement returned or touched, whichever the driver reports. */
function rowCount(result: unknown): number {
  if (typeof result !== 'object' || result === null) return 0;
  const r = result as { rows?: unknown[]; rowCount?: number | null; affectedRows?: number };
  return r.rows?.length ?? r.rowCount ?? r.affectedRows ?? 0;
}
