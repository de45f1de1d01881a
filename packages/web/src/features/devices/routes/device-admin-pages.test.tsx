import type { DeviceListItem } from '@powerdeck/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute, signedInUser } from '../../../test/render';
import {
  buildKid,
  buildMeta,
  buildOutlets,
  buildStatus,
  SITE,
  stubDeviceApi,
} from '../../../test/devices';
import { deviceTree, LocationDevicesPage } from './location-devices-page';

function item(overrides: Partial<DeviceListItem>): DeviceListItem {
  return {
    siteId: SITE,
    devId: 'AA01',
    devClass: 'cv2',
    devName: 'Card',
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

describe('View Status', () => {
  it('shows the kf1500 family table of a card attached device, power status with 2 decimals', async () => {
    const kid = buildKid();
    const meta = buildMeta({ devClass: 'cv2', outlets: [], kids: [kid] });
    stubDeviceApi({
      meta,
      status: {
        [kid.devId]: buildStatus([true, false, true, true], {
          voltage_out: 119.96,
          pwr_fact: 0.9,
          pwr_va: 150,
          pwr_cond: 4,
          battlevel: 0.5,
        }),
      },
    });
    renderRoute(`/locations/${SITE}/devices/${meta.devId}/cv2/admin/status`);
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'Device',
      'Last Refreshed',
      'Voltage',
      'Voltage Out',
      'Amperage',
      'Wattage',
      'Power Factor',
      'Power VA',
      'Power Condition',
      'Battery',
      'Outlet 1',
      'Outlet 2',
      'Outlet 3',
      'Outlet 4',
    ]);
    expect(await within(table).findByText('120.4')).toBeInTheDocument();
    expect(within(table).getByText('1.23')).toBeInTheDocument();
    expect(within(table).getByText('148.26')).toBeInTheDocument();
    expect(within(table).getByText('0.90')).toBeInTheDocument();
    expect(within(table).getByText('Power Lost')).toBeInTheDocument();
    expect(within(table).getByText('50%')).toBeInTheDocument();
  });

  it('shows the km4315 family columns', async () => {
    const meta = buildMeta({ outlets: buildOutlets(8) });
    stubDeviceApi({
      meta,
      status: { [meta.devId]: buildStatus(Array.from({ length: 8 }, () => true)) },
    });
    renderRoute(`/locations/${SITE}/devices/${meta.devId}/m4315/admin/status`);
    const table = await screen.findByRole('table');
    for (const label of [
      'AVM Fault',
      'Wire Fault',
      'Flash Use',
      'Flash Fail',
      'Sequence State',
      'Temperature',
      'Trigger',
      'Breaker Fault',
      'Outlet 8',
    ]) {
      expect(within(table).getByRole('columnheader', { name: label })).toBeInTheDocument();
    }
  });
});

describe('Device Admin', () => {
  it('CLIENT sees the 3 general links', async () => {
    const meta = buildMeta({ permLvl: 'CLIENT' });
    stubDeviceApi({ meta });
    renderRoute(`/locations/${SITE}/devices/${meta.devId}/m4315/admin`);
    await screen.findByRole('link', { name: 'Settings' });
    const links = screen
      .getAllByRole('link')
      .filter((a) => a.getAttribute('href')?.includes('/admin/'));
    expect(links.map((a) => a.textContent)).toEqual(['Settings', 'View Status', 'View Events']);
  });

  it('an owner sees 2 more and SUPPORT sees Discover Units too', async () => {
    const meta = buildMeta();
    stubDeviceApi({ meta, user: { ...signedInUser, tier: 'SUPPORT' } });
    renderRoute(`/locations/${SITE}/devices/${meta.devId}/m4315/admin`);
    expect(await screen.findByRole('link', { name: 'Delete Device' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage Firmware' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Discover Units' })).toBeInTheDocument();
  });
});

describe('All Devices tab', () => {
  it('nests kids under their parent; a kid opens its parent', () => {
    const rows = deviceTree([
      item({ devId: 'K1', devClass: 'kf1500', devName: 'UPS', parentDevId: 'P1' }),
      item({ devId: 'P1', devName: 'Card', kids: 1 }),
      item({ devId: 'A0', devClass: 'm4315', devName: 'Amp rack' }),
    ]);
    expect(rows.map((r) => [r.device.devId, r.opens.devId, r.depth])).toEqual([
      ['A0', 'A0', 0],
      ['P1', 'P1', 0],
      ['K1', 'P1', 1],
    ]);
  });

  it('lists the devices with status and links to their controls', async () => {
    const meta = buildMeta();
    stubDeviceApi({
      meta,
      extra: {
        getDevices: {
          body: {
            records: [
              item({ devId: 'P1', devName: 'Card', kids: 1 }),
              item({
                devId: 'K1',
                devClass: 'kf1500',
                devName: 'UPS',
                parentDevId: 'P1',
                connected: false,
              }),
            ],
            totalRecords: 2,
          },
        },
      },
    });
    // The tab alone: the location layout around it belongs to the locations feature.
    renderRoute(`/locations/${SITE}/devices`, [
      { path: '/locations/:locationId/devices', element: <LocationDevicesPage /> },
    ]);
    expect(await screen.findByRole('link', { name: 'UPS' })).toHaveAttribute(
      'href',
      `/locations/${SITE}/devices/P1/cv2/controls`,
    );
    const ups = screen.getByRole('link', { name: 'UPS' }).closest('tr');
    expect(ups?.textContent).toContain('Inactive');
    expect(screen.getByText('CV2 network card')).toBeInTheDocument();
  });
});
