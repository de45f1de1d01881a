import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database';
import { isUniqueViolation } from '../../infra/db/errors';
import { authTokens, loginFailures, users } from '../../infra/db/schema';
import type { FailureCount } from './login-throttle';

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

  /**
   * Failed sign-ins of the pair (email, ip) since `accountSince`, and of the address across all
   * e-mails since `addressSince`, in one read of the address's rows.
   */
  async failureCounts(
    email: string,
    ip: string,
    windows: { accountSince: Date; addressSince: Date },
  ): Promise<{ account: FailureCount; address: FailureCount }> {
    const failedAt = loginFailures.failedAt;
    const ofAccount = sql`${loginFailures.email} = ${email} and ${failedAt} > ${windows.accountSince}`;
    const ofAddress = sql`${failedAt} > ${windows.addressSince}`;
    const earliest =
      windows.accountSince < windows.addressSince ? windows.accountSince : windows.addressSince;
    const [row] = await this.db
      .select({
        accountCount: sql<number>`count(*) filter (where ${ofAccount})`.mapWith(Number),
        accountLatest: sql<Date | null>`max(${failedAt}) filter (where ${ofAccount})`.mapWith(
          failedAt,
        ),
        addressCount: sql<number>`count(*) filter (where ${ofAddress})`.mapWith(Number),
        addressLatest: sql<Date | null>`max(${failedAt}) filter (where ${ofAddress})`.mapWith(
          failedAt,
        ),
      })
      .from(loginFailures)
      .where(and(eq(loginFailures.ip, ip), gt(failedAt, earliest)));
    return {
      account: { count: row?.accountCount ?? 0, latest: row?.accountLatest ?? null },
      address: { count: row?.addressCount ?? 0, latest: row?.addressLatest ?? null },
    };
  }

  /** Records a failure and forgets this e-mail's and address's failures that left the window. */
  async recordFailure(email: string, ip: string, at: Date, forgetBefore: Date): Promise<void> {
    await this.db
      .delete(loginFailures)
      .where(
        and(
          or(eq(loginFailures.email, email), eq(loginFailures.ip, ip)),
          lt(loginFailures.failedAt, forgetBefore),
        ),
      );
    await this.db.insert(loginFailures).values({ email, ip, failedAt: at });
  }

  /** Forgets the failures of one (e-mail, address) pair: its owner proved who they are there. */
  async clearFailures(email: string, ip: string): Promise<void> {
    await this.db
      .delete(loginFailures)
      .where(and(eq(loginFailures.email, email), eq(loginFailures.ip, ip)));
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
