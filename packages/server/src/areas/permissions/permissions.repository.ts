import type { PermLvl } from '@powerdeck/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database';
import { locations, permissions } from '../../infra/db/schema';

export class PermissionsRepository {
  /** Every call at a location runs it: prepared once (docs/ARCHITECTURE.md). */
  private levelAt: ReturnType<PermissionsRepository['preparePermLvlAt']> | undefined;

  constructor(private readonly db: Db) {}

  async permLvlAt(userId: string, siteId: string): Promise<PermLvl | null> {
    this.levelAt ??= this.preparePermLvlAt();
    const [row] = await this.levelAt.execute({ userId, siteId });
    return row?.permLvl ?? null;
  }

  private preparePermLvlAt() {
    return this.db
      .select({ permLvl: permissions.permLvl })
      .from(permissions)
      .where(
        and(
          eq(permissions.userId, sql.placeholder('userId')),
          eq(permissions.siteId, sql.placeholder('siteId')),
        ),
      )
      .limit(1)
      .prepare('permission_level_at');
  }

  async locationExists(siteId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: locations.id })
      .from(locations)
      .where(eq(locations.id, siteId))
      .limit(1);
    return row !== undefined;
  }
}
