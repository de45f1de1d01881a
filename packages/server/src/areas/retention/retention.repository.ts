import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../infra/db/database';
import { rowsOf } from '../../infra/db/rows';

/** The tables retention deletes from. */
export type RetentionTable =
  | 'device_readings'
  | 'device_commands'
  | 'device_command_events'
  | 'sessions'
  | 'login_failures'
  | 'outbox'
  | 'alert_mail_log';

/** What one delete batch removed, per table. */
export type BatchCounts = Partial<Record<RetentionTable, number>>;

const iso = (at: Date) => at.toISOString();

/**
 * Retention's SQL (the same on PGlite and PostgreSQL). Each method deletes at most `limit` rows
 * of its kind in one short statement (or, for commands, one short transaction), so no delete
 * holds its locks long or grows one transaction without bound; the caller repeats it.
 */
export class RetentionRepository {
  constructor(readonly db: Db) {}

  /** Where the minute rollup has got to (energy_rollup_progress), or null: not started. */
  async minuteRollupDoneUntil(): Promise<Date | null> {
    const [row] = rowsOf<{ done_until: string | Date | null }>(
      await this.db.execute(
        sql`SELECT done_until FROM energy_rollup_progress WHERE level = 'minute'`,
      ),
    );
    return row?.done_until ? new Date(row.done_until) : null;
  }

  /** Raw readings taken before `before`. */
  deleteReadings(before: Date, limit: number): Promise<number> {
    return this.deleteSome('device_readings', sql`at < ${iso(before)}::timestamptz`, limit);
  }

  /**
   * The oldest commands created before `before` and past their expiry (so finished: answered,
   * failed or expired), with their steps, in one transaction; how many of each it deleted.
   */
  async deleteCommands(
    before: Date,
    now: Date,
    limit: number,
  ): Promise<{ commands: number; steps: number }> {
    return this.db.transaction(async (tx) => {
      // the audit log's triggers let this transaction, and only it, delete (migration 0063)
      await tx.execute(sql`SELECT set_config('powerdeck.retention', 'on', true)`);
      const ids = rowsOf<{ id: string }>(
        await tx.execute(sql`
          SELECT id FROM device_commands
          WHERE created_at < ${iso(before)}::timestamptz AND expires_at < ${iso(now)}::timestamptz
          ORDER BY created_at LIMIT ${limit}`),
      ).map((r) => r.id);
      if (ids.length === 0) return { commands: 0, steps: 0 };
      const chosen = sql`(SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`;
      const steps = await countDeleted(
        tx,
        sql`DELETE FROM device_command_events WHERE cmd_id IN ${chosen} RETURNING 1`,
      );
      const commands = await countDeleted(
        tx,
        sql`DELETE FROM device_commands WHERE id IN ${chosen} RETURNING 1`,
      );
      return { commands, steps };
    });
  }

  /** Sessions that expired or were revoked before `before` (a live session is never deleted). */
  deleteEndedSessions(before: Date, limit: number): Promise<number> {
    const at = sql`${iso(before)}::timestamptz`;
    return this.deleteSome('sessions', sql`(expires_at < ${at} OR revoked_at < ${at})`, limit);
  }

  /** Failed sign-ins before `before`. */
  deleteLoginFailures(before: Date, limit: number): Promise<number> {
    return this.deleteSome('login_failures', sql`failed_at < ${iso(before)}::timestamptz`, limit);
  }

  /** Delivered outbox messages, delivered (or, written before delivery states, queued) before `before`. */
  deleteDeliveredMail(before: Date, limit: number): Promise<number> {
    return this.deleteSome(
      'outbox',
      sql`delivery_state = 'sent' AND coalesce(delivered_at, sent_at) < ${iso(before)}::timestamptz`,
      limit,
    );
  }

  /** Outbox messages whose delivery failed for good, queued before `before`. */
  deleteFailedMail(before: Date, limit: number): Promise<number> {
    return this.deleteSome(
      'outbox',
      sql`delivery_state = 'failed' AND sent_at < ${iso(before)}::timestamptz`,
      limit,
    );
  }

  /** Alert e-mail claims of mail windows that started before `before` (areas/alerts/alert-mail.ts). */
  deleteAlertMailClaims(before: Date, limit: number): Promise<number> {
    return this.deleteSome(
      'alert_mail_log',
      sql`window_start < ${iso(before)}::timestamptz`,
      limit,
    );
  }

  /** At most `limit` rows of `table` matching `where`, picked by ctid (tables are code, never input). */
  private deleteSome(table: RetentionTable, where: SQL, limit: number): Promise<number> {
    return countDeleted(
      this.db,
      sql`DELETE FROM ${sql.raw(table)} WHERE ctid = ANY (ARRAY(
        SELECT ctid FROM ${sql.raw(table)} WHERE ${where} LIMIT ${limit}
      )) RETURNING 1`,
    );
  }
}

/** Runs a `DELETE … RETURNING 1` and answers how many rows it deleted. */
async function countDeleted(db: DbOrTx, deleteReturning: SQL): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(sql`WITH d AS (${deleteReturning}) SELECT count(*)::int AS n FROM d`),
  );
  return Number(row?.n ?? 0);
}
