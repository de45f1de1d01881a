import type { GroupLocation, GroupUser } from '@powerdeck/domain';
import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database';
import { locations, permissions, users } from '../../infra/db/schema';
import { adminGroupLocations, adminGroupUsers, adminGroups } from '../../infra/db/schema-collab';

export type GroupRow = typeof adminGroups.$inferSelect;

const userName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

export class GroupsRepository {
  constructor(private readonly db: Db) {}

  /** Groups the user created or belongs to, newest first. */
  async listForUser(userId: string, limit: number, offset: number) {
    const visible = or(
      eq(adminGroups.createdBy, userId),
      sql`exists (select 1 from admin_group_users gu where gu.group_id = ${adminGroups.id} and gu.user_id = ${userId})`,
    );
    const rows = await this.db
      .select({
        id: adminGroups.id,
        groupName: adminGroups.groupName,
        createdBy: adminGroups.createdBy,
        locationCount: sql<number>`(select count(*)::int from admin_group_locations gl where gl.group_id = ${adminGroups.id})`,
        userCount: sql<number>`(select count(*)::int from admin_group_users gu where gu.group_id = ${adminGroups.id})`,
      })
      .from(adminGroups)
      .where(visible)
      .orderBy(desc(adminGroups.createdAt), asc(adminGroups.id))
      .limit(limit)
      .offset(offset);
    const [total] = await this.db.select({ n: count() }).from(adminGroups).where(visible);
    return { rows, total: total?.n ?? 0 };
  }

  async find(id: string): Promise<GroupRow | undefined> {
    const [row] = await this.db.select().from(adminGroups).where(eq(adminGroups.id, id)).limit(1);
    return row;
  }

  async isMember(groupId: string, userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ g: adminGroupUsers.groupId })
      .from(adminGroupUsers)
      .where(and(eq(adminGroupUsers.groupId, groupId), eq(adminGroupUsers.userId, userId)))
      .limit(1);
    return row !== undefined;
  }

  async locationsOf(groupId: string): Promise<GroupLocation[]> {
    return this.db
      .select({ siteId: locations.id, name: locations.name, permLvl: sql<string>`''` })
      .from(adminGroupLocations)
      .innerJoin(locations, eq(locations.id, adminGroupLocations.siteId))
      .where(eq(adminGroupLocations.groupId, groupId))
      .orderBy(asc(locations.name));
  }

  async usersOf(groupId: string): Promise<GroupUser[]> {
    const rows = await this.db
      .select({ id: users.id, name: userName, email: users.email })
      .from(adminGroupUsers)
      .innerJoin(users, eq(users.id, adminGroupUsers.userId))
      .where(eq(adminGroupUsers.groupId, groupId))
      .orderBy(asc(users.email));
    return rows.map((r) => ({ ...r, defaultPermission: '' }));
  }

  /** The caller's locations with their level (every location as ADMIN for SUPPORT). */
  async levelsOf(userId: string, allSites: boolean): Promise<GroupLocation[]> {
    if (allSites) {
      const rows = await this.db
        .select({ siteId: locations.id, name: locations.name })
        .from(locations)
        .orderBy(asc(locations.name));
      return rows.map((r) => ({ ...r, permLvl: 'ADMIN' }));
    }
    return this.db
      .select({
        siteId: locations.id,
        name: locations.name,
        permLvl: sql<string>`${permissions.permLvl}`,
      })
      .from(permissions)
      .innerJoin(locations, eq(locations.id, permissions.siteId))
      .where(eq(permissions.userId, userId))
      .orderBy(asc(locations.name));
  }

  /**
   * People who hold a level at any of these locations, plus `alwaysIds`, with their highest
   * level there as `defaultPermission` (lower-case, as the checklist shows '(admin)').
   */
  async peopleAt(siteIds: readonly string[], alwaysIds: readonly string[]): Promise<GroupUser[]> {
    const rows = await this.db
      .select({
        id: users.id,
        name: userName,
        email: users.email,
        levels: sql<
          string[]
        >`coalesce(array_agg(distinct ${permissions.permLvl}) filter (where ${permissions.permLvl} is not null), '{}')`,
      })
      .from(users)
      .leftJoin(
        permissions,
        and(
          eq(permissions.userId, users.id),
          siteIds.length > 0 ? inArray(permissions.siteId, [...siteIds]) : sql`false`,
        ),
      )
      .where(
        or(
          siteIds.length > 0
            ? sql`exists (select 1 from permissions p where p.user_id = ${users.id} and p.site_id in (${sql.join(
                siteIds.map((s) => sql`${s}`),
                sql`, `,
              )}))`
            : sql`false`,
          alwaysIds.length > 0 ? inArray(users.id, [...alwaysIds]) : sql`false`,
        ),
      )
      .groupBy(users.id)
      .orderBy(asc(users.email));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      defaultPermission: topLevel(r.levels),
    }));
  }

  async save(
    group: {
      id: string;
      groupName: string;
      createdBy: string;
      locations: string[];
      users: string[];
    },
    isNew: boolean,
  ) {
    await this.db.transaction(async (tx) => {
      if (isNew) {
        await tx
          .insert(adminGroups)
          .values({ id: group.id, groupName: group.groupName, createdBy: group.createdBy });
      } else {
        await tx
          .update(adminGroups)
          .set({ groupName: group.groupName })
          .where(eq(adminGroups.id, group.id));
        await tx.delete(adminGroupLocations).where(eq(adminGroupLocations.groupId, group.id));
        await tx.delete(adminGroupUsers).where(eq(adminGroupUsers.groupId, group.id));
      }
      if (group.locations.length > 0) {
        await tx
          .insert(adminGroupLocations)
          .values(group.locations.map((siteId) => ({ groupId: group.id, siteId })));
      }
      if (group.users.length > 0) {
        await tx
          .insert(adminGroupUsers)
          .values(group.users.map((userId) => ({ groupId: group.id, userId })));
      }
    });
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(adminGroups).where(eq(adminGroups.id, id));
  }
}

const LEVEL_ORDER = ['owner', 'admin', 'installer', 'client'];
function topLevel(levels: readonly string[]): string {
  const lower = levels.map((l) => l.toLowerCase());
  return LEVEL_ORDER.find((l) => lower.includes(l)) ?? '';
}
