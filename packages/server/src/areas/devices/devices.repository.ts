import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database';
import {
  deviceMutes,
  deviceWatches,
  devices,
  locations,
  outlets,
  permissions,
} from '../../infra/db/schema';

export type DeviceRow = Pick<
  typeof devices.$inferSelect,
  | 'devId'
  | 'siteId'
  | 'devClass'
  | 'devName'
  | 'fwVer'
  | 'parentDevId'
  | 'info'
  | 'status'
  | 'lastContact'
  | 'sysTime'
  | 'online'
>;
export type OutletRow = typeof outlets.$inferSelect;

export interface DeviceListRow extends DeviceRow {
  kids: number;
  watched: boolean;
  muted: boolean;
}

const deviceColumns = {
  devId: devices.devId,
  siteId: devices.siteId,
  devClass: devices.devClass,
  devName: devices.devName,
  fwVer: devices.fwVer,
  parentDevId: devices.parentDevId,
  info: devices.info,
  status: devices.status,
  lastContact: devices.lastContact,
  sysTime: devices.sysTime,
  online: devices.online,
};

/** Devices, kids, outlets, watches and mutes: the only SQL of the devices area's reads. */
export class DevicesRepository {
  /** Every command and device view runs these: prepared once (docs/ARCHITECTURE.md). */
  private byId: ReturnType<DevicesRepository['prepareFind']> | undefined;
  private locks: ReturnType<DevicesRepository['prepareOutletLocks']> | undefined;

  constructor(private readonly db: Db) {}

  async find(devId: string): Promise<DeviceRow | undefined> {
    this.byId ??= this.prepareFind();
    const [row] = await this.byId.execute({ devId });
    return row;
  }

  private prepareFind() {
    return this.db
      .select(deviceColumns)
      .from(devices)
      .where(eq(devices.devId, sql.placeholder('devId')))
      .limit(1)
      .prepare('device_find');
  }

  async kidsOf(devId: string): Promise<DeviceRow[]> {
    return this.db
      .select(deviceColumns)
      .from(devices)
      .where(eq(devices.parentDevId, devId))
      .orderBy(asc(devices.createdAt), asc(devices.devId));
  }

  async outletsOf(devIds: readonly string[]): Promise<OutletRow[]> {
    if (devIds.length === 0) return [];
    return this.db
      .select()
      .from(outlets)
      .where(inArray(outlets.devId, [...devIds]))
      .orderBy(asc(outlets.devId), asc(outlets.otltId));
  }

  /** Whether the location's outlets are locked, and whether this outlet is (one query). */
  async outletLocks(
    siteId: string,
    devId: string,
    otltId: number,
  ): Promise<{ location: boolean; outlet: boolean }> {
    this.locks ??= this.prepareOutletLocks();
    const [row] = await this.locks.execute({ siteId, devId, otltId });
    return { location: row?.location ?? false, outlet: row?.outlet ?? false };
  }

  private prepareOutletLocks() {
    return this.db
      .select({
        location: locations.otltLock,
        outlet: sql<boolean>`coalesce(${outlets.locked}, false)`,
      })
      .from(locations)
      .leftJoin(
        outlets,
        and(
          eq(outlets.devId, sql.placeholder('devId')),
          eq(outlets.otltId, sql.placeholder('otltId')),
        ),
      )
      .where(eq(locations.id, sql.placeholder('siteId')))
      .limit(1)
      .prepare('outlet_locks');
  }

  async locationLocked(siteId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ otltLock: locations.otltLock })
      .from(locations)
      .where(eq(locations.id, siteId))
      .limit(1);
    return row?.otltLock ?? false;
  }

  /** Every device at a location (kids too), with kid counts and the user's watch and mute. */
  async listAtSite(siteId: string, userId: string): Promise<DeviceListRow[]> {
    return this.listWhere(eq(devices.siteId, siteId), userId);
  }

  /** Devices the user watches at locations where they hold a level (or everywhere for SUPPORT). */
  async watchedBy(userId: string, allSites: boolean): Promise<DeviceListRow[]> {
    const rows = await this.listWhere(isNotNull(deviceWatches.userId), userId);
    if (allSites) return rows;
    const sites = await this.db
      .select({ siteId: permissions.siteId })
      .from(permissions)
      .where(eq(permissions.userId, userId));
    const allowed = new Set(sites.map((s) => s.siteId));
    return rows.filter((r) => r.siteId !== null && allowed.has(r.siteId));
  }

  private async listWhere(where: ReturnType<typeof eq>, userId: string): Promise<DeviceListRow[]> {
    const kidCounts = this.db
      .select({ parent: devices.parentDevId, n: count().as('n') })
      .from(devices)
      .where(isNotNull(devices.parentDevId))
      .groupBy(devices.parentDevId)
      .as('kid_counts');
    const rows = await this.db
      .select({
        ...deviceColumns,
        kids: sql<number>`coalesce(${kidCounts.n}, 0)::int`,
        watched: sql<boolean>`${deviceWatches.userId} is not null`,
        muted: sql<boolean>`${deviceMutes.userId} is not null`,
      })
      .from(devices)
      .leftJoin(kidCounts, eq(kidCounts.parent, devices.devId))
      .leftJoin(
        deviceWatches,
        and(eq(deviceWatches.devId, devices.devId), eq(deviceWatches.userId, userId)),
      )
      .leftJoin(
        deviceMutes,
        and(eq(deviceMutes.devId, devices.devId), eq(deviceMutes.userId, userId)),
      )
      .where(where)
      .orderBy(sql`lower(${devices.devName})`, asc(devices.devId));
    return rows.map((r) => ({ ...r, kids: Number(r.kids) }));
  }

  async setWatched(userId: string, devId: string, watched: boolean): Promise<void> {
    if (watched) {
      await this.db.insert(deviceWatches).values({ userId, devId }).onConflictDoNothing();
    } else {
      await this.db
        .delete(deviceWatches)
        .where(and(eq(deviceWatches.userId, userId), eq(deviceWatches.devId, devId)));
    }
  }

  async setMuted(userId: string, devId: string, muted: boolean): Promise<void> {
    if (muted) {
      await this.db.insert(deviceMutes).values({ userId, devId }).onConflictDoNothing();
    } else {
      await this.db
        .delete(deviceMutes)
        .where(and(eq(deviceMutes.userId, userId), eq(deviceMutes.devId, devId)));
    }
  }

  async rename(devId: string, devName: string): Promise<void> {
    await this.db.update(devices).set({ devName }).where(eq(devices.devId, devId));
  }

  /** Writes outlet labels and locks (rows are created for outlets the table lacks). */
  async saveOutlets(rows: readonly OutletRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.transaction(async (tx) => {
      for (const row of rows) {
        await tx
          .insert(outlets)
          .values(row)
          .onConflictDoUpdate({
            target: [outlets.devId, outlets.otltId],
            set: { name1: row.name1, name2: row.name2, name3: row.name3, locked: row.locked },
          });
      }
    });
  }
}
