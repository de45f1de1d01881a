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
    subscribed: true,
  });
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
  };
}
