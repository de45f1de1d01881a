import type { AddedDevice, Gateways, SitesPage } from '@powerdeck/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_UNCLAIMED_ETHERNET, DEMO_UNJOINED_WIRELESS } from '../../demo/unclaimed-devices';
import { type OpenedTestDatabase, testDatabases } from '../../test/databases';
import { startSeededApp, stopSeededApp } from '../../test/demo-sessions';
import { signInDemoUsers } from '../../test/sign-in-demo-users';
import type { TestApp } from '../../test/test-app';

const FAILED = 'ERROR: Please check MAC ID or Challenge Key';
const [first, second, third, fourth] = DEMO_UNCLAIMED_ETHERNET;

describe.each(testDatabases())('device registration on $name (demo data)', (testDb) => {
  let opened: OpenedTestDatabase;
  let t: TestApp;
  let cookies: Map<string, string>;
  let siteId: string;
  let clientSiteId: string;
  let gatewaySiteId: string;

  beforeAll(async () => {
    ({ opened, t } = await startSeededApp(testDb));
    cookies = await signInDemoUsers(t.app, ['owner', 'admin', 'installer', 'client', 'support']);
    const sites = async (who: string) =>
      (
        await t.app.inject({
          url: '/data-svc/locations/dataSvc.php?svc=getSitesData&pageNo=1&recordsPerPage=all',
          headers: { cookie: cookies.get(who) ?? '' },
        })
      ).json<SitesPage>().records;
    const ownerSites = await sites('owner');
    clientSiteId = (await sites('client'))[0]?.siteId ?? '';
    siteId = ownerSites.find((s) => s.siteId !== clientSiteId)?.siteId ?? '';
    const heard = await opened.database.db.query.devices.findFirst({
      where: (d, { eq }) => eq(d.devId, DEMO_UNJOINED_WIRELESS[0]?.devId ?? ''),
    });
    const gateway = await opened.database.db.query.devices.findFirst({
      where: (d, { eq }) => eq(d.devId, heard?.nearGatewayId ?? ''),
    });
    gatewaySiteId = gateway?.siteId ?? '';
  });
  afterAll(() => stopSeededApp({ opened, t }));

  const addDevice = (who: string, site: string, body: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/data-svc/devices/dataSvc.php?svc=addNewDevice&siteId=${encodeURIComponent(site)}`,
      headers: { cookie: cookies.get(who) ?? '' },
      payload: body,
    });
  const gateways = (who: string, site: string) =>
    t.app.inject({
      url: `/data-svc/devices/dataSvc.php?svc=getGateways&siteId=${encodeURIComponent(site)}`,
      headers: { cookie: cookies.get(who) ?? '' },
    });
  /** The join form of a demo wireless device under its gateway, named 'Patio Plug'. */
  const joinBody = (wireless: { devClass: string; devId: string }) => ({
    siteId: gatewaySiteId,
    devClass: wireless.devClass,
    devId: wireless.devId,
    devName: 'Patio Plug',
    svc: 'join',
    state: 'join',
  });
  const join = (who: string, devClass: string, body: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/data-svc/${devClass}.deviceControls/data-svc.php?svc=join`,
      headers: { cookie: cookies.get(who) ?? '' },
      payload: body,
    });
  const deviceSite = async (devId: string) =>
    (await opened.database.db.query.devices.findFirst({ where: (d, { eq }) => eq(d.devId, devId) }))
      ?.siteId ?? null;

  it('claims a device with its MAC and challenge key (boxes joined, any case, dashes allowed)', async () => {
    if (!first) throw new Error('no demo device');
    const response = await addDevice('installer', siteId, {
      devId: first.devId.match(/.{2}/g)?.join(':') ?? '',
      claimKey: `${first.claimKey.slice(0, 4).toLowerCase()}-${first.claimKey.slice(4, 8)}-${first.claimKey.slice(8)}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AddedDevice>()).toMatchObject({
      devId: first.devId,
      devClass: first.devClass,
      siteId,
    });
    expect(await deviceSite(first.devId)).toBe(siteId);
  });

  it('refuses a second claim of the same device, by anyone, with the same message (409)', async () => {
    if (!first) throw new Error('no demo device');
    for (const who of ['admin', 'installer']) {
      const response = await addDevice(who, siteId, {
        devId: first.devId,
        claimKey: first.claimKey,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: FAILED });
    }
  });

  it('refuses a wrong key and an unknown MAC with the spec message (400); nothing moves', async () => {
    if (!second || !third) throw new Error('no demo device');
    const wrongKey = await addDevice('admin', siteId, {
      devId: second.devId,
      claimKey: third.claimKey,
    });
    expect(wrongKey.statusCode).toBe(400);
    expect(wrongKey.json()).toEqual({ error: FAILED });
    expect(await deviceSite(second.devId)).toBeNull();
    const unknown = await addDevice('admin', siteId, {
      devId: '1065A3FFFFFF',
      claimKey: second.claimKey,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: FAILED });
  });

  it('cannot claim a device that was seeded at a site (no claim key)', async () => {
    const [placed] = (await opened.database.db.query.devices.findMany({
      where: (d, { isNotNull }) => isNotNull(d.siteId),
      limit: 1,
    })) as { devId: string }[];
    const response = await addDevice('admin', siteId, {
      devId: placed?.devId ?? '',
      claimKey: 'AAAABBBBCCCC',
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses CLIENT (403) and a location the caller cannot see (403)', async () => {
    if (!second) throw new Error('no demo device');
    const client = await addDevice('client', clientSiteId, {
      devId: second.devId,
      claimKey: second.claimKey,
    });
    expect(client.statusCode).toBe(403);
    const unknownSite = await addDevice('owner', 'no-such-site', {
      devId: second.devId,
      claimKey: second.claimKey,
    });
    expect(unknownSite.statusCode).toBe(403);
    expect(await deviceSite(second.devId)).toBeNull();
    expect((await gateways('client', clientSiteId)).statusCode).toBe(403);
  });

  it('refuses malformed input with 400 and field messages', async () => {
    const bad: Record<string, string>[] = [
      { devId: '1065A3', claimKey: 'AAAABBBBCCCC' },
      { devId: '1065A3C0DE0G', claimKey: 'AAAABBBBCCCC' },
      { devId: '1065A3C0DE02', claimKey: 'AAAABBBB' },
      { devId: '1065A3C0DE02', claimKey: 'AAAA BBBB CC!' },
      { claimKey: 'AAAABBBBCCCC' },
      {},
    ];
    for (const body of bad) {
      const response = await addDevice('owner', siteId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ fields?: object }>().fields).toBeDefined();
    }
    expect(
      (await addDevice('owner', '', { devId: '1065A3C0DE02', claimKey: 'AAAABBBBCCCC' }))
        .statusCode,
    ).toBe(400);
  });

  it('lets SUPPORT add a device anywhere', async () => {
    if (!fourth) throw new Error('no demo device');
    const response = await addDevice('support', siteId, {
      devId: fourth.devId,
      claimKey: fourth.claimKey,
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('lists the wireless devices a gateway at the location hears; none elsewhere', async () => {
    const response = await gateways('owner', gatewaySiteId);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<Gateways>();
    expect(body.gateways.map((g) => g.devClass)).toContain('bb1000');
    expect(body.devices.map((d) => d.devId).sort()).toEqual(
      DEMO_UNJOINED_WIRELESS.map((d) => d.devId).sort(),
    );
    for (const d of body.devices) {
      expect(body.gateways.map((g) => g.devId)).toContain(d.gateway);
      expect(d.label).toBeTruthy();
    }
    const other = (await gateways('owner', siteId)).json<Gateways>();
    expect(other.devices.filter((d) => body.devices.some((b) => b.devId === d.devId))).toEqual(
      siteId === gatewaySiteId ? other.devices : [],
    );
  });

  it('joins a wireless device under its gateway with the given name; it then leaves the list', async () => {
    const [wireless] = DEMO_UNJOINED_WIRELESS;
    if (!wireless) throw new Error('no demo device');
    const body = joinBody(wireless);
    expect((await join('client', wireless.devClass, body)).statusCode).toBe(403);
    const wrongClass = await join('owner', 'md2zb', { ...body, devClass: 'md2zb' });
    expect(wrongClass.statusCode).toBe(409);
    const joined = await join('owner', wireless.devClass, body);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toEqual({
      devId: wireless.devId,
      devClass: wireless.devClass,
      siteId: gatewaySiteId,
    });
    const row = await opened.database.db.query.devices.findFirst({
      where: (d, { eq }) => eq(d.devId, wireless.devId),
    });
    expect(row?.siteId).toBe(gatewaySiteId);
    expect(row?.devName).toBe('Patio Plug');
    expect(row?.parentDevId).toBeTruthy();
    const again = await join('owner', wireless.devClass, body);
    expect(again.statusCode).toBe(409);
    const left = (await gateways('owner', gatewaySiteId)).json<Gateways>();
    expect(left.devices.map((d) => d.devId)).not.toContain(wireless.devId);
    const blank = await join('owner', wireless.devClass, { ...body, devName: ' ' });
    expect(blank.statusCode).toBe(400);
  });

  it('serves join only under the wireless classes: 404 under any other class', async () => {
    const wireless = DEMO_UNJOINED_WIRELESS[2];
    if (!wireless) throw new Error('no demo device');
    const body = joinBody(wireless);
    for (const devClass of ['cv3', 'bb1000', 'dc12ip']) {
      expect((await join('owner', devClass, body)).statusCode, devClass).toBe(404);
    }
    const still = (await gateways('owner', gatewaySiteId)).json<Gateways>();
    expect(still.devices.map((d) => d.devId)).toContain(wireless.devId);
  });
});

describe.each(testDatabases())('claim attempt limits on $name', (testDb) => {
  let opened: OpenedTestDatabase;
  let t: TestApp;
  let cookies: Map<string, string>;
  let siteId: string;

  beforeAll(async () => {
    ({ opened, t } = await startSeededApp(testDb));
    cookies = await signInDemoUsers(t.app, ['owner', 'admin', 'installer']);
    const [site] = await opened.database.db.query.locations.findMany({ limit: 1 });
    siteId = site?.id ?? '';
  });
  afterAll(() => stopSeededApp({ opened, t }));

  const wrong = (who: string) =>
    t.app.inject({
      method: 'POST',
      url: `/data-svc/devices/dataSvc.php?svc=addNewDevice&siteId=${encodeURIComponent(siteId)}`,
      headers: { cookie: cookies.get(who) ?? '' },
      payload: { devId: '1065A3C0DE05', claimKey: 'WRONGWRONG00' },
    });

  it('answers 429 after 10 failed claims by one account, even with the right key; others go on', async () => {
    for (let i = 0; i < 10; i++) expect((await wrong('owner')).statusCode).toBe(400);
    const limited = await wrong('owner');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    const right = await t.app.inject({
      method: 'POST',
      url: `/data-svc/devices/dataSvc.php?svc=addNewDevice&siteId=${encodeURIComponent(siteId)}`,
      headers: { cookie: cookies.get('owner') ?? '' },
      payload: { devId: '1065A3C0DE05', claimKey: 'B8LV5KPZ2GQM' },
    });
    expect(right.statusCode).toBe(429);
    expect((await wrong('admin')).statusCode).toBe(400);
  });

  it('lets the account try again once the window has passed', async () => {
    t.clock.advance(15 * 60_000 + 1000);
    expect((await wrong('owner')).statusCode).toBe(400);
  });

  it('answers 429 after 30 attempts a minute from one address, whatever the account', async () => {
    // 14 attempts so far this minute (the per-address window is real time, not the test clock);
    // 16 more from two accounts stay under each account's own limit
    for (let i = 0; i < 16; i++) {
      expect((await wrong(i % 2 === 0 ? 'admin' : 'installer')).statusCode).toBe(400);
    }
    const limited = await wrong('installer');
    expect(limited.statusCode).toBe(429);
  });
});
