import type { ActorKind, EventLogType } from '@powerdeck/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database';
import type { StoredFireTarget } from '../../infra/db/schema-schedules';
import { rowsOf } from '../../infra/db/rows';
import type { FireRecord } from '../schedules/fire-results';
import { type LogCursor, SOURCES, type SourceRank, timestampOfMicros } from './event-log-cursor';
import { COMMAND_TYPES, DEVICE_EVENT_TYPES, kindsOf } from './event-log-texts';

/** What the list, the calendar and the export filter on. */
export interface LogFilter {
  siteId: string;
  /** One device: its own entries and its kids' (and the schedules that target them). */
  devId?: string;
  type?: EventLogType;
  actor?: ActorKind;
  /** From this instant (Unix ms, included) … */
  fromMs?: number;
  /** … to this one (excluded). */
  toMs?: number;
}

/** One entry as stored, with its device and the names of whoever did it. */
export interface LogRow {
  src: SourceRank;
  key: string;
  atUs: string;
  devId: string | null;
  devClass: string | null;
  devName: string | null;
  parentDevId: string | null;
  outlet: number | null;
  actorKind: ActorKind;
  actorId: string | null;
  /** A command's svc, a device event's kind, a schedule event's kind. */
  kind: string;
  /** A command's args, a device event's value. */
  args: unknown;
  /** A command's latest step. */
  state: string | null;
  error: string | null;
  expiresAt: Date | null;
  scheduleName: string | null;
  fireId: number | null;
  userName: string | null;
  /** The name of the schedule that sent a command. */
  actorScheduleName: string | null;
}

export interface LocationRow {
  name: string;
  timezone: string;
  dst: boolean;
}

/**
 * The commands the log shows: the partial index of migration 0051 has this predicate word for
 * word (an auto status update and a settings read are how the console looks, not changes).
 */
const LOGGED_COMMAND = sql.raw(
  `c.svc <> 'autoStatusUpdate' AND NOT (c.svc = 'settings' AND coalesce(c.args -> 'values', '{}'::jsonb) = '{}'::jsonb)`,
);

/** Actors a command or a schedule event can have. */
const PERSON_OR_PROGRAM: readonly ActorKind[] = ['user', 'schedule', 'api'];

/** One index scan of one source: rows of `table` that match `where`, newest first. */
interface Scan {
  src: SourceRank;
  where: SQL[];
}

const TABLES: Record<SourceRank, { from: SQL; at: SQL; id: SQL; idType: SQL; row: SQL }> = {
  [SOURCES.cmd]: {
    from: sql.raw(`device_commands c`),
    at: sql.raw(`c.created_at`),
    id: sql.raw(`c.id`),
    idType: sql.raw(`uuid`),
    row: sql.raw(`1 AS src, c.id::text AS key, c.created_at AS at,
      coalesce(c.kid_id, c.dev_id) AS dev_id,
      CASE WHEN jsonb_typeof(c.args -> 'otlt') = 'number' THEN (c.args ->> 'otlt')::int END AS outlet,
      c.actor_kind, c.actor_id, c.svc AS kind, c.args AS args, c.id AS cmd_id, c.expires_at,
      NULL::text AS schedule_name, NULL::bigint AS fire_id`),
  },
  [SOURCES.dev]: {
    from: sql.raw(`device_events e`),
    at: sql.raw(`e.at`),
    id: sql.raw(`e.id`),
    idType: sql.raw(`bigint`),
    row: sql.raw(`2 AS src, lpad(e.id::text, 19, '0') AS key, e.at, e.dev_id, e.outlet,
      'device'::text AS actor_kind, e.dev_id AS actor_id, e.type AS kind,
      CASE WHEN e.target IS NULL THEN e.value
        ELSE jsonb_build_object('value', e.value, 'target', e.target) || coalesce(e.detail, '{}')
      END AS args,
      NULL::uuid AS cmd_id, NULL::timestamptz AS expires_at,
      NULL::text AS schedule_name, NULL::bigint AS fire_id`),
  },
  [SOURCES.sch]: {
    from: sql.raw(`schedule_events s`),
    at: sql.raw(`s.at`),
    id: sql.raw(`s.id`),
    idType: sql.raw(`bigint`),
    row: sql.raw(`3 AS src, lpad(s.id::text, 19, '0') AS key, s.at, NULL::text AS dev_id,
      NULL::int AS outlet, s.actor_kind, s.actor_id, s.kind, NULL::jsonb AS args,
      NULL::uuid AS cmd_id, NULL::timestamptz AS expires_at,
      s.schedule_name, s.fire_id`),
  },
};

/**
 * A command's latest step, read for the rows of the page only (after the limit: a plan without
 * statistics, as on PGlite, would otherwise read it for every command of the location).
 */
const LATEST_STEP = sql.raw(`LEFT JOIN LATERAL (
  SELECT state, error FROM device_command_events
  WHERE cmd_id = p.cmd_id ORDER BY id DESC LIMIT 1
) st ON true`);

const inList = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const isoOf = (ms: number) => new Date(ms).toISOString();

/**
 * The event log of a location: one UNION ALL of the three sources (commands of the audit log,
 * device events, schedule events), each branch an index scan limited to the page, so a page costs
 * the same with 100 or 100,000 entries (migration 0051's indexes). The only SQL of the area's reads.
 */
export class EventLogsRepository {
  constructor(private readonly db: Db) {}

  async location(siteId: string): Promise<LocationRow | undefined> {
    const result = await this.db.execute(
      sql`SELECT name, timezone, dst FROM locations WHERE id = ${siteId}`,
    );
    return rowsOf<LocationRow>(result)[0];
  }

  /** Where a device (or kid) is now; null when unclaimed, undefined when unknown. */
  async siteOfDevice(devId: string): Promise<string | null | undefined> {
    const result = await this.db.execute(sql`SELECT site_id FROM devices WHERE dev_id = ${devId}`);
    return rowsOf<{ site_id: string | null }>(result)[0]?.site_id;
  }

  /** The locations of some devices (or kids), for the live push. */
  async sitesOfDevices(devIds: readonly string[]): Promise<string[]> {
    if (devIds.length === 0) return [];
    const result = await this.db.execute(sql`
      SELECT DISTINCT site_id FROM devices
      WHERE dev_id IN (${inList(devIds)}) AND site_id IS NOT NULL`);
    return rowsOf<{ site_id: string }>(result).map((r) => r.site_id);
  }

  /** Up to `limit` entries after the cursor, newest first. */
  async page(filter: LogFilter, limit: number, before?: LogCursor): Promise<LogRow[]> {
    const branches = scansOf(filter).map((scan) => {
      const table = TABLES[scan.src];
      const where = [...scan.where, ...(before ? [after(scan.src, before)] : [])];
      return sql`(SELECT ${table.row} FROM ${table.from}
        WHERE ${sql.join(where, sql` AND `)}
        ORDER BY ${table.at} DESC, ${table.id} DESC
        LIMIT ${limit})`;
    });
    if (branches.length === 0) return [];
    const result = await this.db.execute(sql`
      SELECT p.*, st.state, st.error, (extract(epoch FROM p.at) * 1000000)::bigint::text AS at_us,
        d.dev_class, d.dev_name, d.parent_dev_id,
        CASE WHEN p.actor_kind = 'user'
          THEN nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') END AS user_name,
        CASE WHEN p.actor_kind = 'schedule' AND p.src = 1 AND p.actor_id ~ '^[0-9]{1,9}$'
          THEN (SELECT se.schedule_name FROM schedule_events se
            WHERE se.schedule_id = p.actor_id::int ORDER BY se.id DESC LIMIT 1) END
          AS actor_schedule_name
      FROM (
        SELECT * FROM (${sql.join(branches, sql` UNION ALL `)}) u
        ORDER BY u.at DESC, u.src DESC, u.key COLLATE "C" DESC
        LIMIT ${limit}
      ) p
      ${LATEST_STEP}
      LEFT JOIN devices d ON d.dev_id = p.dev_id
      LEFT JOIN users u ON p.actor_kind = 'user' AND u.id = p.actor_id
      ORDER BY p.at DESC, p.src DESC, p.key COLLATE "C" DESC
      LIMIT ${limit}`);
    return rowsOf<StoredRow>(result).map(toLogRow);
  }

  /**
   * How many entries fall between each two consecutive bounds (Unix ms, ascending): `counts[i]`
   * is the number in [bounds[i], bounds[i + 1]).
   */
  async countBetween(filter: LogFilter, bounds: readonly number[]): Promise<number[]> {
    const first = bounds[0];
    const last = bounds.at(-1);
    const counts = bounds.slice(1).map(() => 0);
    if (first === undefined || last === undefined || counts.length === 0) return counts;
    const within = { ...filter, fromMs: Math.max(first, filter.fromMs ?? first) };
    within.toMs = Math.min(last, filter.toMs ?? last);
    const branches = scansOf(within).map((scan) => {
      const table = TABLES[scan.src];
      return sql`SELECT ${table.at} AS at FROM ${table.from}
        WHERE ${sql.join(scan.where, sql` AND `)}`;
    });
    if (branches.length === 0) return counts;
    const thresholds = `{${bounds.join(',')}}`;
    const result = await this.db.execute(sql`
      SELECT width_bucket((extract(epoch FROM p.at) * 1000)::float8, ${thresholds}::float8[])
          AS bucket,
        count(*)::int AS n
      FROM (${sql.join(branches, sql` UNION ALL `)}) p
      GROUP BY 1`);
    for (const row of rowsOf<{ bucket: number; n: number }>(result)) {
      const index = Number(row.bucket) - 1;
      if (index >= 0 && index < counts.length) counts[index] = Number(row.n);
    }
    return counts;
  }

  /** Stored firings by id (for a fired or failed entry's per-target results). */
  async fires(ids: readonly number[]): Promise<FireRecord[]> {
    if (ids.length === 0) return [];
    const result = await this.db.execute(sql`
      SELECT id, due_at, fired_at, kind, targets FROM schedule_fires
      WHERE id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`);
    return rowsOf<{
      id: string | number;
      due_at: string | Date | null;
      fired_at: string | Date;
      kind: FireRecord['kind'];
      // jsonb: both drivers answer it parsed
      targets: StoredFireTarget[];
    }>(result).map((r) => ({
      id: Number(r.id),
      dueAt: r.due_at === null ? null : new Date(r.due_at),
      firedAt: new Date(r.fired_at),
      kind: r.kind,
      targets: r.targets,
    }));
  }

  /** Display names of devices (their name, or their id when unnamed). */
  async deviceNames(devIds: readonly string[]): Promise<Map<string, string>> {
    if (devIds.length === 0) return new Map();
    const result = await this.db.execute(sql`
      SELECT dev_id, dev_name FROM devices WHERE dev_id IN (${inList([...new Set(devIds)])})`);
    return new Map(
      rowsOf<{ dev_id: string; dev_name: string }>(result).map((r) => [
        r.dev_id,
        r.dev_name.trim() || r.dev_id,
      ]),
    );
  }
}

/** The scans a filter needs: each source it can match, once per index that serves it. */
function scansOf(f: LogFilter): Scan[] {
  const scans: Scan[] = [];
  const dates = (at: SQL) => [
    ...(f.fromMs === undefined ? [] : [sql`${at} >= ${isoOf(f.fromMs)}::timestamptz`]),
    ...(f.toMs === undefined ? [] : [sql`${at} < ${isoOf(f.toMs)}::timestamptz`]),
  ];

  const svcs = kindsOf(COMMAND_TYPES, f.type);
  if (svcs.length > 0 && (f.actor === undefined || PERSON_OR_PROGRAM.includes(f.actor))) {
    const where = [
      sql`c.site_id = ${f.siteId}`,
      LOGGED_COMMAND,
      ...(f.type === undefined ? [] : [sql`c.svc IN (${inList(svcs)})`]),
      ...(f.actor === undefined ? [] : [sql`c.actor_kind = ${f.actor}`]),
      ...dates(sql.raw('c.created_at')),
    ];
    // a device's own commands (and, for a parent, its kids', sent to its topic) and a kid's
    if (f.devId === undefined) scans.push({ src: SOURCES.cmd, where });
    else {
      scans.push({ src: SOURCES.cmd, where: [...where, sql`c.dev_id = ${f.devId}`] });
      scans.push({ src: SOURCES.cmd, where: [...where, sql`c.kid_id = ${f.devId}`] });
    }
  }

  const kinds = kindsOf(DEVICE_EVENT_TYPES, f.type);
  if (kinds.length > 0 && (f.actor === undefined || f.actor === 'device')) {
    const where = [
      sql`e.site_id = ${f.siteId}`,
      // a report that answered a command shows as that command
      sql`e.cmd_id IS NULL`,
      ...(f.type === undefined ? [] : [sql`e.type IN (${inList(kinds)})`]),
      ...dates(sql.raw('e.at')),
    ];
    if (f.devId === undefined) scans.push({ src: SOURCES.dev, where });
    else {
      scans.push({ src: SOURCES.dev, where: [...where, sql`e.dev_id = ${f.devId}`] });
      scans.push({
        src: SOURCES.dev,
        where: [...where, sql`e.parent_dev_id IS NOT NULL AND e.parent_dev_id = ${f.devId}`],
      });
    }
  }

  if (
    (f.type === undefined || f.type === 'schedule') &&
    (f.actor === undefined || PERSON_OR_PROGRAM.includes(f.actor))
  ) {
    scans.push({
      src: SOURCES.sch,
      where: [
        sql`s.site_id = ${f.siteId}`,
        ...(f.actor === undefined ? [] : [sql`s.actor_kind = ${f.actor}`]),
        ...(f.devId === undefined
          ? []
          : [
              sql`s.schedule_id IN (SELECT t.schedule_id FROM schedule_targets t
                WHERE t.dev_id = ${f.devId}
                  OR t.dev_id IN (SELECT k.dev_id FROM devices k WHERE k.parent_dev_id = ${f.devId}))`,
            ]),
        ...dates(sql.raw('s.at')),
      ],
    });
  }
  return scans;
}

/** The rows of a source that come after the cursor in the log's order. */
function after(src: SourceRank, cursor: LogCursor): SQL {
  const table = TABLES[src];
  const at = sql`${timestampOfMicros(cursor.us)}::timestamptz`;
  if (src < cursor.src) return sql`${table.at} <= ${at}`;
  if (src > cursor.src) return sql`${table.at} < ${at}`;
  return sql`(${table.at}, ${table.id}) < (${at}, ${cursor.id}::${table.idType})`;
}

interface StoredRow {
  src: number;
  key: string;
  at_us: string;
  dev_id: string | null;
  dev_class: string | null;
  dev_name: string | null;
  parent_dev_id: string | null;
  outlet: number | null;
  actor_kind: ActorKind;
  actor_id: string | null;
  kind: string;
  /** jsonb: both drivers answer it parsed. */
  args: unknown;
  state: string | null;
  error: string | null;
  expires_at: string | Date | null;
  schedule_name: string | null;
  fire_id: string | number | null;
  user_name: string | null;
  actor_schedule_name: string | null;
}

function toLogRow(r: StoredRow): LogRow {
  return {
    src: Number(r.src) as SourceRank,
    key: r.key,
    atUs: String(r.at_us),
    devId: r.dev_id,
    devClass: r.dev_class,
    devName: r.dev_name,
    parentDevId: r.parent_dev_id,
    outlet: r.outlet === null ? null : Number(r.outlet),
    actorKind: r.actor_kind,
    actorId: r.actor_id,
    kind: r.kind,
    args: r.args,
    state: r.state,
    error: r.error,
    expiresAt: r.expires_at === null ? null : new Date(r.expires_at),
    scheduleName: r.schedule_name,
    fireId: r.fire_id === null ? null : Number(r.fire_id),
    userName: r.user_name,
    actorScheduleName: r.actor_schedule_name,
  };
}
