import type { CommandState } from '@powerdeck/domain';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database';
import { deviceCommandEvents, deviceCommands } from '../../infra/db/schema';

export type CommandRow = typeof deviceCommands.$inferInsert;
export type ActorKind = CommandRow['actorKind'];

export interface CommandStep {
  cmdId: string;
  state: CommandState;
  error?: string;
  at: Date;
}

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
      INSERT INTO device_command_events (cmd_id, state, error, at)
      SELECT id, ${first.state}, ${first.error ?? null}, ${first.at.toISOString()}::timestamptz
      FROM command`);
  }

  async addSteps(steps: readonly CommandStep[]): Promise<void> {
    if (steps.length === 0) return;
    await this.db.insert(deviceCommandEvents).values(steps.map(toEventRow));
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
  return { cmdId: step.cmdId, state: step.state, error: step.error ?? null, at: step.at };
}
