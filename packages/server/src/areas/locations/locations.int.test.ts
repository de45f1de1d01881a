import type { SitesPage } from '@powerdeck/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenedTestDatabase, testDatabases } from '../../test/databases';
import { startSeededApp, stopSeededApp } from '../../test/demo-sessions';
import { signInDemoUsers } from '../../test/sign-in-demo-users';
import { type TestApp, path } from '../../test/test-app';

describe.each(testDatabases())('locations list on $name (demo data)', (testDb) => {
  let opened: OpenedTestDatabase;
  let t: TestApp;
  let cookies: Map<string, string>;

  beforeAll(async () => {
    ({ opened, t } = await startSeededApp(testDb));
    cookies = await signInDemoUsers(t.app, ['owner', 'client', 'support']);
  });
  afterAll(() => stopSeededApp({ opened, t }));

  const get = (who: string, svc: string, query: string) =>
    t.app.inject({
      url: path('locations', svc, query),
      headers: { cookie: cookies.get(who) ?? '' },
    });
  const sites = async (who: string, query = 'pageNo=1&recordsPerPage=all') =>
    (await get(who, 'getSitesData', query)).json<SitesPage>();

  it('lists only the locations the user holds a level at: the client sees fewer', async () => {
    const owner = await sites('owner');
    const client = await sites('client');
    expect(owner.totalRecords).toBeGreaterThanOrEqual(22);
    expect(client.totalRecords).toBe(6);
    expect(client.records.every((r) => r.permLvl === 'CLIENT')).toBe(true);
    const ownerIds = new Set(owner.records.map((r) => r.siteId));
    expect(client.records.every((r) => ownerIds.has(r.siteId))).toBe(true);
  });

  it('orders by name and pages 12 at a time; page 0 is the first page', async () => {
    const all = await sites('owner');
    const names = all.records.map((r) => r.name);
    expect(names).toEqual(
      [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    const first = await sites('owner', 'pageNo=1&recordsPerPage=12');
    const zero = await sites('owner', 'pageNo=0&recordsPerPage=12');
    const second = await sites('owner', 'pageNo=2&recordsPerPage=12');
    expect(first.records).toHaveLength(12);
    expect(zero.records.map((r) => r.siteId)).toEqual(first.records.map((r) => r.siteId));
    expect(second.records[0]?.siteId).toBe(all.records[12]?.siteId);
    expect(first).toMatchObject({ pageNo: 1, recordsPerPage: 12, totalRecords: all.totalRecords });
    // a page past the end is empty and still says how many there are, for each way of listing
    for (const who of ['owner', 'support']) {
      const total = (await sites(who)).totalRecords;
      expect(await sites(who, 'pageNo=99&recordsPerPage=12')).toMatchObject({
        records: [],
        totalRecords: total,
      });
    }
  });

  it('carries the client, lock, watch, mute and prime contact of each location', async () => {
    const { records } = await sites('owner');
    expect(records.some((r) => r.watched)).toBe(true);
    expect(records.some((r) => r.muted)).toBe(true);
    expect(records.some((r) => r.otltLock)).toBe(true);
    expect(records.some((r) => r.client === null)).toBe(true);
    const withContact = records.find((r) => r.primeContactDetails !== null);
    expect(withContact?.primeContactDetails?.email).toMatch(/@/);
    expect(records.some((r) => r.primeContact === null)).toBe(true);
    // watch and mute are per user: the client user has set none
    expect((await sites('client')).records.every((r) => !r.watched && !r.muted)).toBe(true);
  });

  it('the SUPPORT tier sees every location, as ADMIN', async () => {
    const support = await sites('support');
    const owner = await sites('owner');
    expect(support.totalRecords).toBe(owner.totalRecords);
    expect(support.records.every((r) => r.permLvl === 'ADMIN')).toBe(true);
    // the same order, though the owner's comes from their permissions and SUPPORT's from every
    // location
    expect(support.records.map((r) => r.siteId)).toEqual(owner.records.map((r) => r.siteId));
  });

  it('bad paging input is 400', async () => {
    expect((await get('owner', 'getSitesData', 'pageNo=-1')).statusCode).toBe(400);
    expect((await get('owner', 'getSitesData', 'recordsPerPage=lots')).statusCode).toBe(400);
  });

  it('counts parent devices at a permitted location, active and inactive', async () => {
    const { records } = await sites('owner');
    let devicesSeen = 0;
    let activeSeen = 0;
    for (const record of records) {
      const response = await get('owner', 'getDeviceCount', `siteId=${record.siteId}`);
      expect(response.statusCode).toBe(200);
      const count = response.json<{ total: number; active: number; inActive: number }>();
      expect(count.active + count.inActive).toBe(count.total);
      devicesSeen += count.total;
      activeSeen += count.active;
    }
    expect(devicesSeen).toBeGreaterThan(0);
    expect(activeSeen).toBeGreaterThan(0);
    expect(activeSeen).toBeLessThan(devicesSeen);
  });

  it('devices go inactive 120 seconds after their last contact', async () => {
    t.clock.advance(10 * 60 * 1000);
    const { records } = await sites('owner');
    for (const record of records) {
      const count = (await get('owner', 'getDeviceCount', `siteId=${record.siteId}`)).json<{
        active: number;
      }>();
      expect(count.active).toBe(0);
    }
  });

  it('the device count of a location the user has no level at is 403', async () => {
    const clientIds = new Set((await sites('client')).records.map((r) => r.siteId));
    const foreign = (await sites('owner')).records.find((r) => !clientIds.has(r.siteId));
    const response = await get('client', 'getDeviceCount', `siteId=${foreign?.siteId ?? ''}`);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: "You don't have permission to access this location.",
    });
    const unknown = await get('client', 'getDeviceCount', 'siteId=no-such-location');
    expect(unknown.statusCode).toBe(403);
    expect((await get('client', 'getDeviceCount', '')).statusCode).toBe(400);
  });
});
