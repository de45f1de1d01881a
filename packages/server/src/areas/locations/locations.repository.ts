import type { PermLvl } from '@powerdeck/domain';
import { type SQL, and, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
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

  /**
   * The caller's locations in the list's order, one page of them, and how many there are, in one
   * statement: the page (see page()) with each row's place and the list's length, then the
   * details of those few rows.
   */
  async listForUser(query: LocationListQuery): Promise<{ rows: LocationListRow[]; total: number }> {
    const page = this.page(query).as('page');
    const rows = await this.db
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
        total: page.total,
      })
      .from(page)
      .innerJoin(locations, eq(locations.id, page.id))
      .leftJoin(permissions, this.permissionOf(query.userId))
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
      .orderBy(page.place);
    const first = rows[0];
    if (first) return { rows: rows.map(({ total: _, ...row }) => row), total: first.total };
    // a page past the end (or an empty list) carries no length: count apart
    return { rows: [], total: query.offset === 0 ? 0 : await this.count(query) };
  }

  /**
   * One page of the caller's list: each location's id, its place in the list and the list's
   * length. A user's own locations by name with no filter (the list as it opens) are read from
   * the permissions index on (user, lower(name), site) alone: no location is read, however many
   * the user holds. Any other list joins what its order and filters need.
   */
  private page(query: LocationListQuery) {
    const paged = <T extends { offset(n: number): T; limit(n: number): T }>(select: T): T =>
      query.limit === null
        ? select.offset(query.offset)
        : select.offset(query.offset).limit(query.limit);
    if (this.isPlainOwnList(query)) {
      const order = sql`${permissions.siteNameKey}, ${permissions.siteId}`;
      return paged(
        this.db
          .select({
            id: sql<string>`${permissions.siteId}`.as('page_site_id'),
            // row_number streams in index order, so the scan stops at the page's end; the length
            // is counted once, apart (count(*) over () would read every row)
            place: sql<number>`row_number() over (order by ${order})`.as('page_place'),
            total:
              sql<number>`(select count(*) from permissions mine where mine.user_id = ${query.userId})`
                .mapWith(Number)
                .as('page_total'),
          })
          .from(permissions)
          .where(eq(permissions.userId, query.userId))
          .orderBy(order)
          .$dynamic(),
      );
    }
    const order =
      query.sort === 'creation'
        ? sql`${locations.createdAt} desc, ${locations.id}`
        : query.sort === 'recentVisit'
          ? sql`${siteVisits.visitedAt} desc nulls last, lower(${locations.name}), ${locations.id}`
          : sql`lower(${locations.name}), ${locations.id}`;
    return paged(
      this.db
        .select({
          id: sql<string>`${locations.id}`.as('page_site_id'),
          place: sql<number>`row_number() over (order by ${order})`.as('page_place'),
          total: sql<number>`count(*) over ()`.mapWith(Number).as('page_total'),
        })
        .from(locations)
        .leftJoin(permissions, this.permissionOf(query.userId))
        .leftJoin(
          siteVisits,
          and(eq(siteVisits.siteId, locations.id), eq(siteVisits.userId, query.userId)),
        )
        .where(this.visible(query))
        .orderBy(order)
        .$dynamic(),
    );
  }

  /** The length of the caller's list (for a page past its end). */
  private async count(query: LocationListQuery): Promise<number> {
    const [row] = this.isPlainOwnList(query)
      ? await this.db
          .select({ total: count() })
          .from(permissions)
          .where(eq(permissions.userId, query.userId))
      : await this.db
          .select({ total: count() })
          .from(locations)
          .leftJoin(permissions, this.permissionOf(query.userId))
          .where(this.visible(query));
    return row?.total ?? 0;
  }

  private isPlainOwnList(query: LocationListQuery): boolean {
    return (
      !query.allSites &&
      (query.sort ?? 'alphabetical') === 'alphabetical' &&
      !query.activeSince &&
      !query.watchedOnly &&
      (query.clientIds ?? []).length === 0
    );
  }

  /** The locations a list shows (with the caller's permission joined as `permissions`). */
  private visible(query: LocationListQuery): SQL | undefined {
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
    return and(...filters);
  }

  private permissionOf(userId: string): SQL | undefined {
    return and(eq(permissions.siteId, locations.id), eq(permissions.userId, userId));
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
