import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database';
import { sessions, users } from '../../infra/db/schema';

export class SessionRepository {
  /** Every request runs it: prepared once (docs/ARCHITECTURE.md, "Prepared statements"). */
  private live: ReturnType<SessionRepository['prepareFindLive']> | undefined;

  constructor(private readonly db: Db) {}

  async insert(session: typeof sessions.$inferInsert): Promise<void> {
    await this.db.insert(sessions).values(session);
  }

  /** The live (unrevoked, unexpired) session with this secret hash, with its user. */
  async findLive(tokenHash: string, now: Date) {
    this.live ??= this.prepareFindLive();
    const [row] = await this.live.execute({ tokenHash, now: now.toISOString() });
    return row;
  }

  private prepareFindLive() {
    return this.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql.placeholder('now')),
        ),
      )
      .limit(1)
      .prepare('session_find_live');
  }

  async touch(id: string, lastSeenAt: Date, expiresAt: Date): Promise<void> {
    await this.db.update(sessions).set({ lastSeenAt, expiresAt }).where(eq(sessions.id, id));
  }

  async revoke(id: string, at: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
  }

  async revokeAllForUser(userId: string, at: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }
}
