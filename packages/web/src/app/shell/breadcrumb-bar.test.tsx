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
import { renderRoute } from '../../test/render';

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
});
