import { screen, within } from '@testing-library/react';
import type { GroupDetails, UserDataForSites } from '@powerdeck/domain';
import { describe, expect, it } from 'vitest';
import { publicConfig, renderRoute, signedInUser, stubApi, urlOf } from '../../../test/render';

const group: GroupDetails = {
  id: 'g1',
  groupName: 'North depots',
  createdBy: signedInUser.userId,
  canEdit: true,
  locations: [
    { siteId: 's1', name: 'Harbor View Lobby', permLvl: 'owner' },
    { siteId: 's2', name: 'Depot 9', permLvl: 'owner' },
  ],
  users: [
    { id: 'u-ada', name: 'Ada Admin', email: 'ada@example.com', defaultPermission: '' },
    { id: 'u-cy', name: 'Cy Client', email: 'cy@example.com', defaultPermission: '' },
    { id: 'u-hid', name: 'Hidden', email: 'hid@example.com', defaultPermission: '' },
  ],
};

const levels: Record<string, UserDataForSites> = {
  'u-ada': {
    records: [
      { siteId: 's1', permLvl: 'ADMIN' },
      { siteId: 's2', permLvl: 'INSTALLER' },
    ],
  },
  'u-cy': { records: [{ siteId: 's2', permLvl: 'CLIENT' }] },
};

describe('group page: members with their level at each of the group’s locations', () => {
  it('asks getUserDataForSites per member and marks an ADMIN with (admin)', async () => {
    const fetchMock = stubApi({
      public: { body: publicConfig },
      session: { body: { user: signedInUser } },
      getGroupDetailsById: { body: group },
      getUserDataForSites: (url) => {
        const answer = levels[url.searchParams.get('user') ?? ''];
        return answer ? { body: answer } : { status: 404, body: { error: 'User not found.' } };
      },
    });
    renderRoute('/admin/groups/g1');
    const ada = (await screen.findByText('Ada Admin (admin)', {}, { timeout: 15_000 })).closest(
      'li',
    );
    if (!ada) throw new Error('no row for Ada');
    expect(
      await within(ada).findByText('Harbor View Lobby: ADMIN · Depot 9: INSTALLER'),
    ).toBeInTheDocument();
    const cy = screen.getByText('Cy Client').closest('li');
    if (!cy) throw new Error('no row for Cy');
    expect(await within(cy).findByText('Depot 9: CLIENT')).toBeInTheDocument();
    expect(within(cy).queryByText(/\(admin\)/)).not.toBeInTheDocument();
    // a member the caller may not learn about (404): no levels shown, the row stays
    expect(screen.getByText('Hidden')).toBeInTheDocument();
    const asked = fetchMock.mock.calls
      .map(([input]) => new URL(urlOf(input), 'http://x'))
      .filter((u) => u.searchParams.get('svc') === 'getUserDataForSites');
    expect(asked.map((u) => u.searchParams.get('user')).sort()).toEqual(['u-ada', 'u-cy', 'u-hid']);
    expect(asked.every((u) => u.searchParams.get('locationIds') === 's1,s2')).toBe(true);
  });
});
