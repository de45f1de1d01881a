import {
  type CommandResult,
  type DeviceSettings,
  type DeviceSettingsRead,
  factorySettings,
  getDeviceSpec,
} from '@powerdeck/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildKid, buildMeta, buildOutlets, SITE, stubDeviceApi } from '../../../test/devices';
import { renderRoute, urlOf } from '../../../test/render';

const CMD = '6f9b2a5e-1c1d-4c1e-9a55-0c8f3f0a7b11';

function reading(
  devClass: 'vt4315' | 'cv2' | 'kf1500',
  overrides: Partial<DeviceSettingsRead> = {},
  settings: DeviceSettings = {},
): DeviceSettingsRead {
  return {
    devId: 'AA0000000001',
    devClass,
    fwVer: '2.4.1',
    source: 'device',
    reportedAt: 1_700_000_000,
    connected: true,
    settings: { ...factorySettings(getDeviceSpec(devClass)), name: 'Amp rack', ...settings },
    ...overrides,
  };
}

/** A vt4315 whose settings read answers `read`, whose commands stand as `command()` says. */
function setUp(options: {
  read?: DeviceSettingsRead | { status: number; body: unknown };
  permLvl?: 'CLIENT' | 'owner';
  command?: () => CommandResult;
}) {
  const meta = buildMeta({
    devClass: 'vt4315',
    devName: 'Amp rack',
    outlets: buildOutlets(8),
    permLvl: options.permLvl ?? 'owner',
  });
  const read = options.read ?? reading('vt4315');
  const api = stubDeviceApi({
    meta,
    extra: {
      getDeviceSettings: 'status' in read ? read : { body: read },
      saveDeviceSettings: { body: { cmdId: CMD, state: 'sent' } },
      command: () => ({ body: options.command?.() ?? { cmdId: CMD, state: 'sent' } }),
    },
  });
  renderRoute(`/locations/${SITE}/devices/${meta.devId}/vt4315/admin/settings`);
  const saved = () =>
    api.fetchMock.mock.calls
      .filter(([input]) => urlOf(input).includes('svc=saveDeviceSettings'))
      .map(([, init]) => JSON.parse(init?.body as string) as { settings: DeviceSettings });
  return { ...api, saved };
}

describe('device Settings page', () => {
  it('shows the sections of the class, read from the device, with Save off until a change', async () => {
    setUp({});
    const card = await screen.findByRole('region', { name: 'Amp rack settings' });
    expect(await within(card).findByText('From the device')).toBeInTheDocument();
    for (const title of [
      'General',
      'Event subscriptions',
      'DC Trigger',
      'Cycle group',
      'Power-on state after power loss',
      'Clock',
    ]) {
      expect(within(card).getByRole('heading', { name: title })).toBeInTheDocument();
    }
    const steps = within(card).getByRole('list', { name: 'DC Trigger order' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(8);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.clear(screen.getByLabelText('Auto status update interval'));
    await userEvent.type(screen.getByLabelText('Auto status update interval'), '90');
    expect(await screen.findByText('Maximum value allowed is 60')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.clear(screen.getByLabelText('Auto status update interval'));
    await userEvent.type(screen.getByLabelText('Auto status update interval'), '15');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
  });

  it('edits the sequence group and shows the save pending until the device confirms it', async () => {
    let answer: CommandResult = { cmdId: CMD, state: 'sent' };
    const { saved } = setUp({ command: () => answer });
    const steps = await screen.findByRole('list', { name: 'DC Trigger order' });
    await userEvent.click(within(steps).getByRole('button', { name: 'Move 3. Outlet 3 name up' }));
    for (const n of [8, 7, 6, 5]) {
      await userEvent.click(screen.getByRole('button', { name: `Remove ${n}. Outlet ${n} name` }));
    }
    const delay = screen.getByLabelText('Delay before 2. Outlet 2 name');
    await userEvent.clear(delay);
    await userEvent.type(delay, '3');
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.match(/\d\. Outlet \d name/)?.[0]),
    ).toEqual(['1. Outlet 1 name', '3. Outlet 3 name', '2. Outlet 2 name', '4. Outlet 4 name']);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Saving… waiting for the device to confirm.'),
    ).toBeInTheDocument();
    expect(saved()).toEqual([
      {
        siteId: SITE,
        devClass: 'vt4315',
        devId: 'AA0000000001',
        settings: {
          sequenceGroup: [
            { otlt: 1, delaySec: 0 },
            { otlt: 3, delaySec: 1 },
            { otlt: 2, delaySec: 3 },
            { otlt: 4, delaySec: 1 },
          ],
        },
      },
    ]);
    expect(screen.queryByText('Saved. The device confirmed the new settings.')).toBeNull();
    answer = { cmdId: CMD, state: 'done' };
    expect(
      await screen.findByText('Saved. The device confirmed the new settings.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('says why when the device does not take the change', async () => {
    setUp({
      command: () => ({
        cmdId: CMD,
        state: 'failed',
        error: 'invalid: ntpServer time.example.invalid does not answer',
      }),
    });
    const server = await screen.findByLabelText('NTP server');
    await userEvent.clear(server);
    await userEvent.type(server, 'time.example.invalid');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'The device refused the change (ntpServer time.example.invalid does not answer). Nothing was saved.',
      ),
    ).toBeInTheDocument();
  });

  it('asks for the NTP server only while the clock comes from NTP', async () => {
    setUp({});
    const server = await screen.findByLabelText('NTP server');
    await userEvent.clear(server);
    expect(await screen.findByText('Please enter the NTP server')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Console'));
    await waitFor(() => expect(screen.queryByLabelText('NTP server')).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
  });

  it('shows CLIENT everything read-only, without Save', async () => {
    setUp({ permLvl: 'CLIENT' });
    expect(
      await screen.findByText(
        'You can view these settings. Changing them needs a level other than CLIENT at this location.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByLabelText('Device name')).toBeDisabled();
    expect(screen.getByLabelText('Auto status update interval')).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Faults' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it("says 'Error fetching device settings' when the read fails, and tries again", async () => {
    const read = { status: 500, body: { error: 'Something went wrong. Please try again.' } };
    const api = setUp({ read });
    expect(await screen.findByText('Error fetching device settings')).toBeInTheDocument();
    api.fetchMock.mockClear();
    Object.assign(read, { status: 200, body: reading('vt4315') });
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('From the device')).toBeInTheDocument();
  });

  it('shows what an inactive device last reported, and does not offer to save', async () => {
    setUp({ read: reading('vt4315', { source: 'stored', connected: false }) });
    expect(await screen.findByText(/what it last reported/)).toHaveTextContent(
      'This device is currently inactive.',
    );
    expect(screen.getByLabelText('Device name')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('shows a card for the device attached to a network card, with its own settings', async () => {
    const kid = buildKid();
    const meta = buildMeta({ devClass: 'cv2', outlets: [], kids: [kid], devName: 'Card' });
    stubDeviceApi({
      meta,
      extra: {
        getDeviceSettings: (url) => ({
          body: url.searchParams.get('kidClass')
            ? { ...reading('kf1500'), devId: kid.devId }
            : reading('cv2'),
        }),
      },
    });
    renderRoute(`/locations/${SITE}/devices/${meta.devId}/cv2/admin/settings`);
    const card = await screen.findByRole('region', { name: 'Card settings' });
    const attached = await screen.findByRole('region', { name: 'UPS on card settings' });
    expect(await within(card).findByRole('heading', { name: 'Clock' })).toBeInTheDocument();
    expect(within(card).queryByRole('heading', { name: 'Cycle group' })).toBeNull();
    expect(
      await within(attached).findByRole('heading', { name: 'Cycle group' }),
    ).toBeInTheDocument();
    expect(within(attached).queryByRole('heading', { name: 'Clock' })).toBeNull();
    expect(within(attached).getByRole('checkbox', { name: 'Battery state' })).toBeChecked();
  });
});
