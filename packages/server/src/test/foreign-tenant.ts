import { getDeviceSpec } from '@powerdeck/domain';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { buildLocation, buildPermission, buildUser } from '../demo/builders';
import type { Database } from '../infra/db/database';
import {
  clients,
  contacts,
  deviceCommands,
  devices,
  locations,
  outlets,
  permissions,
  users,
} from '../infra/db/schema';
import {
  adminGroupLocations,
  adminGroupUsers,
  adminGroups,
  alertSubscriptions,
  alerts,
  notes,
} from '../infra/db/schema-collab';
import { images } from '../infra/db/schema-locations';
import { schedules } from '../infra/db/schema-schedules';
import type { DemoRole } from './demo-sessions';

/** Every object of an account none of the demo users holds any level in. */
export interface ForeignTenant {
  userId: string;
  email: string;
  siteId: string;
  siteName: string;
  clientId: string;
  clientName: string;
  contactId: string;
  devId: string;
  devClass: string;
  noteId: string;
  groupId: string;
  alertId: string;
  pictureId: string;
  picturePath: string;
  cmdId: string;
  scheduleId: number;
}

/**
 * A second tenant: its owner, a client with a contact and a picture, a location of that client
 * with a device (outlets, a command), a note, an admin group and an alert. Names and ids are
 * unique, so a test can look for them in any answer.
 */
export async function buildForeignTenant(
  database: Database,
  options: { devClass: string; now: Date },
): Promise<ForeignTenant> {
  const db = database.db;
  const tag = randomUUID().slice(0, 8);
  const owner = buildUser({
    passwordHash: 'x',
    firstName: `Foreign${tag}`,
    email: `foreign-${tag}@elsewhere.example`,
  });
  const pictureId = randomUUID();
  const picturePath = `/data-svc/images/data-svc.php?svc=picture&id=${pictureId}`;
  const clientId = randomUUID();
  const contactId = randomUUID();
  const clientName = `Foreign Client ${tag}`;
  const siteName = `Foreign Site ${tag}`;
  const site = buildLocation({ name: siteName, clientId, primeContactId: contactId });
  const devId = randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase();
  const groupId = randomUUID();
  const cmdId = randomUUID();

  await db.insert(users).values(owner);
  await db.insert(images).values({
    id: pictureId,
    contentType: 'image/png',
    bytes: Buffer.from('89504e470d0a1a0a', 'hex'),
    uploadedBy: owner.id,
  });
  await db.insert(clients).values({
    id: clientId,
    firstName: clientName,
    email: `client-${tag}@elsewhere.example`,
    phone: '5555550100',
    imageFileRef: picturePath,
    createdAt: options.now,
  });
  await db.insert(contacts).values({
    id: contactId,
    clientId,
    firstName: `Foreign${tag}`,
    lastName: 'Contact',
  });
  await db.update(clients).set({ primaryContactId: contactId }).where(eq(clients.id, clientId));
  await db.insert(locations).values(site);
  await db.insert(permissions).values(buildPermission(owner.id, site.id, 'owner'));
  await db.insert(devices).values({
    devId,
    siteId: site.id,
    devClass: options.devClass,
    devName: `Foreign Device ${tag}`,
  });
  const outletCount = getDeviceSpec(
    options.devClass as Parameters<typeof getDeviceSpec>[0],
  ).outletCount;
  if (outletCount > 0) {
    await db.insert(outlets).values(
      Array.from({ length: outletCount }, (_, i) => ({
        devId,
        otltId: i + 1,
        name1: `Foreign Outlet ${i + 1}`,
      })),
    );
  }
  await db.insert(deviceCommands).values({
    id: cmdId,
    devId,
    svc: 'reboot',
    actorKind: 'user',
    actorId: owner.id,
    createdAt: options.now,
    expiresAt: new Date(options.now.getTime() + 60_000),
  });
  const [note] = await db
    .insert(notes)
    .values({
      siteId: site.id,
      note: `Foreign note ${tag}`,
      userId: owner.id,
      modUserId: owner.id,
      time: options.now,
      modTime: options.now,
    })
    .returning({ id: notes.id });
  await db
    .insert(adminGroups)
    .values({ id: groupId, groupName: `Foreign Group ${tag}`, createdBy: owner.id });
  await db.insert(adminGroupLocations).values({ groupId, siteId: site.id });
  await db.insert(adminGroupUsers).values({ groupId, userId: owner.id });
  const [alert] = await db
    .insert(alerts)
    .values({
      userId: owner.id,
      msg: `Foreign alert ${tag}`,
      time: options.now,
      siteId: site.id,
      devClass: options.devClass,
      devId,
    })
    .returning({ id: alerts.id });
  await db.insert(alertSubscriptions).values({
    userId: owner.id,
    type: 1,
    devClass: options.devClass,
    devId,
    kind: 'offline',
    subscribed: true,
  });
  const scheduleId = await insertSchedule(database, site.id, owner.id, options.now);
  return {
    userId: owner.id,
    email: owner.email ?? '',
    siteId: site.id,
    siteName,
    clientId,
    clientName,
    contactId,
    devId,
    devClass: options.devClass,
    noteId: String(note?.id ?? ''),
    groupId,
    alertId: String(alert?.id ?? ''),
    pictureId,
    picturePath,
    cmdId,
    scheduleId,
  };
}

/** A schedule (without targets: the matrix probes its id, nothing fires it). */
async function insertSchedule(database: Database, siteId: string, userId: string, now: Date) {
  const [row] = await database.db
    .insert(schedules)
    .values({
      siteId,
      name: 'Matrix schedule',
      action: 'reboot',
      time: '02:30',
      dayMask: 127,
      enabled: false,
      createdByKind: 'user',
      createdById: userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: schedules.id });
  if (!row) throw new Error('schedule insert returned no row');
  return row.id;
}

/** The demo's objects every demo role reaches (Harbor View Lobby is shared with all of them). */
export interface DemoShared {
  siteId: string;
  devId: string;
  devClass: string;
  clientId: string;
  contactId: string;
  noteId: string;
  cmdId: string;
  scheduleId: number;
  clientUserId: string;
  /** A group each role created (CLIENT cannot create one). */
  groupOf: Partial<Record<DemoRole | 'anonymous', string>>;
}

/**
 * Those objects, found in the demo data (with a note, a command, a schedule and a group per role
 * added).
 */
export async function demoSharedObjects(database: Database, now: Date): Promise<DemoShared> {
  const [row] = await database.rawTransaction((tx) =>
    tx.query<{
      site_id: string;
      dev_id: string;
      dev_class: string;
      client_id: string;
      contact_id: string;
    }>(
      `SELECT l.id AS site_id, d.dev_id, d.dev_class, l.client_id, c.id AS contact_id
         FROM locations l
         JOIN devices d ON d.site_id = l.id AND d.parent_dev_id IS NULL
         JOIN contacts c ON c.client_id = l.client_id
        WHERE l.name = 'Harbor View Lobby' ORDER BY d.dev_id, c.id LIMIT 1`,
    ),
  );
  const people = await database.rawTransaction((tx) =>
    tx.query<{ id: string; email: string }>(`SELECT id, email FROM users`),
  );
  const userOf = (role: DemoRole) => people.find((p) => p.email === `${role}@example.com`)?.id;
  const clientUserId = userOf('client');
  if (!row || !clientUserId) throw new Error('the demo lacks Harbor View Lobby or its client');
  const db = database.db;
  const [note] = await db
    .insert(notes)
    .values({
      siteId: row.site_id,
      note: 'Own note',
      userId: clientUserId,
      modUserId: clientUserId,
      time: now,
      modTime: now,
    })
    .returning({ id: notes.id });
  const cmdId = randomUUID();
  await db.insert(deviceCommands).values({
    id: cmdId,
    devId: row.dev_id,
    svc: 'reboot',
    actorKind: 'user',
    actorId: clientUserId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + 60_000),
  });
  const groupOf: DemoShared['groupOf'] = {};
  for (const role of ['owner', 'admin', 'installer', 'support'] as const) {
    const id = randomUUID();
    await db
      .insert(adminGroups)
      .values({ id, groupName: `Own group ${role}`, createdBy: userOf(role) ?? '' });
    await db.insert(adminGroupLocations).values({ groupId: id, siteId: row.site_id });
    groupOf[role] = id;
  }
  return {
    siteId: row.site_id,
    devId: row.dev_id,
    devClass: row.dev_class,
    clientId: row.client_id,
    contactId: row.contact_id,
    noteId: String(note?.id),
    cmdId,
    scheduleId: await insertSchedule(database, row.site_id, clientUserId, now),
    clientUserId,
    groupOf,
  };
}
