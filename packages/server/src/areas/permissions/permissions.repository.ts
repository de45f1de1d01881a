import type { PermLvl } from '@powerdeck/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/database';
import { locations, permissions } from '../../infra/db/schema';

export class PermissionsRepository {
  constructor(private readonly db: Db) {}

  async permLvlAt(userId: string, siteId: string): Promise<PermLvl | null> {
    const [row] = await this.db
      .select({ permLvl: permissions.permLvl })
      .from(permissions)
      .where(and(eq(permissions.userId, userId), eq(permissions.siteId, siteId)))
      .limit(1);
    return row?.permLvl ?? null;
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
