import { and, eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/database';
import { siteMutes, siteWatches } from '../../infra/db/schema';
import { siteVisits } from '../../infra/db/schema-locations';

/** Per-user marks on a location: watched, muted, last visited. */
export class SiteMarksRepository {
  constructor(private readonly db: Db) {}

  async setWatched(userId: string, siteId: string, on: boolean): Promise<void> {
    if (on) await this.db.insert(siteWatches).values({ userId, siteId }).onConflictDoNothing();
    else
      await this.db
        .delete(siteWatches)
        .where(and(eq(siteWatches.userId, userId), eq(siteWatches.siteId, siteId)));
  }

  async setMuted(userId: string, siteId: string, on: boolean): Promise<void> {
    if (on) await this.db.insert(siteMutes).values({ userId, siteId }).onConflictDoNothing();
    else
      await this.db
        .delete(siteMutes)
        .where(and(eq(siteMutes.userId, userId), eq(siteMutes.siteId, siteId)));
  }

  async visit(userId: string, siteId: string, at: Date): Promise<void> {
    await this.db
      .insert(siteVisits)
      .values({ userId, siteId, visitedAt: at })
      .onConflictDoUpdate({
        target: [siteVisits.userId, siteVisits.siteId],
        set: { visitedAt: at },
      });
  }
}
