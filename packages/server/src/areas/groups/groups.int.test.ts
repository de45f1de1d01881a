import type { GroupCandidates, GroupDetails, GroupsPage } from '@powerdeck/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../infra/db/schema';
import { testDatabases } from '../../test/databases';
import { type DemoApp, startDemoApp } from '../../test/demo-sessions';

describe.each(testDatabases())('admin groups on $name', (testDb) => {
  let d: DemoApp;
  let candidates: GroupCandidates;

  beforeAll(async () => {
    d = await startDemoApp(testDb);
    candidates = (await d.call('owner', 'groups', 'getGroupCandidates')).json<GroupCandidates>();
  });
  afterAll(() => d.close());

  const input = (overrides: Record<string, unknown> = {}) => ({
    groupName: 'Bay Area',
    locations: candidates.locations.slice(0, 2).map((l) => l.siteId),
    users: candidates.users.slice(0, 2).map((u) => u.id),
    ...overrides,
  });
  const create = (role: 'owner' | 'admin' | 'installer' | 'client', body: unknown) =>
    d.call(role, 'groups', 'createGroupWithLocnsAndUsers', { json: body });

  it('offers only locations where the caller is admin or owner, and the people there', () => {
    expect(candidates.locations.length).toBeGreaterThan(1);
    expect(
      candidates.locations.every((l) => ['admin', 'owner'].includes(l.permLvl.toLowerCase())),
    ).toBe(true);
    expect(candidates.users.some((u) => u.email === 'owner@example.com')).toBe(true);
    expect(candidates.users.some((u) => u.defaultPermission === 'admin')).toBe(true);
  });

  it('creates, lists (paged), views, edits and deletes a group', async () => {
    const created = await create('owner', input());
    expect(created.statusCode).toBe(200);
    const { id } = created.json<{ id: string }>();
    await create('owner', input({ groupName: 'Second' }));
    const page1 = (
      await d.call('owner', 'groups', 'listGroupsForUser', {
        query: { pageNo: '1', recordsPerPage: '1' },
      })
    ).json<GroupsPage>();
    const page2 = (
      await d.call('owner', 'groups', 'listGroupsForUser', {
        query: { pageNo: '2', recordsPerPage: '1' },
      })
    ).json<GroupsPage>();
    expect(page1.totalRecords).toBe(2);
    expect(page1.records[0]?.id).not.toBe(page2.records[0]?.id);
    const details = (
      await d.call('owner', 'groups', 'getGroupDetailsById', { query: { id } })
    ).json<GroupDetails>();
    expect(details).toMatchObject({ groupName: 'Bay Area', canEdit: true });
    expect(details.locations).toHaveLength(2);
    const edited = await d.call('owner', 'groups', 'editGroupWithLocnsAndUsers', {
      query: { id },
      json: input({ groupName: 'Renamed', users: [] }),
    });
    expect(edited.statusCode).toBe(200);
    const after = (
      await d.call('owner', 'groups', 'getGroupDetailsById', { query: { id } })
    ).json<GroupDetails>();
    expect(after).toMatchObject({ groupName: 'Renamed', users: [] });
    expect(
      (
        await d.call('owner', 'groups', 'deleteGroupWithLocnsAndUsers', {
          query: { id },
          method: 'POST',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await d.call('owner', 'groups', 'getGroupDetailsById', { query: { id } })).statusCode,
    ).toBe(404);
  });

  it('refuses a location where the caller is not admin or owner, and unknown users', async () => {
    const clientSites = (await d.call('client', 'accountManagement', 'getUserSitesData')).json<{
      records: { siteId: string }[];
    }>();
    const ownerIds = new Set(candidates.locations.map((l) => l.siteId));
    const foreign =
      clientSites.records.find((s) => !ownerIds.has(s.siteId))?.siteId ?? 'no-such-site';
    expect((await create('owner', input({ locations: [foreign] }))).statusCode).toBe(403);
    const unknown = await create('owner', input({ users: ['no-such-user'] }));
    expect(unknown.statusCode).toBe(400);
  });

  it('refuses an account the caller shares no location with, as it refuses an unknown id', async () => {
    const offered = new Set(candidates.users.map((u) => u.id));
    const everyone = await d.opened.database.db.select({ id: users.id }).from(users);
    const stranger = everyone.find((u) => !offered.has(u.id));
    expect(stranger).toBeDefined();
    const response = await create('owner', input({ users: [stranger?.id] }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(
      (await create('owner', input({ users: ['no-such-user'] }))).json(),
    );
  });

  it("refuses creating without admin or owner anywhere: 'You dont have permissions at any location.'", async () => {
    const response = await create('client', input());
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'You dont have permissions at any location.' });
  });

  it('lets only the creator change a group; a member may view it; others get 404', async () => {
    const adminId = candidates.users.find((u) => u.email === 'admin@example.com')?.id ?? '';
    const { id } = (await create('owner', input({ users: [adminId] }))).json<{ id: string }>();
    expect(
      (await d.call('admin', 'groups', 'getGroupDetailsById', { query: { id } })).json(),
    ).toMatchObject({ canEdit: false });
    expect(
      (
        await d.call('admin', 'groups', 'deleteGroupWithLocnsAndUsers', {
          query: { id },
          method: 'POST',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await d.call('installer', 'groups', 'getGroupDetailsById', { query: { id } })).statusCode,
    ).toBe(404);
  });

  it('answers 401 without a session and 400 for bad input', async () => {
    expect((await d.call(null, 'groups', 'listGroupsForUser')).statusCode).toBe(401);
    expect((await create('owner', { groupName: ' ', locations: [], users: [] })).statusCode).toBe(
      400,
    );
    expect(
      (await d.call('owner', 'groups', 'listGroupsForUser', { query: { pageNo: 'x' } })).statusCode,
    ).toBe(400);
    expect((await d.call('owner', 'groups', 'getGroupDetailsById')).statusCode).toBe(400);
  });
});
