import type { DeviceList, DeviceMuted, DeviceWatched, PermLvl, SitesPage } from '@powerdeck/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { publicConfig, renderRoute, signedInUser, stubApi, urlOf } from '../../../test/render';

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
      'watchManagement:deleteDevice': {
        body: { devId: 'AA01', watched: false } satisfies DeviceWatched,
      },
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

  function renderAs(permLvl: PermLvl) {
    const fetchMock = stubApi({
      public: { body: publicConfig },
      session: { body: { user: signedInUser } },
      getWatchedSitesData: {
        body: { ...sites, records: sites.records.map((r) => ({ ...r, permLvl })) },
      },
      getWatchedDevices: { body: devices },
      getDeviceCount: { body: { total: 1, active: 1, inActive: 0 } },
      getUserSitesData: {
        body: { records: [{ siteId: 's1', name: 'Harbor View Lobby', permLvl }] },
      },
      muteDevice: { body: { devId: 'AA01', muted: true } satisfies DeviceMuted },
    });
    renderRoute('/watchlist');
    const muteCalls = () =>
      fetchMock.mock.calls.filter(([input]) => urlOf(input).includes('svc=muteDevice'));
    return { muteCalls };
  }

  /** The bell of the watched device (the last of the page: location cards come first). */
  async function deviceBell() {
    await screen.findByRole('link', { name: 'Lobby Rack' }, FIRST_RENDER);
    const bells = await screen.findAllByRole('button', { name: 'Mute Notifications' });
    return bells[bells.length - 1] as HTMLElement;
  }

  it.each<PermLvl>(['CLIENT', 'INSTALLER'])(
    "ignores a watched device's mute click for %s: no request, no toast",
    async (permLvl) => {
      const { muteCalls } = renderAs(permLvl);
      const bell = await deviceBell();
      await waitFor(() => expect(bell).toHaveAttribute('aria-disabled', 'true'));
      await userEvent.click(bell);
      expect(muteCalls()).toHaveLength(0);
      expect(screen.queryByText('Notifications can not be muted')).not.toBeInTheDocument();
      expect(screen.queryByText('Notifications muted successfully')).not.toBeInTheDocument();
    },
  );

  it('mutes a watched device for an owner', async () => {
    const { muteCalls } = renderAs('owner');
    const bell = await deviceBell();
    await waitFor(() => expect(bell).toHaveAttribute('aria-disabled', 'false'));
    await userEvent.click(bell);
    expect(await screen.findByText('Notifications muted successfully')).toBeInTheDocument();
    expect(muteCalls()).toHaveLength(1);
  });
});
