import type { SearchResult, SitesPage } from '@powerdeck/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../demo/seed';
import { type OpenedTestDatabase, testDatabases } from '../../test/databases';
import { signInDemoUsers } from '../../test/sign-in-demo-users';
import { type TestApp, path, startTestApp } from '../../test/test-app';
import { rowsOf } from '../../infra/db/rows';

const searchUrl = (query: Record<string, string>) =>
  `/data-svc/searchManagement/data-svc.php?${new URLSearchParams(query).toString()}`;

describe.each(testDatabases())('search on $name (demo data)', (testDb) => {
  let opened: OpenedTestDatabase;
  let t: TestApp;
  let cookies: Map<string, string>;

  beforeAll(async () => {
    opened = await testDb.open();
    t = await startTestApp(opened.database);
    await seedDemo({
      database: opened.database,
      passwords: t.passwords,
      clock: t.clock,
      enabled: true,
    });
    cookies = await signInDemoUsers(t.app, ['owner', 'client', 'support']);
  });
  afterAll(async () => {
    await t.app.close();
    await opened.dispose();
  });

  const search = (who: string | null, query: Record<string, string>) =>
    t.app.inject({
      url: searchUrl(query),
      headers: { cookie: who ? (cookies.get(who) ?? '') : '' },
    });
  const found = async (who: string, keyword: string, req = 'search') => {
    const response = await search(who, { keyword, req });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SearchResult>();
  };
  const visibleSites = async (who: string) => {
    const response = await t.app.inject({
      url: path('locations', 'getSitesData', 'pageNo=1&recordsPerPage=all'),
      headers: { cookie: cookies.get(who) ?? '' },
    });
    return new Set(response.json<SitesPage>().records.map((r) => r.siteId));
  };

  it('finds locations by part of the name, with their client', async () => {
    const result = await found('owner', 'harbor view');
    const names = result.locations.map((l) => l.locationName);
    expect(names).toContain('Harbor View Lobby');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(result.locations[0]?.clientName).toBe('Harbor View Properties');
    expect(result.clients.map((c) => c.clientName)).toEqual(['Harbor View Properties']);
    expect(result.clients[0]?.clientEmail).toBe('facilities@harborview.example.com');
  });

  it('finds devices by name and by MAC, with their location and parent class', async () => {
    const byName = await found('owner', 'Server Room');
    expect(byName.devices.length).toBeGreaterThan(0);
    const device = byName.devices[0];
    expect(device?.deviceName).toContain('Server Room');
    expect(device?.locationName).toBeTruthy();
    const byMac = await found('owner', device?.devId.slice(4) ?? '');
    expect(byMac.devices.map((d) => d.devId)).toContain(device?.devId);
    const kid = (await found('owner', 'KM4315')).devices.find((d) => d.devClass === 'km4315');
    expect(kid?.parentDevId).toBeTruthy();
    expect(kid?.parentDevClass).toMatch(/^cv[23]$/);
  });

  it('finds outlets by label, one result per device with outlet number → label', async () => {
    const result = await found('owner', 'projector');
    expect(result.outlets.length).toBeGreaterThan(0);
    for (const device of result.outlets) {
      const labels = Object.entries(device.outlets);
      expect(labels.length).toBeGreaterThan(0);
      for (const [otlt, label] of labels) {
        expect(Number(otlt)).toBeGreaterThanOrEqual(1);
        expect(label.toLowerCase()).toContain('projector');
      }
    }
  });

  it('never returns a location, device, outlet or client the caller cannot see', async () => {
    const sites = await visibleSites('client');
    const all = await visibleSites('owner');
    expect(sites.size).toBeLessThan(all.size);
    for (const keyword of ['a', 'e', 'rack', 'projector', 'view', '1065A3']) {
      const result = await found('client', keyword);
      for (const l of result.locations) expect(sites.has(l.locationId), l.locationName).toBe(true);
      for (const d of [...result.devices, ...result.outlets]) {
        expect(sites.has(d.locationId), d.deviceName).toBe(true);
      }
      const owner = await found('owner', keyword);
      const clientClients = new Set(result.clients.map((c) => c.clientId));
      expect(clientClients.size).toBeLessThanOrEqual(owner.clients.length);
    }
    const hidden = [...all].find((id) => !sites.has(id));
    const [row] = rowsOf<{ name: string }>(
      await opened.database.db.execute(sql`SELECT name FROM locations WHERE id = ${hidden}`),
    );
    expect((await found('client', row?.name ?? '')).locations).toEqual([]);
    expect((await found('owner', row?.name ?? '')).locations.length).toBe(1);
  });

  it('lets SUPPORT search every location', async () => {
    const result = await found('support', 'Integrator');
    expect(result.locations.map((l) => l.locationName)).toEqual([
      'Integrator Showroom',
      'Integrator Warehouse',
    ]);
  });

  it('never lists devices waiting to be claimed', async () => {
    const result = await found('support', '1065A3C0DE');
    expect(result.devices).toEqual([]);
    expect(result.outlets).toEqual([]);
  });

  it('treats LIKE wildcards and backslashes as literal characters', async () => {
    for (const keyword of ['%', '_', '\\', '%%%', 'Harbor%', 'H_rbor']) {
      const result = await found('owner', keyword);
      expect(result, keyword).toEqual({ locations: [], devices: [], outlets: [], clients: [] });
    }
    // '&' in 'Redwood Hotel & Spa' is an ordinary character
    expect((await found('owner', 'Hotel & Spa')).clients.map((c) => c.clientName)).toEqual([
      'Redwood Hotel & Spa',
    ]);
  });

  it('limits autosuggest to 10 per group and search to 50', async () => {
    const suggest = await found('support', 'e', 'search');
    expect(suggest.outlets.length).toBeLessThanOrEqual(50);
    const short = await found('support', 'ack', 'autosuggest');
    for (const group of Object.values(short)) expect(group.length).toBeLessThanOrEqual(10);
  });

  it('refuses bad keywords with 400 and the field message', async () => {
    const cases: Record<string, string>[] = [
      { req: 'search', keyword: '' },
      { req: 'search', keyword: '   ' },
      { req: 'autosuggest', keyword: 'ab' },
      { req: 'search', keyword: 'x'.repeat(101) },
      { req: 'lookup', keyword: 'harbor' },
      { req: 'search' },
      { keyword: 'harbor' },
    ];
    for (const query of cases) {
      const response = await search('owner', query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json<{ error: string }>().error).toBeTruthy();
    }
    expect((await search('owner', { req: 'search', keyword: 'x'.repeat(100) })).statusCode).toBe(
      200,
    );
  });

  it('needs a session', async () => {
    expect((await search(null, { req: 'search', keyword: 'harbor' })).statusCode).toBe(401);
  });
});
