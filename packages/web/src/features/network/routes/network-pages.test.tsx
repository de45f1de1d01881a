import {
  pingMessages,
  validationMessages,
  type DevicePing,
  type LocationNetwork,
  type PermLvl,
} from '@powerdeck/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  publicConfig,
  renderRoute,
  signedInUser,
  stubApi,
  urlOf,
  type FakeResponse,
} from '../../../test/render';
import {
  buildGateway,
  buildNetwork,
  buildNetworkDevice,
  buildPing,
  buildSettings,
  buildTarget,
  RACK,
  SITE,
} from '../test/builders';

function openNetwork({
  network,
  permLvl = 'owner',
  extra = {},
}: {
  network: () => LocationNetwork;
  permLvl?: PermLvl;
  extra?: Record<string, FakeResponse | ((url: URL) => FakeResponse)>;
}) {
  const fetchMock = stubApi({
    public: { body: publicConfig },
    session: { body: { user: signedInUser } },
    settings: { body: buildSettings(permLvl) },
    visitSite: { body: { siteId: SITE } },
    getNetwork: () => ({ body: network() }),
    ...extra,
  });
  renderRoute(`/locations/${SITE}/network`);
  const calls = (svc: string) =>
    fetchMock.mock.calls.filter(([input]) => urlOf(input).includes(`svc=${svc}`));
  return { fetchMock, calls };
}

const rackWithTargets = (ping: Partial<DevicePing> = {}) =>
  buildNetworkDevice({
    ping: buildPing({
      targets: [
        buildTarget({ host: '8.8.8.8', state: 'pass', rebootsToday: 0 }),
        buildTarget({
          host: 'modem.local',
          window: 'Slow',
          state: 'fail',
          action: 'cycle',
          outlets: [{ devId: RACK, otlt: 1 }],
          rebootsToday: 2,
        }),
        buildTarget({ host: '10.0.0.1', state: 'unknown', lastReply: null }),
      ],
      ...ping,
    }),
  });

const region = (name: string) => screen.findByRole('region', { name });

describe('Network Management tab', () => {
  it('shows every device with its connection, IP, MAC, last contact and firmware, and a gateway with its wireless devices', async () => {
    openNetwork({ network: () => buildNetwork([buildNetworkDevice(), buildGateway()]) });
    const rack = await region('Rack M4315');
    expect(within(rack).getByText('Connected')).toBeInTheDocument();
    expect(within(rack).getByRole('group', { name: 'IP address' })).toHaveTextContent(
      '192.168.1.20',
    );
    expect(within(rack).getByRole('group', { name: 'MAC ID' })).toHaveTextContent(
      '10:65:A3:00:00:01',
    );
    expect(within(rack).getByRole('group', { name: 'Firmware' })).toHaveTextContent('2.0.0');
    // In the location's clock (GMT -8.00, no DST).
    await waitFor(() =>
      expect(within(rack).getByRole('group', { name: 'Last contact' })).toHaveTextContent(
        'Jul/04/2024 08:30:00 PM',
      ),
    );

    const gateway = await region('Lobby Gateway');
    expect(within(gateway).getByText('Inactive')).toBeInTheDocument();
    const wireless = within(gateway).getByRole('table', {
      name: 'Wireless devices of Lobby Gateway',
    });
    expect(within(wireless).getByText('Desk Plug')).toBeInTheDocument();
    expect(within(wireless).getByText('-62 dBm · Good')).toBeInTheDocument();
    expect(
      within(wireless).getByRole('progressbar', { name: 'Signal Good, -62 dBm' }),
    ).toBeVisible();
    expect(within(wireless).getByText('Jul/04/2024 08:30:00 PM')).toBeInTheDocument();
  });

  it('shows each ping target with its live state, last reply and reboots today, and reads again every two seconds', async () => {
    let network = buildNetwork([rackWithTargets()]);
    const { calls } = openNetwork({ network: () => network });
    const rack = await region('Rack M4315');
    const row = (n: number) => within(rack).getByTestId(`ping-${RACK}-${n}`);
    expect(within(row(1)).getByText('Pass')).toBeInTheDocument();
    expect(within(row(2)).getByText('Fail')).toBeInTheDocument();
    expect(within(row(2)).getByText('2')).toBeInTheDocument();
    expect(within(row(2)).getByText(/^Cycle Modem/)).toBeInTheDocument();
    expect(within(row(2)).getByText('Slow (60 min)')).toBeInTheDocument();
    expect(within(row(3)).getByText('Unknown')).toBeInTheDocument();
    expect(within(row(3)).getByText('Never')).toBeInTheDocument();
    await waitFor(() => expect(within(row(1)).getByText('Jul/04/2024 08:30:00 PM')).toBeVisible());

    const before = calls('getNetwork').length;
    network = buildNetwork([
      rackWithTargets({
        targets: [buildTarget({ host: '8.8.8.8', state: 'fail', rebootsToday: 1 })],
      }),
    ]);
    await waitFor(() => expect(within(row(1)).getByText('Fail')).toBeInTheDocument(), {
      timeout: 5000,
    });
    expect(calls('getNetwork').length).toBeGreaterThan(before);
  });

  it('lets CLIENT see everything but change nothing', async () => {
    openNetwork({
      permLvl: 'CLIENT',
      network: () =>
        buildNetwork(
          [rackWithTargets(), buildGateway()].map((d) =>
            d.devId === RACK
              ? {
                  ...d,
                  outlets: d.outlets.map((o) =>
                    o.otlt === 1 ? { ...o, feedsNetwork: true, source: 'device' as const } : o,
                  ),
                }
              : d,
          ),
          'CLIENT',
        ),
    });
    const rack = await region('Rack M4315');
    expect(within(rack).getByText('Fail')).toBeInTheDocument();
    expect(screen.getByText(/You can view them but not change them\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit ping targets' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(within(rack).getByLabelText('Modem feeds the network')).toHaveTextContent(
      'Feeds the network (device)',
    );
    expect(
      screen.queryByRole('button', { name: 'Join a wireless device' }),
    ).not.toBeInTheDocument();
  });

  it('says so when the location has no devices', async () => {
    openNetwork({ network: () => buildNetwork([]) });
    expect(await screen.findByText('No devices at this location yet.')).toBeInTheDocument();
  });

  it('the editor checks hosts and outlets with the spec’s rules before Save is possible', async () => {
    openNetwork({ network: () => buildNetwork([buildNetworkDevice()]) });
    const rack = await region('Rack M4315');
    await userEvent.click(within(rack).getByRole('button', { name: 'Edit ping targets' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ping targets of Rack M4315' });
    expect(within(dialog).getByText('No ping targets.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a target' }));
    const target = within(dialog).getByRole('group', { name: 'Target 1' });

    const host = within(target).getByRole('textbox', { name: /Host/ });
    await userEvent.type(host, '300.1.1.1');
    await userEvent.tab();
    expect(await within(target).findByText(pingMessages.host)).toBeInTheDocument();
    await userEvent.clear(host);
    await userEvent.type(host, '{{ip}');
    expect(await within(target).findByText(pingMessages.host)).toBeInTheDocument();
    await userEvent.clear(host);
    await userEvent.type(host, 'modem.local');
    await waitFor(() => expect(within(target).queryByText(pingMessages.host)).toBeNull());

    await userEvent.selectOptions(
      within(target).getByRole('combobox', { name: /When it fails/ }),
      'cycle',
    );
    await userEvent.click(within(target).getByRole('button', { name: 'Add an outlet' }));
    // Both rows start at the device's first outlet: the same outlet twice.
    expect(await within(target).findByText(validationMessages.duplicateOutlet)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.selectOptions(
      within(target).getByRole('combobox', { name: 'Outlet 2 to cycle' }),
      '2',
    );
    await waitFor(() =>
      expect(within(target).queryByText(validationMessages.duplicateOutlet)).toBeNull(),
    );

    const reboots = within(target).getByRole('spinbutton', { name: /Reboots in a row/ });
    await userEvent.clear(reboots);
    await userEvent.type(reboots, '11');
    await userEvent.tab();
    expect(await within(target).findByText(pingMessages.maxReboots)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.clear(reboots);
    await userEvent.type(reboots, '4');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled());
  });

  it('allows at most eight targets', async () => {
    const eight = Array.from({ length: 8 }, (_, i) => buildTarget({ host: `10.0.0.${i + 1}` }));
    openNetwork({
      network: () => buildNetwork([buildNetworkDevice({ ping: buildPing({ targets: eight }) })]),
    });
    const rack = await region('Rack M4315');
    await userEvent.click(within(rack).getByRole('button', { name: 'Edit ping targets' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ping targets of Rack M4315' });
    expect(within(dialog).getAllByRole('group', { name: /^Target \d$/ })).toHaveLength(8);
    expect(within(dialog).getByRole('button', { name: 'Add a target' })).toBeDisabled();
    expect(within(dialog).getByText('At most 8 ping targets')).toBeInTheDocument();
  });

  it('saves the targets and shows the device pending until it runs them', async () => {
    let applied = false;
    const saved = () =>
      buildPing({
        version: 2,
        appliedVersion: applied ? 2 : 1,
        pending: !applied,
        targets: [
          buildTarget({
            host: 'modem.local',
            window: 'Fast',
            action: 'cycle',
            outlets: [{ devId: RACK, otlt: 2 }],
            holdOffSec: 600,
            state: 'unknown',
            lastReply: null,
          }),
        ],
      });
    let current = buildNetwork([buildNetworkDevice()]);
    const { calls } = openNetwork({
      network: () => current,
      extra: { savePingTargets: () => ({ body: saved() }) },
    });
    const rack = await region('Rack M4315');
    await userEvent.click(within(rack).getByRole('button', { name: 'Edit ping targets' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ping targets of Rack M4315' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a target' }));
    const target = within(dialog).getByRole('group', { name: 'Target 1' });
    await userEvent.type(within(target).getByRole('textbox', { name: /Host/ }), 'modem.local');
    await userEvent.selectOptions(
      within(target).getByRole('combobox', { name: /Sample window/ }),
      'Fast',
    );
    await userEvent.selectOptions(
      within(target).getByRole('combobox', { name: /When it fails/ }),
      'cycle',
    );
    await userEvent.selectOptions(
      within(target).getByRole('combobox', { name: 'Outlet 1 to cycle' }),
      '2',
    );
    const holdOff = within(target).getByRole('spinbutton', { name: /Hold-off/ });
    await userEvent.clear(holdOff);
    await userEvent.type(holdOff, '600');
    // The page's refresh until the device has it answers the old configuration still.
    current = buildNetwork([buildNetworkDevice({ ping: saved() })]);
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [, init] = calls('savePingTargets')[0] ?? [];
    expect(init?.method).toBe('POST');
    expect(JSON.parse(init?.body as string)).toEqual({
      siteId: SITE,
      devId: RACK,
      targets: [
        {
          host: 'modem.local',
          window: 'Fast',
          action: 'cycle',
          outlets: [{ devId: RACK, otlt: 2 }],
          maxReboots: 3,
          holdOffSec: 600,
        },
      ],
    });
    expect(await within(rack).findByText('Pending')).toBeInTheDocument();
    expect(within(rack).getByText('modem.local')).toBeInTheDocument();

    applied = true;
    current = buildNetwork([buildNetworkDevice({ ping: saved() })]);
    await waitFor(() => expect(within(rack).queryByText('Pending')).toBeNull(), { timeout: 5000 });
  });

  it('marks an outlet as feeding the network, and says when the device reports it', async () => {
    const marked = buildNetworkDevice().outlets.map((o) =>
      o.otlt === 1 ? { ...o, feedsNetwork: true, source: 'device' as const } : o,
    );
    const { calls } = openNetwork({
      network: () => buildNetwork([buildNetworkDevice({ outlets: marked })]),
      extra: {
        setNetworkOutlet: {
          body: { ...marked[1], feedsNetwork: true, source: 'user' },
        },
      },
    });
    const rack = await region('Rack M4315');
    const modem = within(rack).getByRole('switch', { name: 'Modem feeds the network' });
    expect(modem).toBeChecked();
    expect(within(rack).getByText('Reported by the device (its uplink)')).toBeInTheDocument();
    const router = within(rack).getByRole('switch', { name: 'Router feeds the network' });
    expect(router).not.toBeChecked();
    await userEvent.click(router);
    await waitFor(() => expect(calls('setNetworkOutlet')).toHaveLength(1));
    const [url, init] = calls('setNetworkOutlet')[0] ?? [];
    expect(init?.method).toBe('POST');
    const sent = new URL(urlOf(url ?? ''), 'http://localhost').searchParams;
    const fields = new URLSearchParams((init?.body as string | undefined) ?? '');
    const field = (name: string) => sent.get(name) ?? fields.get(name);
    expect([field('devId'), field('otlt'), field('feedsNetwork')]).toEqual([RACK, '2', 'true']);
  });
});
