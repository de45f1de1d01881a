import type { PermLvl } from '@powerdeck/domain';
import { type SQL, and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
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
import { siteVisits } from '../../infra/db/schema-locations';

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
  /** Refine modal (spec §2); default alphabetical. */
  sort?: 'alphabetical' | 'creation' | 'recentVisit';
  /** Only locations with at least one device heard from after this instant (status active). */
  activeSince?: Date;
  /** Only locations of these clients. */
  clientIds?: readonly string[];
  /** Only the locations the user watches. */
  watchedOnly?: boolean;
}

export class LocationsRepository {
  constructor(private readonly db: Db) {}

  /** The caller's locations ordered by name, one page of them, and how many there are. */
  async listForUser(query: LocationListQuery): Promise<{ rows: LocationListRow[]; total: number }> {
    const filters: (SQL | undefined)[] = [
      query.allSites ? undefined : isNotNull(permissions.userId),
    ];
    if (query.clientIds && query.clientIds.length > 0) {
      filters.push(inArray(locations.clientId, [...query.clientIds]));
    }
    if (query.activeSince) {
      filters.push(
        sql`exists (select 1 from ${devices} where ${devices.siteId} = ${locations.id} and ${devices.parentDevId} is null and ${devices.lastContact} > ${query.activeSince.toISOString()})`,
      );
    }
    if (query.watchedOnly) {
      filters.push(
        sql`exists (select 1 from ${siteWatches} where ${siteWatches.siteId} = ${locations.id} and ${siteWatches.userId} = ${query.userId})`,
      );
    }
    const visible = and(...filters);
    const visitJoin = and(eq(siteVisits.siteId, locations.id), eq(siteVisits.userId, query.userId));
    const order =
      query.sort === 'creation'
        ? [desc(locations.createdAt), asc(locations.id)]
        : query.sort === 'recentVisit'
          ? [
              sql`${siteVisits.visitedAt} desc nulls last`,
              sql`lower(${locations.name})`,
              asc(locations.id),
            ]
          : [sql`lower(${locations.name})`, asc(locations.id)];
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
      .leftJoin(siteVisits, visitJoin)
      .where(visible)
      .orderBy(...order)
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
