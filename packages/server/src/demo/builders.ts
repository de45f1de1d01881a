import type { PermLvl } from '@powerdeck/domain';
import { randomUUID } from 'node:crypto';
import type {
  clients,
  contacts,
  locations,
  permissions,
  siteWatches,
  users,
} from '../infra/db/schema';
import type { DemoClient, DemoLocation } from './demo-data';

export type UserRow = typeof users.$inferInsert;
export type ClientRow = typeof clients.$inferInsert;
export type ContactRow = typeof contacts.$inferInsert;
export type LocationRow = typeof locations.$inferInsert;
export type PermissionRow = typeof permissions.$inferInsert;
/** A user's watch or mute of a location (both tables have the same columns). */
export type SitePairRow = typeof siteWatches.$inferInsert;

/** A verified standard account; override anything. */
export function buildUser(overrides: Partial<UserRow> & { passwordHash: string }): UserRow {
  const id = overrides.id ?? randomUUID();
  return {
    id,
    email: `user-${id.slice(0, 8)}@example.com`,
    firstName: 'Test',
    lastName: 'User',
    tier: 'STANDARD',
    emailVerifiedAt: new Date(),
    ...overrides,
  };
}

export function buildClient(
  source: DemoClient,
  now: Date,
): { client: ClientRow; contacts: ContactRow[] } {
  const id = randomUUID();
  const contactRows = source.contacts.map((c) => ({ id: randomUUID(), clientId: id, ...c }));
  return {
    client: {
      id,
      firstName: source.name,
      company: source.company,
      email: source.email,
      phone: source.phone,
      address: source.address,
      city: source.city,
      region: source.region,
      postalCode: source.postalCode,
      country: 'USA',
      primaryContactId: contactRows[0]?.id ?? null,
      createdAt: now,
    },
    contacts: contactRows,
  };
}

export function buildLocation(overrides: Partial<LocationRow> & { name: string }): LocationRow {
  return {
    id: randomUUID(),
    country: 'USA',
    timezone: '-8.00',
    dst: false,
    viewpref: 'outlet_controls',
    otltLock: false,
    ...overrides,
  };
}

/** A demo location row; its client and prime contact resolved by the caller. */
export function buildDemoLocation(
  source: DemoLocation,
  client: ClientRow | undefined,
  index: number,
  now: Date,
): LocationRow {
  const installed = new Date(
    Date.UTC(2019 + (index % 5), (index * 5) % 12, 1 + ((index * 7) % 27)),
  );
  return buildLocation({
    name: source.name,
    clientId: client?.id ?? null,
    // every third location of a client has no prime contact assigned (spec §2 popover text)
    primeContactId: index % 3 === 2 ? null : (client?.primaryContactId ?? null),
    address: source.address,
    city: source.city,
    region: source.region,
    postalCode: source.postalCode,
    timezone: source.timezone,
    dst: source.dst,
    installDate: installed.toISOString().slice(0, 10),
    otltLock: source.locked ?? false,
    // spread creation times so "sort by creation" means something
    createdAt: new Date(now.getTime() - (60 - index) * 24 * 3600 * 1000),
    updatedAt: now,
  });
}

export function buildPermission(userId: string, siteId: string, permLvl: PermLvl): PermissionRow {
  return { userId, siteId, permLvl };
}
