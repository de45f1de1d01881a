import type { PermLvl } from '@powerdeck/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database';
import { locations, permissions, siteMutes, siteWatches, users } from '../../infra/db/schema';
import { type StoredRate, locationEnergy } from '../../infra/db/schema-locations';

export interface LocationUpdate {
  name: string;
  address: string | null;
  address2: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
  postalCode: string | null;
  dst: boolean;
  timezone: string;
  viewpref: string;
  installDate: string | null;
}

/** The settings as stored, with the location's id, lock and the caller's watch and mute. */
export interface LocationRow extends LocationUpdate {
  id: string;
  otltLock: boolean;
  watched: boolean;
  muted: boolean;
}

/** A location's settings, lock, people and energy rates: the only SQL of siteManagement. */
export class SiteSettingsRepository {
  constructor(private readonly db: Db) {}

  async find(siteId: string, userId: string): Promise<LocationRow | undefined> {
    const [row] = await this.db
      .select({
        id: locations.id,
        name: locations.name,
        address: locations.address,
        address2: locations.address2,
        city: locations.city,
        region: locations.region,
        country: locations.country,
        postalCode: locations.postalCode,
        dst: locations.dst,
        timezone: locations.timezone,
        viewpref: locations.viewpref,
        installDate: locations.installDate,
        otltLock: locations.otltLock,
        watched: sql<boolean>`exists (select 1 from ${siteWatches} where ${siteWatches.siteId} = ${locations.id} and ${siteWatches.userId} = ${userId})`,
        muted: sql<boolean>`exists (select 1 from ${siteMutes} where ${siteMutes.siteId} = ${locations.id} and ${siteMutes.userId} = ${userId})`,
      })
      .from(locations)
      .where(eq(locations.id, siteId))
      .limit(1);
    return row;
  }

  async update(siteId: string, update: LocationUpdate, at: Date): Promise<void> {
    await this.db
      .update(locations)
      .set({ ...update, updatedAt: at })
      .where(eq(locations.id, siteId));
  }

  async setLock(siteId: string, locked: boolean, at: Date): Promise<void> {
    await this.db
      .update(locations)
      .set({ otltLock: locked, updatedAt: at })
      .where(eq(locations.id, siteId));
  }

  async delete(siteId: string): Promise<void> {
    await this.db.delete(locations).where(eq(locations.id, siteId));
  }

  async people(siteId: string) {
    return this.db
      .select({
        userId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        permLvl: permissions.permLvl,
      })
      .from(permissions)
      .innerJoin(users, eq(users.id, permissions.userId))
      .where(eq(permissions.siteId, siteId))
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  }

  async userIdByEmail(email: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1);
    return row?.id;
  }

  /** False when the person already holds a level there. */
  async addPermission(siteId: string, userId: string, permLvl: PermLvl): Promise<boolean> {
    const inserted = await this.db
      .insert(permissions)
      .values({ siteId, userId, permLvl })
      .onConflictDoNothing()
      .returning({ userId: permissions.userId });
    return inserted.length > 0;
  }

  /** False when the person holds no level there. */
  async setPermission(siteId: string, userId: string, permLvl: PermLvl | null): Promise<boolean> {
    const where = and(eq(permissions.siteId, siteId), eq(permissions.userId, userId));
    const changed =
      permLvl === null
        ? await this.db.delete(permissions).where(where).returning({ userId: permissions.userId })
        : await this.db
            .update(permissions)
            .set({ permLvl })
            .where(where)
            .returning({ userId: permissions.userId });
    return changed.length > 0;
  }

  async energy(siteId: string): Promise<{ monthlyBudget: number; rates: StoredRate[] }> {
    const [row] = await this.db
      .select({ monthlyBudget: locationEnergy.monthlyBudget, rates: locationEnergy.rates })
      .from(locationEnergy)
      .where(eq(locationEnergy.siteId, siteId))
      .limit(1);
    return row ?? { monthlyBudget: 0, rates: [] };
  }

  async saveEnergy(siteId: string, monthlyBudget: number, rates: StoredRate[], at: Date) {
    await this.db
      .insert(locationEnergy)
      .values({ siteId, monthlyBudget, rates, updatedAt: at })
      .onConflictDoUpdate({
        target: locationEnergy.siteId,
        set: { monthlyBudget, rates, updatedAt: at },
      });
  }
}
