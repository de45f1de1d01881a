import type { UserDataForSites, UserSiteRecord } from '@powerdeck/domain';
import { and, asc, eq, exists, gt, inArray, isNull, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../infra/db/database';
import { isUniqueViolation } from '../../infra/db/errors';
import { authTokens, locations, permissions, sessions, users } from '../../infra/db/schema';
import { accountFeedback } from '../../infra/db/schema-collab';
import { AuthRepository } from '../auth/auth.repository';

export type AccountUserRow = typeof users.$inferSelect;

/** The levels of the viewer, beside those of the user asked about. */
const viewerLevels = alias(permissions, 'viewer_levels');

export class AccountRepository {
  constructor(private readonly db: Db) {}

  async findUser(id: string): Promise<AccountUserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  /** Whether both users hold a level at one location at least. */
  async shareLocation(viewerId: string, userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ siteId: permissions.siteId })
      .from(permissions)
      .innerJoin(
        viewerLevels,
        and(eq(viewerLevels.siteId, permissions.siteId), eq(viewerLevels.userId, viewerId)),
      )
      .where(eq(permissions.userId, userId))
      .limit(1);
    return row !== undefined;
  }

  /**
   * The user's level at each of `siteIds` where they hold one; only at locations where `viewerId`
   * holds a level too, unless it is null (SUPPORT: every location).
   */
  async levelsAt(
    userId: string,
    siteIds: readonly string[],
    viewerId: string | null,
  ): Promise<UserDataForSites['records']> {
    const viewerHolds =
      viewerId === null
        ? undefined
        : exists(
            this.db
              .select({ siteId: viewerLevels.siteId })
              .from(viewerLevels)
              .where(
                and(eq(viewerLevels.siteId, permissions.siteId), eq(viewerLevels.userId, viewerId)),
              ),
          );
    return this.db
      .select({ siteId: permissions.siteId, permLvl: permissions.permLvl })
      .from(permissions)
      .where(
        and(eq(permissions.userId, userId), inArray(permissions.siteId, [...siteIds]), viewerHolds),
      )
      .orderBy(asc(permissions.siteId));
  }

  async emailTaken(email: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    return row !== undefined;
  }

  /** Locations with the user's own level, by name; every location as ADMIN when `allSites`. */
  async sitesOf(userId: string, allSites: boolean): Promise<UserSiteRecord[]> {
    if (allSites) {
      const rows = await this.db
        .select({ siteId: locations.id, name: locations.name, permLvl: permissions.permLvl })
        .from(locations)
        .leftJoin(
          permissions,
          and(eq(permissions.siteId, locations.id), eq(permissions.userId, userId)),
        )
        .orderBy(asc(locations.name));
      return rows.map((r) => ({
        siteId: r.siteId,
        name: r.name,
        permLvl: r.permLvl ?? 'ADMIN',
      }));
    }
    return this.db
      .select({ siteId: locations.id, name: locations.name, permLvl: permissions.permLvl })
      .from(permissions)
      .innerJoin(locations, eq(locations.id, permissions.siteId))
      .where(eq(permissions.userId, userId))
      .orderBy(asc(locations.name));
  }

  async updateDetails(id: string, details: { firstName: string; lastName: string; phone: string }) {
    await this.db
      .update(users)
      .set({ ...details, phone: details.phone === '' ? null : details.phone })
      .where(eq(users.id, id));
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.db.update(users).set({ passwordHash }).where(eq(users.id, id));
  }

  /** Ends every session of the user except `keepSessionId` (their live streams close at the next heartbeat). */
  async revokeOtherSessions(userId: string, keepSessionId: string, at: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: at })
      .where(
        and(
          eq(sessions.userId, userId),
          ne(sessions.id, keepSessionId),
          isNull(sessions.revokedAt),
        ),
      );
  }

  /** Every outstanding e-mailed link of the user stops working (AuthRepository.revokeLinkTokens). */
  async revokeLinkTokens(userId: string, at: Date): Promise<void> {
    await new AuthRepository(this.db).revokeLinkTokens(userId, at);
  }

  /** Drops earlier unused change-email links, so only the newest one works. */
  async replaceEmailToken(token: typeof authTokens.$inferInsert): Promise<void> {
    await this.db
      .delete(authTokens)
      .where(
        and(
          eq(authTokens.userId, token.userId),
          eq(authTokens.kind, 'change_email'),
          isNull(authTokens.usedAt),
        ),
      );
    await this.db.insert(authTokens).values(token);
  }

  async pendingEmail(userId: string, now: Date): Promise<string | null> {
    const [row] = await this.db
      .select({ email: authTokens.email })
      .from(authTokens)
      .where(
        and(
          eq(authTokens.userId, userId),
          eq(authTokens.kind, 'change_email'),
          isNull(authTokens.usedAt),
          gt(authTokens.expiresAt, now),
        ),
      )
      .limit(1);
    return row?.email ?? null;
  }

  /** Uses a change-email link once (one statement, so two uses cannot both succeed). */
  async consumeEmailToken(
    tokenHash: string,
    now: Date,
  ): Promise<{ userId: string; email: string } | null> {
    const [row] = await this.db
      .update(authTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(authTokens.kind, 'change_email'),
          eq(authTokens.tokenHash, tokenHash),
          isNull(authTokens.usedAt),
          gt(authTokens.expiresAt, now),
        ),
      )
      .returning({ userId: authTokens.userId, email: authTokens.email });
    return row?.email ? { userId: row.userId, email: row.email } : null;
  }

  /** Returns false when the address was taken meanwhile. */
  async setEmail(userId: string, email: string, at: Date): Promise<boolean> {
    try {
      await this.db.update(users).set({ email, emailVerifiedAt: at }).where(eq(users.id, userId));
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async addFeedback(row: typeof accountFeedback.$inferInsert): Promise<void> {
    await this.db.insert(accountFeedback).values(row);
  }

  async deleteUser(userId: string): Promise<void> {
    await this.db.delete(users).where(eq(users.id, userId));
  }
}
