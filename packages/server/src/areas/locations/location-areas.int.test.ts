import type { ClientsPage, LocationSettingsView, SitesPage } from '@powerdeck/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../infra/db/rows';
import { type OpenedTestDatabase, testDatabases } from '../../test/databases';
import { startSeededApp, stopSeededApp } from '../../test/demo-sessions';
import { signInDemoUsers } from '../../test/sign-in-demo-users';
import { type TestApp, path } from '../../test/test-app';

const WHO = ['owner', 'admin', 'installer', 'client', 'support'] as const;
type Who = (typeof WHO)[number];

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const GIF = Buffer.from('GIF89a-----');

function multipart(filename: string, bytes: Buffer, field = 'fileToUpload') {
  const boundary = '----powerdeck-test';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(testDatabases())('locations, clients, settings and pictures on $name', (testDb) => {
  let opened: OpenedTestDatabase;
  let t: TestApp;
  let cookies: Map<string, string>;

  beforeAll(async () => {
    ({ opened, t } = await startSeededApp(testDb));
    cookies = await signInDemoUsers(t.app, WHO);
  }, 60_000);

  afterAll(() => stopSeededApp({ opened, t }));

  const call = (
    who: Who | null,
    area: string,
    svc: string,
    query = '',
    init: { method?: 'GET' | 'POST'; form?: Record<string, string>; json?: unknown } = {},
  ) =>
    t.app.inject({
      method: init.method ?? (init.form || init.json ? 'POST' : 'GET'),
      url: path(area, svc, query),
      headers: {
        cookie: who ? (cookies.get(who) ?? '') : '',
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(init.form ? { payload: new URLSearchParams(init.form).toString() } : {}),
      ...(init.json !== undefined ? { payload: init.json as object } : {}),
    });

  const sites = async (who: Who, query = 'pageNo=1&recordsPerPage=all') =>
    (await call(who, 'locations', 'getSitesData', query)).json<SitesPage>();
  const clientSite = async () => {
    const first = (await sites('client')).records[0];
    if (!first) throw new Error('the client user has no location');
    return first.siteId;
  };

  const userIdOf = async (who: Who) =>
    (await call(who, 'auth', 'session')).json<{ user: { userId: string } }>().user.userId;
  /** Rows of every table a location create writes: a refused create leaves them all as they were. */
  const createdRows = async () => {
    const result = await opened.database.db.execute(sql`
      select (select count(*) from locations)::int as locations,
             (select count(*) from clients)::int as clients,
             (select count(*) from contacts)::int as contacts,
             (select count(*) from permissions)::int as permissions,
             (select count(*) from admin_group_locations)::int as "groupLocations"`);
    return rowsOf<Record<string, number>>(result)[0];
  };

  describe('watch and mute', () => {
    it('watch toggles the watched flag and the watched list', async () => {
      const siteId = await clientSite();
      expect(
        (await call('client', 'watchManagement', 'addSite', `siteId=${siteId}`)).statusCode,
      ).toBe(200);
      const watched = (await call('client', 'locations', 'getWatchedSitesData')).json<SitesPage>();
      expect(watched.records.map((r) => r.siteId)).toEqual([siteId]);
      expect(watched.records[0]?.watched).toBe(true);
      await call('client', 'watchManagement', 'deleteSite', `siteId=${siteId}`);
      expect(
        (await call('client', 'locations', 'getWatchedSitesData')).json<SitesPage>().records,
      ).toEqual([]);
    });

    it('CLIENT and INSTALLER cannot mute (403); owner can', async () => {
      const siteId = await clientSite();
      expect(
        (await call('client', 'mutesManagement', 'muteSite', `siteId=${siteId}`)).statusCode,
      ).toBe(403);
      const installerSite = (await sites('installer')).records.find(
        (r) => r.permLvl === 'INSTALLER',
      );
      expect(installerSite).toBeDefined();
      expect(
        (
          await call(
            'installer',
            'mutesManagement',
            'muteSite',
            `siteId=${installerSite?.siteId ?? ''}`,
          )
        ).statusCode,
      ).toBe(403);
      const ownerSite = (await sites('owner')).records.find(
        (r) => r.permLvl === 'owner' && !r.muted,
      );
      const id = ownerSite?.siteId ?? '';
      expect((await call('owner', 'mutesManagement', 'muteSite', `siteId=${id}`)).json()).toEqual({
        siteId: id,
        muted: true,
      });
      expect((await sites('owner')).records.find((r) => r.siteId === id)?.muted).toBe(true);
      await call('owner', 'mutesManagement', 'unmuteSite', `siteId=${id}`);
      expect((await sites('owner')).records.find((r) => r.siteId === id)?.muted).toBe(false);
    });

    it('needs a session, a level at the location and a siteId', async () => {
      const foreign = (await sites('owner')).records.find((r) => r.permLvl !== 'CLIENT');
      expect((await call(null, 'watchManagement', 'addSite', 'siteId=x')).statusCode).toBe(401);
      const own = new Set((await sites('client')).records.map((r) => r.siteId));
      const notClients = (await sites('owner')).records.find((r) => !own.has(r.siteId));
      expect(
        (await call('client', 'watchManagement', 'addSite', `siteId=${notClients?.siteId ?? ''}`))
          .statusCode,
      ).toBe(403);
      expect((await call('owner', 'watchManagement', 'addSite', '')).statusCode).toBe(400);
      expect(foreign).toBeDefined();
    });
  });

  describe('list sort and filters', () => {
    it('sorts by recent visit after visitSite, and by creation', async () => {
      const all = (await sites('owner')).records;
      const last = all[all.length - 1];
      expect(
        (
          await call('owner', 'locations', 'visitSite', `siteId=${last?.siteId ?? ''}`, {
            method: 'POST',
          })
        ).statusCode,
      ).toBe(200);
      const recent = await sites('owner', 'pageNo=1&recordsPerPage=3&sortBy=recentVisit');
      expect(recent.records[0]?.siteId).toBe(last?.siteId);
      expect(
        (await sites('owner', 'pageNo=1&recordsPerPage=all&sortBy=creation')).totalRecords,
      ).toBe(all.length);
      expect((await call('owner', 'locations', 'getSitesData', 'sortBy=size')).statusCode).toBe(
        400,
      );
    });

    it('filters by client and by status active', async () => {
      const all = (await sites('owner')).records;
      const clientId = all.find((r) => r.clientId !== null)?.clientId ?? '';
      const byClient = await sites('owner', `pageNo=1&recordsPerPage=all&clientIds=${clientId}`);
      expect(byClient.records.length).toBeGreaterThan(0);
      expect(byClient.records.every((r) => r.clientId === clientId)).toBe(true);
      const active = await sites('owner', 'pageNo=1&recordsPerPage=all&status=active');
      expect(active.totalRecords).toBeLessThanOrEqual(all.length);
      expect((await call('owner', 'locations', 'getSitesData', 'status=sleeping')).statusCode).toBe(
        400,
      );
    });
  });

  describe('location settings', () => {
    const general = {
      locationName: 'Renamed Office',
      installationDate: '2023-04-05',
      timezone: '-5.00',
      dst: 'yes',
      address: '1 Main St',
      address2: '',
      city: 'Boston',
      region: 'MA',
      country: 'USA',
      zipCode: '02110',
      devViewPref: 'energy_management',
    };

    it('reads settings for any level, saves for owner (form-encoded), refuses CLIENT', async () => {
      const siteId = await clientSite();
      const view = (
        await call('client', 'siteManagement', 'settings', `siteId=${siteId}`)
      ).json<LocationSettingsView>();
      expect(view.permLvl).toBe('CLIENT');
      expect(view.general.locationName).toBeTruthy();
      expect(
        (await call('client', 'siteManagement', 'settings', `siteId=${siteId}`, { form: general }))
          .statusCode,
      ).toBe(403);
      const saved = await call('owner', 'siteManagement', 'settings', `siteId=${siteId}`, {
        form: general,
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json<LocationSettingsView>().general).toMatchObject({
        ...general,
        address2: '',
      });
    });

    it('a renamed location takes its new place in the list of each user who holds it', async () => {
      const siteId = await clientSite();
      const rename = async (locationName: string) =>
        expect(
          (
            await call('owner', 'siteManagement', 'settings', `siteId=${siteId}`, {
              form: { ...general, locationName },
            })
          ).statusCode,
        ).toBe(200);
      await rename('000 First Office');
      for (const who of ['owner', 'client'] as const) {
        expect((await sites(who, 'pageNo=1&recordsPerPage=3')).records[0]?.siteId).toBe(siteId);
      }
      await rename('zzz Last Office');
      for (const who of ['owner', 'client'] as const) {
        const all = await sites(who, 'pageNo=1&recordsPerPage=all');
        expect(all.records.at(-1)?.siteId).toBe(siteId);
        const lastPage = Math.ceil(all.totalRecords / 3);
        const page = await sites(who, `pageNo=${lastPage}&recordsPerPage=3`);
        expect(page.records.at(-1)?.siteId).toBe(siteId);
      }
    });

    it('answers 400 with the spec messages for a blank name and a bad zip code', async () => {
      const siteId = await clientSite();
      const response = await call('owner', 'siteManagement', 'settings', `siteId=${siteId}`, {
        form: { ...general, locationName: ' ', zipCode: '!!' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ fields: Record<string, string> }>().fields).toMatchObject({
        locationName: 'Please enter location name',
        zipCode: 'Please enter proper zipcode',
      });
    });

    it('an unknown location is 403 (the No Permission dialog)', async () => {
      const response = await call('client', 'siteManagement', 'settings', 'siteId=nope');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: "You don't have permission to access this location.",
      });
    });

    it('locks and unlocks for owner only', async () => {
      const siteId = await clientSite();
      expect(
        (
          await call('client', 'siteManagement', 'lock', `siteId=${siteId}`, {
            form: { otltLock: 'true' },
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await call('owner', 'siteManagement', 'lock', `siteId=${siteId}`, {
            form: { otltLock: 'true' },
          })
        ).json(),
      ).toEqual({ siteId, otltLock: true });
      expect((await sites('client')).records.find((r) => r.siteId === siteId)?.otltLock).toBe(true);
      await call('owner', 'siteManagement', 'lock', `siteId=${siteId}`, {
        form: { otltLock: 'false' },
      });
      expect(
        (
          await call('owner', 'siteManagement', 'lock', `siteId=${siteId}`, {
            form: { otltLock: 'maybe' },
          })
        ).statusCode,
      ).toBe(400);
    });

    it('adds, changes and removes a person by e-mail; CLIENT may only list', async () => {
      const siteId =
        (await sites('owner')).records.find((r) => r.permLvl === 'owner')?.siteId ?? '';
      const people = await call('owner', 'siteManagement', 'permissions', `siteId=${siteId}`);
      expect(people.statusCode).toBe(200);
      const before = people.json<{ email: string }[]>();
      const stranger = before.some((p) => p.email === 'support@example.com');
      expect(stranger).toBe(false);
      const added = await call('owner', 'siteManagement', 'addPermission', `siteId=${siteId}`, {
        form: { email: 'support@example.com', permLvl: 'INSTALLER' },
      });
      expect(added.statusCode).toBe(200);
      const supportRow = added
        .json<{ userId: string; email: string }[]>()
        .find((p) => p.email === 'support@example.com');
      expect(supportRow).toBeDefined();
      const uid = supportRow?.userId ?? '';
      expect(
        (
          await call('owner', 'siteManagement', 'addPermission', `siteId=${siteId}`, {
            form: { email: 'support@example.com', permLvl: 'ADMIN' },
          })
        ).statusCode,
      ).toBe(409);
      expect(
        (
          await call('owner', 'siteManagement', 'addPermission', `siteId=${siteId}`, {
            form: { email: 'nobody@example.com', permLvl: 'ADMIN' },
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await call('owner', 'siteManagement', 'addPermission', `siteId=${siteId}`, {
            form: { email: 'not-an-email', permLvl: 'ADMIN' },
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (
          await call('owner', 'siteManagement', 'editPermission', `siteId=${siteId}`, {
            form: { userId: uid, permLvl: 'ADMIN' },
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (
          await call('owner', 'siteManagement', 'deletePermission', `siteId=${siteId}`, {
            form: { userId: uid },
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (
          await call('owner', 'siteManagement', 'deletePermission', `siteId=${siteId}`, {
            form: { userId: uid },
          })
        ).statusCode,
      ).toBe(404);
      const clientSiteId = await clientSite();
      expect(
        (
          await call('client', 'siteManagement', 'addPermission', `siteId=${clientSiteId}`, {
            form: { email: 'admin@example.com', permLvl: 'ADMIN' },
          })
        ).statusCode,
      ).toBe(403);
    });

    it('stores energy rates and a monthly budget per location', async () => {
      const siteId = await clientSite();
      const energy = {
        monthlyBudget: 250,
        rates: [{ season: 'Summer', startMonth: 6, endMonth: 9, rate: 0.31 }],
      };
      expect(
        (
          await call('owner', 'siteManagement', 'saveEnergy', `siteId=${siteId}`, { json: energy })
        ).json(),
      ).toEqual(energy);
      expect((await call('client', 'siteManagement', 'energy', `siteId=${siteId}`)).json()).toEqual(
        energy,
      );
      expect(
        (await call('client', 'siteManagement', 'saveEnergy', `siteId=${siteId}`, { json: energy }))
          .statusCode,
      ).toBe(403);
      expect(
        (
          await call('owner', 'siteManagement', 'saveEnergy', `siteId=${siteId}`, {
            json: { monthlyBudget: -1, rates: [] },
          })
        ).statusCode,
      ).toBe(400);
    });

    it('lists time zones as label and GMT offset', async () => {
      const list = (await call('client', 'accountManagement', 'getTimezoneList')).json<
        { label: string; offset: string }[]
      >();
      expect(list).toContainEqual({
        label: '(GMT-08:00) Pacific Time (US & Canada)',
        offset: '-8.00',
      });
      expect((await call(null, 'accountManagement', 'getTimezoneList')).statusCode).toBe(401);
    });
  });

  describe('adding a location', () => {
    const location = { name: 'Warehouse 9', city: 'Reno' };
    const client = {
      firstName: 'Acme Storage',
      phone: '7755550100',
      email: 'ops@acme.example.com',
    };

    it('adds a location with a new client (form-encoded objects); the creator is owner', async () => {
      const response = await call('admin', 'clientLocation', 'addLocationAndClient', '', {
        form: { location: JSON.stringify(location), client: JSON.stringify(client) },
      });
      expect(response.statusCode).toBe(200);
      const { siteId } = response.json<{ siteId: string }>();
      const listed = (await sites('admin')).records.find((r) => r.siteId === siteId);
      expect(listed).toMatchObject({
        name: 'Warehouse 9',
        client: 'Acme Storage',
        permLvl: 'owner',
      });
      const settings = (
        await call('admin', 'siteManagement', 'settings', `siteId=${siteId}`)
      ).json<LocationSettingsView>();
      expect(settings.general).toMatchObject({
        timezone: '-8.00',
        devViewPref: 'outlet_controls',
        dst: 'no',
      });
    });

    it('stores every field of a new client (spec §3) on the client and its primary contact', async () => {
      const full = {
        ...client,
        firstName: 'Ada',
        lastName: 'Lovelace',
        company: 'Engines Ltd',
        phone2: '7755550199',
        address: '1 Main St',
        address2: 'Suite 4',
        city: 'Sparks',
        postalCode: '89431',
        region: 'NV',
        country: 'USA',
        isClient: true,
      };
      const response = await call('owner', 'clientLocation', 'addLocationAndClient', '', {
        form: { location: JSON.stringify(location), client: JSON.stringify(full) },
      });
      expect(response.statusCode).toBe(200);
      const { siteId } = response.json<{ siteId: string }>();
      const stored = rowsOf<Record<string, string | null>>(
        await opened.database.db.execute(sql`
          select c.first_name as "firstName", c.last_name as "lastName", c.company, c.email,
                 c.phone, c.phone2, c.address, c.address2, c.city, c.postal_code as "postalCode",
                 c.region, c.country, k.first_name as "contactFirst", k.last_name as "contactLast",
                 k.phone as "contactPhone", k.email as "contactEmail"
            from locations l join clients c on c.id = l.client_id
            join contacts k on k.id = l.prime_contact_id
           where l.id = ${siteId}`),
      );
      expect(stored).toEqual([
        {
          firstName: 'Ada',
          lastName: 'Lovelace',
          company: 'Engines Ltd',
          email: client.email,
          phone: client.phone,
          phone2: '7755550199',
          address: '1 Main St',
          address2: 'Suite 4',
          city: 'Sparks',
          postalCode: '89431',
          region: 'NV',
          country: 'USA',
          contactFirst: 'Ada',
          contactLast: 'Lovelace',
          contactPhone: client.phone,
          contactEmail: client.email,
        },
      ]);
    });

    it('refuses a new client without a phone with the spec message and writes nothing', async () => {
      const before = await createdRows();
      const response = await call('owner', 'clientLocation', 'addLocationAndClient', '', {
        form: {
          location: JSON.stringify(location),
          client: JSON.stringify({ firstName: 'Ada', email: 'ada@example.com' }),
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ fields: Record<string, string> }>().fields).toMatchObject({
        'client.phone': 'Please enter contact number',
      });
      expect(await createdRows()).toEqual(before);
    });

    it('adds with an existing client through PHP-style keys', async () => {
      const clientId = (await sites('owner')).records.find((r) => r.clientId)?.clientId ?? '';
      const response = await call('owner', 'clientLocation', 'addLocationAndClient', '', {
        form: {
          'location[name]': 'Annex',
          'location[clientContact]': clientId,
          'location[installyear]': '2024',
          'location[installmonth]': '2',
          'location[installday]': '29',
        },
      });
      expect(response.statusCode).toBe(200);
    });

    it('refuses bad input with field messages, a missing client, and CLIENT-only users', async () => {
      const bad = await call('owner', 'clientLocation', 'addLocationAndClient', '', {
        form: {
          location: JSON.stringify({ name: '' }),
          client: JSON.stringify({ firstName: 'x', phone: 'abc', email: 'nope' }),
        },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ fields: Record<string, string> }>().fields).toMatchObject({
        'location.name': 'Please enter location name',
        'client.phone': 'Please enter numeric value',
        'client.email': 'Please enter a valid email address',
      });
      expect(
        (
          await call('owner', 'clientLocation', 'addLocationAndClient', '', {
            form: { location: JSON.stringify(location) },
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (
          await call('owner', 'clientLocation', 'addLocationAndClient', '', {
            form: { location: '{not json' },
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (
          await call('client', 'clientLocation', 'addLocationAndClient', '', {
            form: { location: JSON.stringify(location), client: JSON.stringify(client) },
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await call('owner', 'clientLocation', 'addLocationAndClient', '', {
            form: { location: JSON.stringify({ ...location, clientContact: 'nope' }) },
          })
        ).statusCode,
      ).toBe(404);
    });

    it('refuses a group of another account (404, or 403 for a member) and writes nothing', async () => {
      const candidates = (await call('owner', 'groups', 'getGroupCandidates')).json<{
        locations: { siteId: string }[];
      }>();
      const made = await call('owner', 'groups', 'createGroupWithLocnsAndUsers', '', {
        json: {
          groupName: 'Owner group',
          locations: candidates.locations.slice(0, 1).map((l) => l.siteId),
          users: [await userIdOf('admin')],
        },
      });
      expect(made.statusCode).toBe(200);
      const groupId = made.json<{ id: string }>().id;
      const before = await createdRows();
      for (const [who, groupIdSent, status] of [
        ['installer', groupId, 404],
        ['admin', groupId, 403],
        ['owner', 'no-such-group', 404],
      ] as const) {
        const response = await call(who, 'clientLocation', 'addLocationAndClient', '', {
          form: {
            location: JSON.stringify({ ...location, groupId: groupIdSent }),
            client: JSON.stringify(client),
          },
        });
        expect(response.statusCode).toBe(status);
        expect(response.json<{ error: string }>().error).toMatch(/group/i);
      }
      expect(await createdRows()).toEqual(before);
      // its creator adds a location to it: the location is in the group
      const ok = await call('owner', 'clientLocation', 'addLocationAndClient', '', {
        form: {
          location: JSON.stringify({ ...location, name: 'Grouped', groupId }),
          client: JSON.stringify(client),
        },
      });
      expect(ok.statusCode).toBe(200);
      const details = (await call('owner', 'groups', 'getGroupDetailsById', `id=${groupId}`)).json<{
        locations: { siteId: string }[];
      }>();
      expect(details.locations.map((l) => l.siteId)).toContain(
        ok.json<{ siteId: string }>().siteId,
      );
    });

    it('refuses an existing client of another account (404) and writes nothing', async () => {
      const visible = new Set(
        (await call('installer', 'clients', 'getClients', 'pageNo=1&recordsPerPage=all'))
          .json<ClientsPage>()
          .records.map((c) => c.id),
      );
      const hidden = (await call('support', 'clients', 'getClients', 'pageNo=1&recordsPerPage=all'))
        .json<ClientsPage>()
        .records.find((c) => !visible.has(c.id));
      if (!hidden) throw new Error('the demo data has no client the installer cannot see');
      const before = await createdRows();
      const response = await call('installer', 'clientLocation', 'addLocationAndClient', '', {
        form: { location: JSON.stringify({ ...location, clientContact: hidden.id }) },
      });
      expect(response.statusCode).toBe(404);
      expect(await createdRows()).toEqual(before);
    });

    it('deletes a location: owner only, after which it is gone', async () => {
      const created = await call('owner', 'clientLocation', 'addLocationAndClient', '', {
        form: { location: JSON.stringify({ name: 'Short Lived' }), client: JSON.stringify(client) },
      });
      const { siteId } = created.json<{ siteId: string }>();
      expect(
        (await call('client', 'locations', 'deleteLocation', `siteId=${siteId}`)).statusCode,
      ).toBe(403);
      expect(
        (await call('owner', 'locations', 'deleteLocation', `siteId=${siteId}`)).statusCode,
      ).toBe(200);
      expect(
        (await call('owner', 'siteManagement', 'settings', `siteId=${siteId}`)).statusCode,
      ).toBe(403);
      const installerSite = (await sites('installer')).records.find(
        (r) => r.permLvl === 'INSTALLER',
      );
      expect(
        (
          await call(
            'installer',
            'locations',
            'deleteLocation',
            `siteId=${installerSite?.siteId ?? ''}`,
          )
        ).statusCode,
      ).toBe(403);
    });
  });

  describe('pictures', () => {
    const upload = (who: Who | null, body: ReturnType<typeof multipart>) =>
      t.app.inject({
        method: 'POST',
        url: path('images', 'uploadPicture', 'uuid=abc'),
        headers: { ...body.headers, cookie: who ? (cookies.get(who) ?? '') : '' },
        payload: body.payload,
      });

    it('stores a png and serves it back with its type and nosniff', async () => {
      const response = await upload('owner', multipart('logo.png', PNG));
      expect(response.statusCode).toBe(200);
      const { status, path: picture } = response.json<{ status: string; path: string }>();
      expect(status).toBe('success');
      const served = await t.app.inject({
        url: picture,
        headers: { cookie: cookies.get('owner') ?? '' },
      });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(PNG)).toBe(true);
    });

    it('accepts exactly 300 KB and refuses 301 KB', async () => {
      const exact = Buffer.concat([PNG, Buffer.alloc(300 * 1024 - PNG.length)]);
      expect((await upload('owner', multipart('big.png', exact))).statusCode).toBe(200);
      const over = Buffer.concat([PNG, Buffer.alloc(301 * 1024 - PNG.length)]);
      const response = await upload('owner', multipart('big.png', over));
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toBe(
        'File size should be less than or equal to 300 KB',
      );
    });

    it('judges the type by content: a .png holding GIF or text is refused', async () => {
      for (const bytes of [GIF, Buffer.from('<html><script>alert(1)</script>')]) {
        const response = await upload('owner', multipart('fake.png', bytes));
        expect(response.statusCode).toBe(400);
        expect(response.json<{ error: string }>().error).toBe('Invalid file type');
      }
      expect((await upload('owner', multipart('ok.gif', GIF))).statusCode).toBe(200);
    });

    const uploaded = async (who: Who) => {
      const response = await upload(who, multipart('mine.png', PNG));
      expect(response.statusCode).toBe(200);
      return response.json<{ path: string }>().path;
    };
    const read = (who: Who, picture: string) =>
      t.app.inject({ url: picture, headers: { cookie: cookies.get(who) ?? '' } });
    const readers = async (picture: string) => {
      const can: Who[] = [];
      for (const who of WHO) if ((await read(who, picture)).statusCode === 200) can.push(who);
      return can;
    };

    it('a picture is read by its uploader alone until it is attached, then by those who see its client', async () => {
      const picture = await uploaded('installer');
      expect(await readers(picture)).toEqual(['installer']);
      // another user gets the same 404 as for no picture at all
      const refused = await read('owner', picture);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ error: 'Not found' });

      const created = await call('installer', 'clientLocation', 'addLocationAndClient', '', {
        form: {
          location: JSON.stringify({ name: 'Pictured' }),
          client: JSON.stringify({
            firstName: 'Picture Co',
            phone: '5550100',
            email: 'pic@co.example.com',
            imageFileRef: picture,
          }),
        },
      });
      expect(created.statusCode).toBe(200);
      const { siteId } = created.json<{ siteId: string }>();
      // the installer owns the new location, SUPPORT sees every client
      expect(await readers(picture)).toEqual(['installer', 'support']);
      // a person added at the location sees the client, and so its picture
      const added = await call('installer', 'siteManagement', 'addPermission', `siteId=${siteId}`, {
        form: { email: 'client@example.com', permLvl: 'CLIENT' },
      });
      expect(added.statusCode).toBe(200);
      expect(await readers(picture)).toEqual(['installer', 'client', 'support']);
    });

    it("a picture of a client made with createClient is read by that client's viewers", async () => {
      const picture = await uploaded('admin');
      const created = await call('admin', 'clients', 'createClient', '', {
        form: {
          clientName: 'Avatar Co',
          clientEmail: 'avatar@co.example.com',
          clientPhone: '5550101',
          imageFileRef: picture,
        },
      });
      expect(created.statusCode).toBe(200);
      expect(await readers(picture)).toEqual(['admin', 'support']);
    });

    it("refuses to attach another user's picture, or anything but an uploaded picture, and writes nothing", async () => {
      const theirs = await uploaded('admin');
      const before = await createdRows();
      for (const imageFileRef of [
        theirs,
        '/data-svc/images/data-svc.php?svc=picture&id=6f1c2a7e-1111-4222-8333-444455556666',
        'https://elsewhere.example.com/tracker.png',
      ]) {
        const viaLocation = await call('installer', 'clientLocation', 'addLocationAndClient', '', {
          form: {
            location: JSON.stringify({ name: 'Borrowed' }),
            client: JSON.stringify({
              firstName: 'Borrow Co',
              phone: '5550102',
              email: 'borrow@co.example.com',
              imageFileRef,
            }),
          },
        });
        expect(viaLocation.statusCode).toBe(400);
        expect(viaLocation.json<{ fields: Record<string, string> }>().fields).toEqual({
          'client.imageFileRef': 'Please upload the picture again.',
        });
        const viaClient = await call('installer', 'clients', 'createClient', '', {
          form: {
            clientName: 'Borrow Co',
            clientEmail: 'borrow@co.example.com',
            clientPhone: '5550102',
            imageFileRef,
          },
        });
        expect(viaClient.statusCode).toBe(400);
        expect(viaClient.json<{ fields: Record<string, string> }>().fields).toEqual({
          imageFileRef: 'Please upload the picture again.',
        });
      }
      expect(await createdRows()).toEqual(before);
      expect(await readers(theirs)).toEqual(['admin']);
    });

    it('allows 50 uploads an hour per user, counted in the database, then 429 with Retry-After', async () => {
      const clientId = await userIdOf('client');
      const db = opened.database.db;
      const mine = sql`uploaded_by = ${clientId}`;
      const count = async () =>
        rowsOf<{ n: number }>(
          await db.execute(sql`select count(*)::int as n from images where ${mine}`),
        )[0]?.n ?? 0;
      while ((await count()) < 50) {
        expect((await upload('client', multipart('many.png', PNG))).statusCode).toBe(200);
      }
      const refused = await upload('client', multipart('one-more.png', PNG));
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: 'You can upload 50 pictures an hour. Please try again later.',
      });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(await count()).toBe(50);
      // another user is not held back
      expect((await upload('owner', multipart('other.png', PNG))).statusCode).toBe(200);
      // an hour later (the database's clock, shared by every server) the user may upload again
      await db.execute(
        sql`update images set created_at = created_at - interval '1 hour' where ${mine}`,
      );
      expect((await upload('client', multipart('later.png', PNG))).statusCode).toBe(200);
    });

    it('needs a session, a multipart body and the fileToUpload field', async () => {
      expect((await upload(null, multipart('a.png', PNG))).statusCode).toBe(401);
      expect((await upload('owner', multipart('a.png', PNG, 'other'))).statusCode).toBe(400);
      expect(
        (await call('owner', 'images', 'uploadPicture', '', { form: { a: 'b' } })).statusCode,
      ).toBe(400);
      expect((await call('owner', 'images', 'picture', 'id=not-a-uuid')).statusCode).toBe(400);
      expect(
        (await call('owner', 'images', 'picture', 'id=6f1c2a7e-1111-4222-8333-444455556666'))
          .statusCode,
      ).toBe(404);
    });
  });

  describe('clients', () => {
    const clients = async (who: Who, query = 'pageNo=1&recordsPerPage=all') =>
      (await call(who, 'clients', 'getClients', query)).json<ClientsPage>();

    it('lists the clients of visible locations; SUPPORT sees all; pages append', async () => {
      const client = await clients('client');
      const support = await clients('support');
      expect(client.totalRecords).toBeGreaterThan(0);
      expect(client.totalRecords).toBeLessThan(support.totalRecords);
      const first = await clients('support', 'pageNo=1&recordsPerPage=2');
      const second = await clients('support', 'pageNo=2&recordsPerPage=2');
      expect(first.records).toHaveLength(2);
      expect(second.records[0]?.id).toBe(support.records[2]?.id);
      expect(first.records[0]?.siteCnt).toBeNull();
      expect((await call('owner', 'clients', 'getClients', 'pageNo=x')).statusCode).toBe(400);
    });

    it('patches in counts through clientsStats with repeated clients[i]', async () => {
      const page = await clients('owner', 'pageNo=1&recordsPerPage=3');
      const query = page.records.map((c, i) => `clients[${i}]=${c.id}`).join('&');
      const stats = (await call('owner', 'clients', 'clientsStats', query)).json<
        { id: string; siteCnt: number }[]
      >();
      expect(stats.map((s) => s.id)).toEqual(page.records.map((c) => c.id));
      expect(stats.some((s) => s.siteCnt > 0)).toBe(true);
      expect((await call('owner', 'clients', 'clientsStats', '')).statusCode).toBe(400);
    });

    it("gives a client's locations, contacts and a contact; hides clients the user cannot see", async () => {
      const visible = new Set((await clients('client')).records.map((c) => c.id));
      const hidden = (await clients('support')).records.find((c) => !visible.has(c.id));
      const mine = [...visible][0] ?? '';
      const cards = (
        await call(
          'client',
          'clients',
          'getLocationCard',
          `clientId=${mine}&pageNo=1&recordsPerPage=12`,
        )
      ).json<SitesPage>();
      expect(cards.records.every((r) => r.clientId === mine)).toBe(true);
      const contacts = (
        await call('client', 'clients', 'getContactsForClientId', `clientId=${mine}`)
      ).json<{ id: string }[]>();
      expect(contacts.length).toBeGreaterThan(0);
      const one = await call(
        'client',
        'clients',
        'getContactByContactId',
        `contactId=${contacts[0]?.id ?? ''}`,
      );
      expect(one.statusCode).toBe(200);
      expect((await call('client', 'clients', 'getClient', `clientId=${mine}`)).statusCode).toBe(
        200,
      );
      for (const svc of ['getLocationCard', 'getContactsForClientId', 'getClient']) {
        expect(
          (await call('client', 'clients', svc, `clientId=${hidden?.id ?? ''}`)).statusCode,
        ).toBe(404);
      }
      expect((await call('client', 'clients', 'getContactsForClientId', '')).statusCode).toBe(400);
      expect((await call(null, 'clients', 'getClients')).statusCode).toBe(401);
    });

    it('creates a client with the form rules; the creator sees it; CLIENT-only users cannot', async () => {
      const form = {
        clientName: 'New Co',
        clientEmail: 'new@co.example.com',
        clientPhone: '5551234',
      };
      const created = await call('installer', 'clients', 'createClient', '', { form });
      expect(created.statusCode).toBe(200);
      const { id } = created.json<{ id: string }>();
      expect((await clients('installer')).records.some((c) => c.id === id)).toBe(true);
      const bad = await call('installer', 'clients', 'createClient', '', {
        form: { clientName: '', clientEmail: 'x', clientPhone: '12a' },
      });
      expect(bad.json<{ fields: Record<string, string> }>().fields).toEqual({
        clientName: 'Please enter client name',
        clientEmail: 'Please enter a valid email address',
        clientPhone: 'Please enter numeric value',
      });
      expect((await call('client', 'clients', 'createClient', '', { form })).statusCode).toBe(403);
    });
  });
});
