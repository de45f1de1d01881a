import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../infra/db/database';
import { isUniqueViolation } from '../../infra/db/errors';
import { authTokens, loginFailures, users } from '../../infra/db/schema';

export type UserRow = typeof users.$inferSelect;
export type AuthTokenKind = (typeof authTokens.$inferSelect)['kind'];

export class AuthRepository {
  constructor(private readonly db: Db) {}

  async findUserByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email)).limit(1);
    return row;
  }

  async findUserById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  /** Returns false when the e-mail is already taken. */
  async createUser(user: typeof users.$inferInsert): Promise<boolean> {
    try {
      await this.db.insert(users).values(user);
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async markEmailVerified(userId: string, at: Date): Promise<void> {
    await this.db
      .update(users)
      .set({ emailVerifiedAt: at })
      .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
  }

  async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
    await this.db.update(users).set({ passwordHash }).where(eq(users.id, userId));
  }

  async createToken(token: {
    id: string;
    kind: AuthTokenKind;
    tokenHash: string;
    userId: string;
    expiresAt: Date;
    createdAt: Date;
  }): Promise<void> {
    await this.db.insert(authTokens).values(token);
  }

  /**
   * Marks an unused, unexpired token of this kind as used and returns its user, in one
   * statement: two concurrent uses of a link cannot both succeed.
   */
  async consumeToken(kind: AuthTokenKind, tokenHash: string, now: Date): Promise<string | null> {
    const [row] = await this.db
      .update(authTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(authTokens.kind, kind),
          eq(authTokens.tokenHash, tokenHash),
          isNull(authTokens.usedAt),
          gt(authTokens.expiresAt, now),
        ),
      )
      .returning({ userId: authTokens.userId });
    return row?.userId ?? null;
  }

  async failuresSince(email: string, since: Date): Promise<Date[]> {
    const rows = await this.db
      .select({ failedAt: loginFailures.failedAt })
      .from(loginFailures)
      .where(and(eq(loginFailures.email, email), gt(loginFailures.failedAt, since)));
    return rows.map((r) => r.failedAt);
  }

  /** Records a failure and forgets this address's failures that have left the window. */
  async recordFailure(email: string, ip: string, at: Date, forgetBefore: Date): Promise<void> {
    await this.db
      .delete(loginFailures)
      .where(and(eq(loginFailures.email, email), lt(loginFailures.failedAt, forgetBefore)));
    await this.db.insert(loginFailures).values({ email, ip, failedAt: at });
  }

  async clearFailures(email: string): Promise<void> {
    await this.db.delete(loginFailures).where(eq(loginFailures.email, email));
  }

  /**
   * Revokes every outstanding e-mailed link of the user (verification, password reset, e-mail
   * change): after a password reset, a password change or an e-mail change, an older link answers
   * like a used one.
   */
  async revokeLinkTokens(userId: string, at: Date): Promise<void> {
    await this.db
      .update(authTokens)
      .set({ usedAt: at })
      .where(and(eq(authTokens.userId, userId), isNull(authTokens.usedAt)));
  }

  /** Drops tokens that can no longer be used (housekeeping when a new one is issued). */
  async deleteDeadTokens(userId: string, now: Date): Promise<void> {
    await this.db
      .delete(authTokens)
      .where(
        and(
          eq(authTokens.userId, userId),
          or(lt(authTokens.expiresAt, now), lt(authTokens.usedAt, now)),
        ),
      );
  }
}
