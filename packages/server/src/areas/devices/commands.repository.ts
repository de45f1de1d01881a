import type { CommandState } from '@powerdeck/domain';
import { desc, eq } from 'drizzle-orm';
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

  /** Records a new command and its first step in one transaction. */
  async insert(command: CommandRow, first: CommandStep): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(deviceCommands).values(command);
      await tx.insert(deviceCommandEvents).values(toEventRow(first));
    });
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
