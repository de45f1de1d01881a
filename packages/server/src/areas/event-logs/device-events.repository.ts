import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database';
import { rowsOf } from '../../infra/db/rows';
import type { DeviceEventKind } from './event-log-texts';

/** One report of a device for the log (dev_id: the device's or kid's own id). */
export interface DeviceEventWrite {
  devId: string;
  /** The topic root a kid reported under: written only if it is that kid's parent. */
  parentDevId: string | null;
  type: Exclude<DeviceEventKind, 'online' | 'offline'>;
  outlet: number | null;
  value: string | number | boolean | null;
  /** `ping` and `autoReboot` reports: the 1-based ping target they are about. */
  target?: number | null;
  /** The device's clock (Unix ms), when it said. */
  deviceTime: Date | null;
  at: Date;
}

/**
 * A report as the log kept it (a repeat heard by another server is not kept twice): `detail` of an
 * auto-ping report is `{host, maxReboots}` of its target in the device's ping configuration then.
 */
export interface LoggedEvent {
  siteId: string;
  devId: string;
  type: string;
  outlet: number | null;
  target: number | null;
  value: unknown;
  detail: { host?: string; maxReboots?: number } | null;
}

/** An online/offline message; `retained`: the broker's stored copy, heard on subscribing. */
export interface ConnectionWrite {
  devId: string;
  parentDevId: string | null;
  online: boolean;
  retained: boolean;
  at: Date;
}

/**
 * How long after its first final step (or its expiry) a device's report still answers a command:
 * the device reports what it did just before it acks, and servers' clocks differ a little.
 */
const ANSWER_SLACK = sql.raw(`interval '2 seconds'`);

/**
 * The device (or kid) row `d` of a report `v`: a known device at a location; a kid only under the
 * parent it reported through.
 */
const knownDevice = sql.raw(`JOIN devices d ON d.dev_id = v.dev_id
  AND (v.parent_dev_id IS NULL OR d.parent_dev_id = v.parent_dev_id)
  AND d.site_id IS NOT NULL`);

/**
 * The device events table (migration 0051): appended in batches, never updated. A report heard
 * twice (several servers, a server's own subscription to a watched device) is kept once.
 */
export class DeviceEventsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Appends reports; returns the locations that got a new entry. An outlet, cycle, sequence,
   * reboot, info or Find Me report made while a command of that device (and outlet) was under
   * way answers it: it is linked to the command (`cmd_id`), which the log shows instead.
   */
  async insertEvents(events: readonly DeviceEventWrite[]): Promise<LoggedEvent[]> {
    if (events.length === 0) return [];
    const json = JSON.stringify(
      events.map((e) => ({
        dev_id: e.devId,
        parent_dev_id: e.parentDevId,
        type: e.type,
        outlet: e.outlet,
        target: e.target ?? null,
        value: e.value,
        device_time: e.deviceTime?.toISOString() ?? null,
        at: e.at.toISOString(),
      })),
    );
    const result = await this.db.execute(sql`
      INSERT INTO device_events
        (dev_id, parent_dev_id, site_id, type, outlet, target, detail, value, device_time, at,
          cmd_id)
      SELECT d.dev_id, d.parent_dev_id, d.site_id, v.type, v.outlet, v.target,
        CASE WHEN pc.dev_id IS NOT NULL THEN jsonb_strip_nulls(jsonb_build_object(
          'host', pc.targets -> (v.target - 1) ->> 'host',
          'maxReboots', (pc.targets -> (v.target - 1) ->> 'maxReboots')::int)) END,
        v.value, v.device_time, v.at,
        (SELECT c.id FROM device_commands c
          WHERE c.dev_id = coalesce(d.parent_dev_id, d.dev_id)
            AND coalesce(c.kid_id, c.dev_id) = d.dev_id
            AND c.created_at BETWEEN v.at - interval '10 minutes' AND v.at + interval '1 second'
            AND v.at <= coalesce(
              (SELECT min(s.at) FROM device_command_events s
                WHERE s.cmd_id = c.id AND s.state IN ('done', 'failed', 'expired')),
              c.expires_at) + ${ANSWER_SLACK}
            AND (
              (v.type = 'outlet' AND (c.svc IN ('cycleGroup', 'sequence')
                OR (c.svc IN ('setOutlet', 'cycleOutlet') AND c.args ->> 'otlt' = v.outlet::text)))
              OR (v.type = 'cycle' AND (c.svc = 'cycleGroup' OR (c.svc = 'cycleOutlet'
                AND (v.outlet IS NULL OR c.args ->> 'otlt' = v.outlet::text))))
              OR (v.type = 'sequence' AND c.svc = 'sequence')
              OR (v.type = 'reboot' AND c.svc = 'reboot')
              OR (v.type = 'info' AND c.svc IN ('rename', 'setOutletInfo', 'settings'))
              OR (v.type = 'findMe' AND c.svc = 'findMe'))
          ORDER BY c.created_at DESC
          LIMIT 1)
      FROM jsonb_to_recordset(${json}::jsonb) AS v(
        dev_id text, parent_dev_id text, type text, outlet int, target int, value jsonb,
        device_time timestamptz, at timestamptz
      )
      ${knownDevice}
      LEFT JOIN ping_configs pc ON v.target IS NOT NULL AND pc.dev_id = d.dev_id
      ON CONFLICT DO NOTHING
      RETURNING site_id, dev_id, type, outlet, target, value, detail`);
    return rowsOf<{
      site_id: string;
      dev_id: string;
      type: string;
      outlet: number | null;
      target: number | null;
      value: unknown;
      detail: LoggedEvent['detail'];
    }>(result).map((r) => ({
      siteId: r.site_id,
      devId: r.dev_id,
      type: r.type,
      outlet: r.outlet === null ? null : Number(r.outlet),
      target: r.target === null ? null : Number(r.target),
      value: r.value,
      detail: r.detail,
    }));
  }

  /**
   * Appends online/offline changes: a message that says what the device's last entry says is no
   * change. A retained message counts only against an earlier entry (a server starting does not
   * log every device as back online, but does log one that went away while no server listened).
   * Each row names the device's previous one, so a change heard by several servers is kept once.
   * Give at most one message per device (the writer sends several in rounds).
   */
  async insertConnections(changes: readonly ConnectionWrite[]): Promise<string[]> {
    if (changes.length === 0) return [];
    const json = JSON.stringify(
      changes.map((c) => ({
        dev_id: c.devId,
        parent_dev_id: c.parentDevId,
        type: c.online ? 'online' : 'offline',
        retained: c.retained,
        at: c.at.toISOString(),
      })),
    );
    const result = await this.db.execute(sql`
      INSERT INTO device_events (dev_id, parent_dev_id, site_id, type, at, prev_connection_id)
      SELECT d.dev_id, d.parent_dev_id, d.site_id, v.type, v.at, coalesce(p.id, 0)
      FROM jsonb_to_recordset(${json}::jsonb) AS v(
        dev_id text, parent_dev_id text, type text, retained boolean, at timestamptz
      )
      ${knownDevice}
      LEFT JOIN LATERAL (
        SELECT e.id, e.type FROM device_events e
        WHERE e.dev_id = d.dev_id AND e.type IN ('online', 'offline')
        ORDER BY e.id DESC
        LIMIT 1
      ) p ON true
      WHERE CASE WHEN p.id IS NULL THEN NOT v.retained ELSE p.type <> v.type END
      ON CONFLICT DO NOTHING
      RETURNING site_id`);
    return sitesOf(result);
  }
}

function sitesOf(result: unknown): string[] {
  return [...new Set(rowsOf<{ site_id: string }>(result).map((r) => r.site_id))];
}
