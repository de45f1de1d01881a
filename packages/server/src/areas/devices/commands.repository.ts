import type { CommandState } from '@powerdeck/domain';
import { type SQL, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database';
import { rowsOf } from '../../infra/db/rows';
import { deviceCommandEvents, deviceCommands } from '../../infra/db/schema';

export type CommandRow = typeof deviceCommands.$inferInsert;
export type ActorKind = CommandRow['actorKind'];

/**
 * Who recorded a step: the sending server (`server`), the expiry found once no server waited any
 * more (`orphaned`), or the device, by its ack (`ack`) or a status report showing the outcome
 * (`status`).
 */
export type StepSource = 'server' | 'orphaned' | 'ack' | 'status';

export interface CommandStep {
  cmdId: string;
  state: CommandState;
  error?: string;
  at: Date;
  /** `server` when left out. */
  source?: StepSource;
}

/** A set-outlet command still waiting for the device's answer. */
export interface OpenSetOutlet {
  id: string;
  devId: string;
  kidId: string | null;
  otlt: number;
  state: 0 | 1;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * A command is still open while it has no outcome but an expiry recorded because its server went
 * away: the device may yet say what it did. (Steps from before sources were kept count as final.)
 */
const stillOpen = (cmdId: SQL) => sql`NOT EXISTS (
  SELECT 1 FROM device_command_events e
  WHERE e.cmd_id = ${cmdId}
    AND (e.state IN ('done', 'failed')
      OR (e.state = 'expired' AND e.source IS DISTINCT FROM 'orphaned')))`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The append-only command audit log: rows are inserted, never updated or deleted. */
export class CommandsRepository {
  constructor(private readonly db: Db) {}

  /** Records a new command and its first step in one statement (one round trip, atomic). */
  async insert(command: CommandRow, first: CommandStep): Promise<void> {
    await this.db.execute(sql`
      WITH command AS (
        INSERT INTO device_commands
          (id, dev_id, kid_id, svc, args, actor_kind, actor_id, created_at, expires_at)
        VALUES (${command.id}, ${command.devId}, ${command.kidId ?? null}, ${command.svc},
          ${JSON.stringify(command.args ?? {})}::jsonb, ${command.actorKind},
          ${command.actorId ?? null}, ${command.createdAt.toISOString()}::timestamptz,
          ${command.expiresAt.toISOString()}::timestamptz)
        RETURNING id
      )
      INSERT INTO device_command_events (cmd_id, state, error, at, source)
      SELECT id, ${first.state}, ${first.error ?? null}, ${first.at.toISOString()}::timestamptz,
        ${first.source ?? 'server'}
      FROM command`);
  }

  async addSteps(steps: readonly CommandStep[]): Promise<void> {
    if (steps.length === 0) return;
    await this.db.insert(deviceCommandEvents).values(steps.map(toEventRow));
  }

  /**
   * Records the device's answer to a command no server waits for any more, unless it is no longer
   * open (answered, or expired while its server waited). True when this call recorded it; of
   * several servers hearing the same answer, one does.
   */
  async answer(step: CommandStep & { source: 'ack' | 'status' }): Promise<boolean> {
    const result = await this.db.execute(sql`
      INSERT INTO device_command_events (cmd_id, state, error, at, source)
      SELECT ${step.cmdId}::uuid, ${step.state}, ${step.error ?? null},
        ${step.at.toISOString()}::timestamptz, ${step.source}
      WHERE ${stillOpen(sql`${step.cmdId}::uuid`)}
      ON CONFLICT (cmd_id) WHERE source IN ('ack', 'status') AND state IN ('done', 'failed', 'expired')
      DO NOTHING
      RETURNING id`);
    return rowsOf(result).length > 0;
  }

  /** Records that a command expired because no server waited for it, unless it is final already. */
  async expireOrphan(cmdId: string, at: Date): Promise<boolean> {
    const result = await this.db.execute(sql`
      INSERT INTO device_command_events (cmd_id, state, at, source)
      SELECT ${cmdId}::uuid, 'expired', ${at.toISOString()}::timestamptz, 'orphaned'
      WHERE NOT EXISTS (SELECT 1 FROM device_command_events e
        WHERE e.cmd_id = ${cmdId}::uuid AND e.state IN ('done', 'failed', 'expired'))
      RETURNING id`);
    return rowsOf(result).length > 0;
  }

  /**
   * Set-outlet commands created since `since` that are still open, the latest of each outlet only
   * (a later command to the same outlet would make a status report ambiguous).
   */
  async openSetOutlets(since: Date, limit: number): Promise<OpenSetOutlet[]> {
    const result = await this.db.execute(sql`
      SELECT c.id, c.dev_id, c.kid_id, (c.args ->> 'otlt')::int AS otlt,
        (c.args ->> 'state')::int AS state, c.created_at, c.expires_at
      FROM (
        SELECT *, row_number() OVER (
          PARTITION BY dev_id, kid_id, args ->> 'otlt' ORDER BY created_at DESC) AS latest
        FROM device_commands
        WHERE svc = 'setOutlet' AND created_at >= ${since.toISOString()}::timestamptz
      ) c
      WHERE c.latest = 1 AND ${stillOpen(sql.raw('c.id'))}
      ORDER BY c.created_at
      LIMIT ${limit}`);
    return rowsOf<{
      id: string;
      dev_id: string;
      kid_id: string | null;
      otlt: number;
      state: number;
      created_at: string | Date;
      expires_at: string | Date;
    }>(result).map((r) => ({
      id: r.id,
      devId: r.dev_id,
      kidId: r.kid_id,
      otlt: Number(r.otlt),
      state: Number(r.state) === 1 ? 1 : 0,
      createdAt: new Date(r.created_at),
      expiresAt: new Date(r.expires_at),
    }));
  }

  /**
   * The latest step of each command (its state now, as far as the log knows) and its expiry, by
   * command id; commands not in the log are left out.
   */
  async latestStates(
    cmdIds: readonly string[],
  ): Promise<Map<string, { state: CommandState; error: string | null; expiresAt: Date }>> {
    const ids = [...new Set(cmdIds)].filter((id) => UUID.test(id));
    if (ids.length === 0) return new Map();
    const result = await this.db.execute(sql`
      SELECT c.id, c.expires_at, e.state, e.error
      FROM device_commands c
      LEFT JOIN LATERAL (
        SELECT state, error FROM device_command_events
        WHERE cmd_id = c.id ORDER BY id DESC LIMIT 1
      ) e ON true
      WHERE c.id IN (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`);
    const rows = rowsOf<{
      id: string;
      expires_at: string | Date;
      state: CommandState | null;
      error: string | null;
    }>(result);
    return new Map(
      rows.map((r) => [
        r.id,
        { state: r.state ?? 'sent', error: r.error, expiresAt: new Date(r.expires_at) },
      ]),
    );
  }

  async find(cmdId: string) {
    const [row] = await this.db
      .select()
      .from(deviceCommands)
      .where(eq(deviceCommands.id, cmdId))
      .limit(1);
    return row;
  }

  /** Every step of a command, oldest first. */
  async steps(cmdId: string) {
    const rows = await this.db
      .select()
      .from(deviceCommandEvents)
      .where(eq(deviceCommandEvents.cmdId, cmdId))
      .orderBy(desc(deviceCommandEvents.id));
    return rows.reverse();
  }
}

function toEventRow(step: CommandStep) {
  return {
    cmdId: step.cmdId,
    state: step.state,
    error: step.error ?? null,
    at: step.at,
    source: step.source ?? 'server',
  };
}
