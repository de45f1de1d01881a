import { type SQL, and, asc, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../infra/db/database';
import { clients, contacts, devices, locations, permissions } from '../../infra/db/schema';
import { clientCreators } from '../../infra/db/schema-locations';

export interface NewClient {
  id: string;
  firstName: string;
  lastName: string | null;
  company: string | null;
  email: string;
  phone: string;
  phone2: string | null;
  address: string | null;
  address2: string | null;
  city: string | null;
  postalCode: string | null;
  region: string | null;
  country: string | null;
  imageFileRef: string | null;
}

const summary = {
  id: clients.id,
  firstName: clients.firstName,
  email: clients.email,
  phone: clients.phone,
  imageFileRef: clients.imageFileRef,
};

const contactColumns = {
  id: contacts.id,
  clientId: contacts.clientId,
  firstName: contacts.firstName,
  lastName: contacts.lastName,
  phone: contacts.phone,
  email: contacts.email,
};

/** Clients and their contacts: the only SQL of the clients area. */
export class ClientsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Who may see a client: SUPPORT everyone; others the clients of locations they hold a level at,
   * and the clients they created (a new client has no location yet).
   */
  private visible(userId: string, allClients: boolean): SQL | undefined {
    if (allClients) return undefined;
    return or(
      sql`exists (select 1 from ${locations} inner join ${permissions} on ${permissions.siteId} = ${locations.id} where ${locations.clientId} = ${clients.id} and ${permissions.userId} = ${userId})`,
      sql`exists (select 1 from ${clientCreators} cc where cc.id = ${clients.id} and cc.created_by = ${userId})`,
    );
  }

  async page(userId: string, allClients: boolean, limit: number | null, offset: number) {
    const where = this.visible(userId, allClients);
    const query = this.db
      .select(summary)
      .from(clients)
      .where(where)
      .orderBy(sql`lower(${clients.firstName})`, asc(clients.id))
      .offset(offset)
      .$dynamic();
    const [rows, totals] = await Promise.all([
      limit === null ? query : query.limit(limit),
      this.db.select({ total: count() }).from(clients).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  }

  async isVisible(userId: string, allClients: boolean, clientId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.id, clientId), this.visible(userId, allClients)))
      .limit(1);
    return row !== undefined;
  }

  async details(clientId: string) {
    const [row] = await this.db
      .select({
        ...summary,
        lastName: clients.lastName,
        company: clients.company,
        address: clients.address,
        address2: clients.address2,
        city: clients.city,
        region: clients.region,
        country: clients.country,
        postalCode: clients.postalCode,
      })
      .from(clients)
      .where(eq(clients.id, clientId))
      .limit(1);
    return row;
  }

  /**
   * Locations and parent devices per client, counting only what the user may see (all for SUPPORT).
   */
  async stats(userId: string, allClients: boolean, clientIds: readonly string[]) {
    if (clientIds.length === 0) return [];
    const seen = allClients
      ? undefined
      : sql`exists (select 1 from ${permissions} where ${permissions.siteId} = ${locations.id} and ${permissions.userId} = ${userId})`;
    const sites = await this.db
      .select({ clientId: locations.clientId, n: count() })
      .from(locations)
      .where(and(inArray(locations.clientId, [...clientIds]), seen))
      .groupBy(locations.clientId);
    const devs = await this.db
      .select({ clientId: locations.clientId, n: count() })
      .from(devices)
      .innerJoin(locations, eq(locations.id, devices.siteId))
      .where(and(inArray(locations.clientId, [...clientIds]), isNull(devices.parentDevId), seen))
      .groupBy(locations.clientId);
    const siteCnt = new Map(sites.map((r) => [r.clientId, r.n]));
    const devCnt = new Map(devs.map((r) => [r.clientId, r.n]));
    return clientIds.map((id) => ({
      id,
      siteCnt: siteCnt.get(id) ?? 0,
      devCnt: devCnt.get(id) ?? 0,
    }));
  }

  async contacts(clientId: string) {
    return this.db
      .select(contactColumns)
      .from(contacts)
      .where(eq(contacts.clientId, clientId))
      .orderBy(asc(contacts.lastName), asc(contacts.firstName), asc(contacts.id));
  }

  async contact(contactId: string) {
    const [row] = await this.db
      .select(contactColumns)
      .from(contacts)
      .where(eq(contacts.id, contactId))
      .limit(1);
    return row;
  }

  /** Inserts a client with itself as first contact; `createdBy` keeps it visible to its creator. */
  async insert(tx: DbOrTx, client: NewClient, contactId: string, createdBy: string) {
    await tx.insert(clients).values(client);
    await tx.update(clientCreators).set({ createdBy }).where(eq(clientCreators.id, client.id));
    await tx.insert(contacts).values({
      id: contactId,
      clientId: client.id,
      firstName: client.firstName,
      lastName: client.lastName ?? '',
      phone: client.phone,
      email: client.email,
    });
    await tx.update(clients).set({ primaryContactId: contactId }).where(eq(clients.id, client.id));
  }

  async primaryContactId(tx: DbOrTx, clientId: string): Promise<string | null> {
    const [row] = await tx
      .select({ id: clients.primaryContactId })
      .from(clients)
      .where(eq(clients.id, clientId))
      .limit(1);
    return row?.id ?? null;
  }

  get database(): Db {
    return this.db;
  }
}
