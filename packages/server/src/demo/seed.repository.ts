import { count, inArray, sql } from 'drizzle-orm';
import type { Database } from '../infra/db/database';
import { inParts } from '../infra/db/rows';
import {
  clients,
  contacts,
  devices,
  locations,
  outlets,
  permissions,
  siteMutes,
  siteWatches,
  users,
} from '../infra/db/schema';
import { alertEmailSubscriptions } from '../infra/db/schema-collab';
import { locationEnergy } from '../infra/db/schema-locations';
import { scheduleEvents, scheduleTargets, schedules } from '../infra/db/schema-schedules';
import type {
  ClientRow,
  ContactRow,
  LocationRow,
  PermissionRow,
  SitePairRow,
  UserRow,
} from './builders';
import type { AlertEmailRow } from './demo-alert-emails';
import { type DemoEnergy, insertDemoEnergy } from './demo-energy';
import type { DemoSchedule } from './demo-schedules';
import type { DeviceRow, OutletRow } from './device-plan';

export interface SeedRows {
  users: UserRow[];
  clients: ClientRow[];
  contacts: ContactRow[];
  locations: LocationRow[];
  permissions: PermissionRow[];
  watches: SitePairRow[];
  mutes: SitePairRow[];
  devices: DeviceRow[];
  outlets: OutletRow[];
  schedules: DemoSchedule[];
  /** Locations' energy rates (no budgets: a user sets one and is told when it is at risk). */
  energySettings: (typeof locationEnergy.$inferInsert)[];
  /** The owner's alert e-mails (issue 19). */
  alertEmails?: AlertEmailRow[];
  /** 60 days of energy history of the metered devices (bulk SQL, after the devices). */
  energy?: DemoEnergy;
}

/** Rows are inserted in chunks: one statement's parameters stay well under PostgreSQL's limit. */
const CHUNK = 200;

/**
 * Inserts everything in one transaction, but only into a database without users: returns false
 * (and writes nothing) otherwise. Concurrent starts on one PostgreSQL are serialised by a lock.
 */
export async function insertIfNoUsers(database: Database, rows: SeedRows): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7310420002)`);
    const [existing] = await tx.select({ n: count() }).from(users);
    if ((existing?.n ?? 0) > 0) return false;

    for (const part of chunks(rows.users)) await tx.insert(users).values(part);
    // clients.primary_contact_id is checked at commit (deferred), so contacts may come after
    for (const part of chunks(rows.clients)) await tx.insert(clients).values(part);
    for (const part of chunks(rows.contacts)) await tx.insert(contacts).values(part);
    for (const part of chunks(rows.locations)) await tx.insert(locations).values(part);
    for (const part of chunks(rows.permissions)) await tx.insert(permissions).values(part);
    for (const part of chunks(rows.watches)) await tx.insert(siteWatches).values(part);
    for (const part of chunks(rows.mutes)) await tx.insert(siteMutes).values(part);
    // parents before kids: a kid's parent_dev_id references its parent
    const ordered = [
      ...rows.devices.filter((d) => !d.parentDevId),
      ...rows.devices.filter((d) => d.parentDevId),
    ];
    for (const part of chunks(ordered)) await tx.insert(devices).values(part);
    for (const part of chunks(rows.outlets)) await tx.insert(outlets).values(part);
    for (const part of chunks(rows.energySettings)) await tx.insert(locationEnergy).values(part);
    for (const part of chunks(rows.alertEmails ?? [])) {
      await tx.insert(alertEmailSubscriptions).values(part);
    }
    for (const { targets, createdById, ...schedule } of rows.schedules) {
      const [row] = await tx
        .insert(schedules)
        .values({
          ...schedule,
          createdByKind: 'user',
          createdById,
          updatedAt: schedule.createdAt,
        })
        .returning({ id: schedules.id });
      if (!row) continue;
      await tx
        .insert(scheduleTargets)
        .values(targets.map((t, position) => ({ scheduleId: row.id, position, ...t })));
      await tx.insert(scheduleEvents).values({
        siteId: schedule.siteId,
        scheduleId: row.id,
        scheduleName: schedule.name,
        kind: 'added',
        actorKind: 'user',
        actorId: createdById,
        at: schedule.createdAt,
      });
    }
    if (rows.energy) await insertDemoEnergy(tx, rows.energy);
    return true;
  });
}

function chunks<T>(rows: readonly T[]): T[][] {
  return inParts(rows, CHUNK);
}

/** Which of these accounts exist (to repeat the demo logins on a later start). */
export async function existingEmails(database: Database, emails: string[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await database.db
    .select({ email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  const found = new Set(rows.map((r) => r.email));
  return emails.filter((e) => found.has(e));
}
