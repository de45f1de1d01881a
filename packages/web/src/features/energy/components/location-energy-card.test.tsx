import type { DeviceListItem, LocationEnergy, LocationSettingsView } from '@powerdeck/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { publicConfig, renderRoute, signedInUser, stubApi } from '../../../test/render';
import { buildLocationEnergy, buildMonth, buildSettings, SITE } from '../test/builders';

function device(overrides: Partial<DeviceListItem> = {}): DeviceListItem {
  return {
    siteId: SITE,
    devId: 'AA0000000001',
    devClass: 'm4315',
    devName: 'Rack M4315',
    fwVer: null,
    parentDevId: null,
    connected: true,
    kids: 0,
    watched: false,
    muted: false,
    lastContact: 1_700_000_000,
    ...overrides,
  };
}

function openAllDevices({
  energy = buildLocationEnergy(),
  settings = buildSettings(),
}: { energy?: LocationEnergy; settings?: LocationSettingsView } = {}) {
  stubApi({
    public: { body: publicConfig },
    session: { body: { user: signedInUser } },
    settings: { body: settings },
    visitSite: { body: { siteId: SITE } },
    enumerate: { body: { records: [], unread: 0 } },
    getDevices: { body: { records: [device()], totalRecords: 1 } },
    getLocationEnergy: { body: energy },
  });
  renderRoute(`/locations/${SITE}/devices`);
}

describe('Location energy card', () => {
  it('shows the month to date, the forecast against the budget and the top consumers', async () => {
    openAllDevices();
    const card = await screen.findByRole('region', { name: 'Energy this month' });
    expect(await within(card).findByRole('group', { name: 'Nov 2026 to date' })).toHaveTextContent(
      '842.0 kWh$126.30',
    );
    expect(within(card).getByRole('group', { name: 'Forecast for the month' })).toHaveTextContent(
      '2,526 kWh$378.90',
    );
    expect(within(card).getByTestId('budget-forecast')).toHaveTextContent(
      'Forecast $378.90 of the monthly budget $350.00 (108 %): over budget',
    );
    const top = within(card).getByRole('table', { name: 'Top consumers' });
    expect(within(top).getByRole('link', { name: 'Lobby UPS' })).toHaveAttribute(
      'href',
      `/locations/${SITE}/devices/BB0000000002/f1500/usage`,
    );
    expect(
      within(top)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([expect.stringContaining('Rack M4315'), expect.stringContaining('Lobby UPS')]);
  });

  it('shows kWh only without rates, saying so with a link to Location Settings', async () => {
    openAllDevices({
      energy: buildLocationEnergy({
        ratesSet: false,
        month: buildMonth({ costToDate: null, forecastCost: null, budget: null }),
        topConsumers: [
          { devId: 'AA0000000001', devClass: 'm4315', devName: 'Rack M4315', kwh: 80, cost: null },
        ],
      }),
    });
    const card = await screen.findByRole('region', { name: 'Energy this month' });
    expect(await within(card).findByText(/Energy rates are not set/)).toBeInTheDocument();
    expect(
      within(card).getByRole('link', { name: 'Set them in Location Settings' }),
    ).toHaveAttribute('href', `/locations/${SITE}/settings`);
    expect(within(card).getByRole('group', { name: 'Nov 2026 to date' })).toHaveTextContent(
      /^Nov 2026 to date120\.5 kWh$/,
    );
    expect(within(card).queryByText(/\$/)).toBeNull();
    expect(within(card).queryByTestId('budget-forecast')).toBeNull();
  });
});

describe('Device view preference (spec §3 devViewPref)', () => {
  it('opens a device from All Devices at its controls by default', async () => {
    openAllDevices();
    // the location's settings are in: its name heads the page
    await screen.findByRole('heading', { name: 'Harbor View Lobby' });
    expect(await screen.findByRole('link', { name: 'Rack M4315' })).toHaveAttribute(
      'href',
      `/locations/${SITE}/devices/AA0000000001/m4315/controls`,
    );
  });

  it('opens a device from All Devices at its Energy Usage under energy management', async () => {
    openAllDevices({ settings: buildSettings('energy_management') });
    await screen.findByRole('heading', { name: 'Harbor View Lobby' });
    const table = await screen.findByRole('table', { name: 'All Devices' });
    expect(await within(table).findByRole('link', { name: 'Rack M4315' })).toHaveAttribute(
      'href',
      `/locations/${SITE}/devices/AA0000000001/m4315/usage`,
    );
  });
});
