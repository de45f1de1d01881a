import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database';
import { rowsOf } from '../../infra/db/rows';

/** Whose search: a standard user sees the locations they hold a level at; SUPPORT sees all. */
export type SearchScope = { kind: 'all' } | { kind: 'user'; userId: string };

export interface LocationHit {
  locationId: string;
  locationName: string;
  clientName: string | null;
}

export interface DeviceHit extends LocationHit {
  deviceName: string;
  devClass: string;
  devId: string;
  parentDevId: string | null;
  parentDevClass: string | null;
}

export interface OutletHit extends DeviceHit {
  otltId: number;
  name1: string;
  name2: string | null;
  name3: string | null;
}

export interface ClientHit {
  clientId: string;
  clientName: string;
  clientEmail: string | null;
}

/** The one text per outlet the trigram index of migration 0030 covers. */
const OUTLET_LABELS = sql.raw(
  `(o.name1 || ' ' || coalesce(o.name2, '') || ' ' || coalesce(o.name3, ''))`,
);

/**
 * Search queries: `ILIKE pattern` over trigram-indexed texts, restricted to the scope's sites by
 * a join on permissions (the caller's ~thousands of rows, indexed by user), at most `limit` rows
 * each. Rows come in index order and are sorted by the service: an ORDER BY would have to read
 * every match of a common word before the first row.
 */
export class SearchRepository {
  constructor(private readonly db: Db) {}

  private sites(scope: SearchScope, siteColumn: SQL): SQL {
    return scope.kind === 'all'
      ? sql``
      : sql`JOIN permissions p ON p.site_id = ${siteColumn} AND p.user_id = ${scope.userId}`;
  }

  private async rows<T>(query: SQL): Promise<T[]> {
    return rowsOf<T>(await this.db.execute(query));
  }

  locations(scope: SearchScope, pattern: string, limit: number): Promise<LocationHit[]> {
    return this.rows<LocationHit>(sql`
      SELECT l.id AS "locationId", l.name AS "locationName", c.first_name AS "clientName"
      FROM locations l
      ${this.sites(scope, sql`l.id`)}
      LEFT JOIN clients c ON c.id = l.client_id
      WHERE l.name ILIKE ${pattern}
      LIMIT ${limit}`);
  }

  devices(scope: SearchScope, pattern: string, limit: number): Promise<DeviceHit[]> {
    return this.rows<DeviceHit>(sql`
      SELECT ${deviceColumns}
      FROM devices d
      ${this.sites(scope, sql`d.site_id`)}
      JOIN locations l ON l.id = d.site_id
      LEFT JOIN devices pd ON pd.dev_id = d.parent_dev_id
      LEFT JOIN clients c ON c.id = l.client_id
      WHERE (lower(d.dev_name) ILIKE ${pattern} OR lower(d.dev_id) ILIKE ${pattern})
      LIMIT ${limit}`);
  }

  outlets(scope: SearchScope, pattern: string, limit: number): Promise<OutletHit[]> {
    return this.rows<OutletHit>(sql`
      SELECT ${deviceColumns}, o.otlt_id AS "otltId", o.name1, o.name2, o.name3
      FROM outlets o
      JOIN devices d ON d.dev_id = o.dev_id
      ${this.sites(scope, sql`d.site_id`)}
      JOIN locations l ON l.id = d.site_id
      LEFT JOIN devices pd ON pd.dev_id = d.parent_dev_id
      LEFT JOIN clients c ON c.id = l.client_id
      WHERE ${OUTLET_LABELS} ILIKE ${pattern}
      LIMIT ${limit}`);
  }

  clients(scope: SearchScope, pattern: string, limit: number): Promise<ClientHit[]> {
    const visible =
      scope.kind === 'all'
        ? sql``
        : sql`AND EXISTS (
            SELECT 1 FROM locations l
            JOIN permissions p ON p.site_id = l.id AND p.user_id = ${scope.userId}
            WHERE l.client_id = c.id)`;
    return this.rows<ClientHit>(sql`
      SELECT c.id AS "clientId", c.first_name AS "clientName", c.email AS "clientEmail"
      FROM clients c
      WHERE c.first_name ILIKE ${pattern} ${visible}
      LIMIT ${limit}`);
  }
}

const deviceColumns = sql.raw(`d.dev_name AS "deviceName", d.dev_class AS "devClass",
  d.site_id AS "locationId", d.dev_id AS "devId", l.name AS "locationName",
  d.parent_dev_id AS "parentDevId", pd.dev_class AS "parentDevClass",
  c.first_name AS "clientName"`);
