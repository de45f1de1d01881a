import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildMeta,
  buildOutlets,
  buildStatus,
  controlsPath,
  SITE,
  stubDeviceApi,
} from '../../test/devices';
import { buildLocationSettings } from '../../test/locations';
import { publicConfig, renderRoute, signedInUser, stubApi } from '../../test/render';

/** The crumbs as [name, href or null for the current page]. */
async function crumbs(expected: number) {
  const nav = await screen.findByRole('navigation', { name: 'Breadcrumb' });
  await waitFor(() => expect(nav.querySelectorAll('a, [aria-current]')).toHaveLength(expected));
  return Array.from(nav.querySelectorAll('a, [aria-current]')).map((el) => [
    el.textContent,
    el.getAttribute('href'),
  ]);
}

describe('breadcrumb bar', () => {
  it('a device page reads All Locations, the location name, the device NAME, then the section', async () => {
    const meta = buildMeta({ outlets: buildOutlets(8) });
    stubDeviceApi({
      meta,
      status: { [meta.devId]: buildStatus([true]) },
      extra: { settings: { body: buildLocationSettings() }, visitSite: { body: { siteId: SITE } } },
    });
    renderRoute(controlsPath(meta));
    const nav = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    await within(nav).findByText('Rack M4315');
    await within(nav).findByText('Harbor View Lobby');
    expect(await crumbs(4)).toEqual([
      ['All Locations', '/locations/list'],
      ['Harbor View Lobby', `/locations/${SITE}`],
      ['Rack M4315', `/locations/${SITE}/devices/${meta.devId}/m4315/controls`],
      ['Device Controls', null],
    ]);
    expect(within(nav).queryByText(meta.devId)).not.toBeInTheDocument();
  });

  it('a location tab reads All Locations, the location name, then the tab', async () => {
    stubDeviceApi({
      meta: buildMeta(),
      extra: {
        settings: { body: buildLocationSettings() },
        visitSite: { body: { siteId: SITE } },
        devList: { body: { records: [], totalRecords: 0 } },
      },
    });
    renderRoute(`/locations/${SITE}/outlets`);
    const nav = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    await within(nav).findByText('Harbor View Lobby');
    expect(await crumbs(3)).toEqual([
      ['All Locations', '/locations/list'],
      ['Harbor View Lobby', `/locations/${SITE}`],
      ['All Outlets', null],
    ]);
  });

  it('a group page names the group, not "Group"', async () => {
    stubApi({
      public: { body: publicConfig },
      session: { body: { user: signedInUser } },
      getGroupDetailsById: {
        body: {
          id: 'g1',
          groupName: 'North depots',
          createdBy: signedInUser.userId,
          canEdit: true,
          locations: [],
          users: [],
        },
      },
    });
    renderRoute('/admin/groups/g1');
    const nav = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    await within(nav).findByText('North depots');
    expect(await crumbs(2)).toEqual([
      ['Administration', '/admin'],
      ['North depots', null],
    ]);
  });

  it('a location the user may not see shows its id behind the No Permission dialog, not "Location"', async () => {
    stubDeviceApi({
      meta: buildMeta(),
      extra: {
        settings: {
          status: 403,
          body: { error: "You don't have permission to access this location." },
        },
        visitSite: { status: 403, body: { error: 'x' } },
        devList: { status: 403, body: { error: 'x' } },
      },
    });
    // a uuid is shortened to fit a tablet's bar
    renderRoute('/locations/0a1b2c3d-0000-4000-8000-000000000001/devices');
    const nav = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    await within(nav).findByText('No access: 0a1b2c3d…', {}, { timeout: 15_000 });
    expect(await screen.findByRole('dialog', { name: 'No Permission' })).toBeInTheDocument();
    expect(within(nav).queryByText('Location')).not.toBeInTheDocument();
    expect(within(nav).queryByText('Harbor View Lobby')).not.toBeInTheDocument();
  });

  it('a device the user may not see shows its id, not "Device"', async () => {
    const meta = buildMeta();
    stubDeviceApi({
      meta,
      extra: {
        settings: { body: buildLocationSettings() },
        visitSite: { body: { siteId: SITE } },
        meta: { status: 404, body: { error: 'Device not found.' } },
      },
    });
    renderRoute(controlsPath(meta));
    const nav = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    await within(nav).findByText(`No access: ${meta.devId}`, {}, { timeout: 15_000 });
    expect(within(nav).queryByText('Device')).not.toBeInTheDocument();
  });
});
