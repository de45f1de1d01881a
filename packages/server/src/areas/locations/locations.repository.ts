import type { PermLvl } from '@powerdeck/domain';
import { and, asc, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database';
import {
  clients,
  contacts,
  devices,
  locations,
  permissions,
  siteMutes,
  siteWatches,
} from '../../infra/db/schema';

export interface LocationListRow {
  siteId: string;
  name: string;
  client: string | null;
  clientId: string | null;
  /** null when the caller holds no level there (SUPPORT listing every location). */
  permLvl: PermLvl | null;
  otltLock: boolean;
  watched: boolean;
  muted: boolean;
  primeContact: string | null;
  contactFirstName: string | null;
  contactLastName: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
}

export interface LocationListQuery {
  userId: string;
  /** Every location (SUPPORT tier) rather than those the user holds a level at. */
  allSites: boolean;
  limit: number | null;
  offset: number;
}

export class LocationsRepository {
  constructor(private readonly db: Db) {}

  /** The caller's locations ordered by name, one page of them, and how many there are. */
  async listForUser(query: LocationListQuery): Promise<{ rows: LocationListRow[]; total: number }> {
    const visible = query.allSites ? undefined : isNotNull(permissions.userId);
    const permissionJoin = and(
      eq(permissions.siteId, locations.id),
      eq(permissions.userId, query.userId),
    );

    const page = this.db
      .select({
        siteId: locations.id,
        name: locations.name,
        client: clients.firstName,
        clientId: locations.clientId,
        permLvl: permissions.permLvl,
        otltLock: locations.otltLock,
        watched: sql<boolean>`${siteWatches.userId} is not null`,
        muted: sql<boolean>`${siteMutes.userId} is not null`,
        primeContact: contacts.id,
        contactFirstName: contacts.firstName,
        contactLastName: contacts.lastName,
        contactPhone: contacts.phone,
        contactEmail: contacts.email,
      })
      .from(locations)
      .leftJoin(permissions, permissionJoin)
      .leftJoin(clients, eq(clients.id, locations.clientId))
      .leftJoin(contacts, eq(contacts.id, locations.primeContactId))
      .leftJoin(
        siteWatches,
        and(eq(siteWatches.siteId, locations.id), eq(siteWatches.userId, query.userId)),
      )
      .leftJoin(
        siteMutes,
        and(eq(siteMutes.siteId, locations.id), eq(siteMutes.userId, query.userId)),
      )
      .where(visible)
      .orderBy(sql`lower(${locations.name})`, asc(locations.id))
      .offset(query.offset)
      .$dynamic();

    const [rows, totals] = await Promise.all([
      query.limit === null ? page : page.limit(query.limit),
      this.db
        .select({ total: count() })
        .from(locations)
        .leftJoin(permissions, permissionJoin)
        .where(visible),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  }

  /** Last contact of each parent device at a location (kids are not counted, see service). */
  async parentDeviceContacts(siteId: string): Promise<(Date | null)[]> {
    const rows = await this.db
      .select({ lastContact: devices.lastContact })
      .from(devices)
      .where(and(eq(devices.siteId, siteId), isNull(devices.parentDevId)));
    return rows.map((r) => r.lastContact);
  }
}
