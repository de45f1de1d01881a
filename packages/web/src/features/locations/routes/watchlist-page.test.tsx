import type { DeviceList, SitesPage } from '@powerdeck/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { publicConfig, renderRoute, signedInUser, stubApi } from '../../../test/render';

/** The first render loads the lazy route chunk, slow when the machine is busy. */
const FIRST_RENDER = { timeout: 15_000 };

const sites: SitesPage = {
  records: [
    {
      siteId: 's1',
      name: 'Harbor View Lobby',
      client: 'Harbor',
      clientId: 'c1',
      permLvl: 'owner',
      otltLock: false,
      watched: true,
      muted: false,
      primeContact: null,
      primeContactDetails: null,
    },
  ],
  totalRecords: 1,
  pageNo: 1,
  recordsPerPage: 1,
};

const devices: DeviceList = {
  records: [
    {
      siteId: 's1',
      devId: 'AA01',
      devClass: 'm4315',
      devName: 'Lobby Rack',
      fwVer: null,
      parentDevId: null,
      connected: true,
      kids: 0,
      watched: true,
      muted: false,
      lastContact: null,
    },
  ],
  totalRecords: 1,
};

describe('WatchlistPage', () => {
  it('lists watched locations and devices, and unwatches a device', async () => {
    stubApi({
      public: { body: publicConfig },
      session: { body: { user: signedInUser } },
      getWatchedSitesData: { body: sites },
      getWatchedDevices: { body: devices },
      getDeviceCount: { body: { total: 1, active: 1, inActive: 0 } },
      'watchManagement:deleteDevice': { body: { ok: true } },
    });
    renderRoute('/watchlist');
    expect(
      await screen.findByRole('link', { name: 'Harbor View Lobby' }, FIRST_RENDER),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Lobby Rack' })).toHaveAttribute(
      'href',
      '/locations/s1/devices/AA01/m4315/controls',
    );
    const rows = screen.getAllByRole('button', { name: 'Remove from Watchlist' });
    await userEvent.click(rows[rows.length - 1] as HTMLElement);
    expect(await screen.findByText('Device removed from Watchlist')).toBeInTheDocument();
  });
});
