import type { Clock } from '../infra/clock';
import type { Database } from '../infra/db/database';
import type { PasswordHasher } from '../infra/passwords';
import { buildClient, buildDemoLocation, buildPermission, buildUser } from './builders';
import { buildDemoAlertEmails } from './demo-alert-emails';
import {
  DEMO_CLIENTS,
  DEMO_LOCATIONS,
  DEMO_PASSWORD,
  DEMO_RATES,
  DEMO_USERS,
  type DemoUserKey,
  demoEmail,
} from './demo-data';
import { buildDemoSchedules } from './demo-schedules';
import { buildDeviceGroup, demoMac, deviceGroupTemplates } from './device-plan';
import { type SeedRows, existingEmails, insertIfNoUsers } from './seed.repository';
import { buildUnclaimedDevices } from './unclaimed-devices';

export interface SeedResult {
  seeded: boolean;
  /** The demo logins present (all with DEMO_PASSWORD): seeded now or earlier. */
  emails: string[];
}

/**
 * Seeds the demo (users of every role, clients, locations, a device of every class) into an
 * EMPTY database. Never touches a database that has any user, and does nothing when DEMO=false.
 */
export async function seedDemo(deps: {
  database: Database;
  passwords: PasswordHasher;
  clock: Clock;
  enabled: boolean;
  /** 60 days of energy history (default); tests that do not chart energy leave it out. */
  energyHistory?: boolean;
}): Promise<SeedResult> {
  if (!deps.enabled) return { seeded: false, emails: [] };
  const emails = DEMO_USERS.map((u) => demoEmail(u.key));
  // a database with users is never seeded: skip the hashing too
  const present = await existingEmails(deps.database, emails);
  if (present.length > 0) return { seeded: false, emails: present };
  const rows = await buildDemoRows(deps.passwords, deps.clock.now(), deps.energyHistory ?? true);
  const seeded = await insertIfNoUsers(deps.database, rows);
  return { seeded, emails: seeded ? emails : await existingEmails(deps.database, emails) };
}

export async function buildDemoRows(
  passwords: PasswordHasher,
  now: Date,
  energyHistory: boolean,
): Promise<SeedRows> {
  const users = await Promise.all(
    DEMO_USERS.map(async (u) =>
      buildUser({
        email: demoEmail(u.key),
        firstName: u.firstName,
        lastName: u.lastName,
        tier: u.key === 'support' ? 'SUPPORT' : 'STANDARD',
        passwordHash: await passwords.hash(DEMO_PASSWORD),
        emailVerifiedAt: now,
        createdAt: now,
      }),
    ),
  );
  const userId = (key: DemoUserKey) => users[DEMO_USERS.findIndex((u) => u.key === key)]?.id ?? '';

  const builtClients = new Map(DEMO_CLIENTS.map((c) => [c.key, buildClient(c, now)]));
  const locations = DEMO_LOCATIONS.map((source, index) =>
    buildDemoLocation(
      source,
      source.client ? builtClients.get(source.client)?.client : undefined,
      index,
      now,
    ),
  );

  const rows: SeedRows = {
    users,
    clients: [...builtClients.values()].map((b) => b.client),
    contacts: [...builtClients.values()].flatMap((b) => b.contacts),
    locations,
    permissions: [],
    watches: [],
    mutes: [],
    devices: [],
    outlets: [],
    schedules: [],
    energySettings: DEMO_LOCATIONS.flatMap((source, index) =>
      source.noRates
        ? []
        : [{ siteId: locations[index]?.id ?? '', monthlyBudget: 0, rates: [...DEMO_RATES] }],
    ),
  };

  const owner = userId('owner');
  DEMO_LOCATIONS.forEach((source, index) => {
    const siteId = locations[index]?.id ?? '';
    for (const user of DEMO_USERS) {
      if (user.level === null) continue;
      if (user.key === 'client' && !source.clientUser) continue;
      rows.permissions.push(buildPermission(userId(user.key), siteId, user.level));
    }
    if (source.watched) rows.watches.push({ userId: owner, siteId });
    if (source.muted) rows.mutes.push({ userId: owner, siteId });
  });

  // Every class appears: the group templates are dealt round-robin over the device slots.
  const templates = deviceGroupTemplates();
  let slot = 0;
  let mac = 0;
  const nextMac = () => demoMac(mac++);
  DEMO_LOCATIONS.forEach((source, index) => {
    for (let g = 0; g < source.deviceGroups; g++, slot++) {
      const template = templates[slot % templates.length];
      if (!template) continue;
      const built = buildDeviceGroup(
        {
          template,
          siteId: locations[index]?.id ?? '',
          n: slot,
          // offline locations have no live device; elsewhere about one group in five is down
          active: !source.offline && slot % 5 !== 4,
          timezone: source.timezone,
        },
        now,
        nextMac,
      );
      rows.devices.push(...built.devices);
      rows.outlets.push(...built.outlets);
    }
  });
  // the scheduler plans their first firings when the server starts
  rows.schedules = buildDemoSchedules(rows, owner, now);
  rows.alertEmails = buildDemoAlertEmails(
    DEMO_LOCATIONS,
    locations.map((l) => l.id),
    rows.devices,
    owner,
    now,
  );
  const gateway = rows.devices.find(
    (d) => d.devClass === 'bb1000' && !(d.info as { demoOffline?: boolean }).demoOffline,
  );
  const unclaimed = await buildUnclaimedDevices(passwords, gateway?.devId, now);
  rows.devices.push(...unclaimed.devices);
  rows.outlets.push(...unclaimed.outlets);
  // history for every chart range on first start
  if (energyHistory) {
    // the simulator's energy model, loaded only to seed a demo
    const { demoEnergy } = await import('./demo-energy');
    rows.energy = await demoEnergy(rows.devices, rows.locations, now);
  }
  return rows;
}
