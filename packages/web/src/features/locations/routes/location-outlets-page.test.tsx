import {
  networkMessages,
  type DeviceContact,
  type DeviceListItem,
  type DeviceStatusView,
  type LocationSettingsView,
} from '@powerdeck/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
// The device screens' builders also give these whole-console tests room on a busy machine.
import {
  buildMeta,
  buildOutlets,
  buildStatus,
  connectedContact,
  eventQueue,
  nowSec,
  staleContact,
} from '../../../test/devices';
import { buildLocationSettings } from '../../../test/locations';
import {
  publicConfig,
  renderRoute,
  signedInUser,
  stubApi,
  urlOf,
  type FakeResponse,
} from '../../../test/render';

const SITE = 's1';
const RACK = 'AA0000000001';
const CARD = 'CC0000000003';
const UPS = 'BB0000000002';

function buildDevice(overrides: Partial<DeviceListItem> = {}): DeviceListItem {
  return {
    siteId: SITE,
    devId: RACK,
    devClass: 'm4315',
    devName: 'Rack M4315',
    fwVer: '2.0.0',
    parentDevId: null,
    connected: true,
    kids: 0,
    watched: false,
    muted: false,
    lastContact: nowSec(),
    outlets: buildOutlets(8, [{}, { name1: 'Router' }, { name1: 'Camera', locked: true }]),
    ...overrides,
  };
}

/** A cv2 card carrying a banked kf1500 UPS. */
const cardWithUps = (): DeviceListItem[] => [
  buildDevice({ devId: CARD, devClass: 'cv2', devName: 'Card CV2', kids: 1, outlets: [] }),
  buildDevice({
    devId: UPS,
    devClass: 'kf1500',
    devName: 'UPS on card',
    parentDevId: CARD,
    outlets: buildOutlets(4, [{ name1: 'Bank A', name2: 'Switch', name3: 'Modem' }]),
  }),
];

function open(
  options: {
    devices?: DeviceListItem[];
    settings?: Partial<Omit<LocationSettingsView, 'general'>>;
    status?: Record<string, DeviceStatusView>;
    contact?: Record<string, DeviceContact>;
    extra?: Record<string, FakeResponse | ((url: URL) => FakeResponse)>;
  } = {},
) {
  const events = eventQueue();
  const devIdOf = (url: URL) => url.searchParams.get('devId') ?? '';
  const on8 = buildStatus(Array.from({ length: 8 }, () => true));
  const fetchMock = stubApi({
    public: { body: publicConfig },
    session: { body: { user: signedInUser } },
    settings: { body: buildLocationSettings({}, { siteId: SITE, ...options.settings }) },
    visitSite: { body: { siteId: SITE } },
    devList: { body: { records: options.devices ?? [buildDevice()], totalRecords: 1 } },
    status: (url) => ({
      body: {
        devId: devIdOf(url),
        devClass: 'm4315',
        status: options.status?.[devIdOf(url)] ?? on8,
      },
    }),
    contact: (url) => ({
      body: { devId: devIdOf(url), ...(options.contact?.[devIdOf(url)] ?? connectedContact()) },
    }),
    'eventPuller:': () => events.answer(),
    ...options.extra,
  });
  renderRoute(`/locations/${SITE}/outlets`);
  const posts = (svc: string) =>
    fetchMock.mock.calls.filter(([input]) => urlOf(input).includes(`svc=${svc}`));
  return { events, fetchMock, posts };
}

const row = (devId: string, otlt: number) => screen.findByTestId(`outlet-${devId}-${otlt}`);
const outletSwitch = async (devId: string, otlt: number) =>
  within(await row(devId, otlt)).getByRole('switch', { name: `Outlet ${otlt} power` });

describe('All Outlets tab', () => {
  it('lists every outlet of the location with its device and labels, kids under their parent', async () => {
    open({ devices: [buildDevice(), ...cardWithUps()] });
    const rack = await screen.findByRole('region', { name: 'Rack M4315' });
    expect(within(rack).getByRole('link', { name: 'Rack M4315' })).toHaveAttribute(
      'href',
      `/locations/${SITE}/devices/${RACK}/m4315/controls`,
    );
    expect(within(rack).getAllByRole('listitem')).toHaveLength(8);
    expect(within(await row(RACK, 2)).getByText('Router')).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Card CV2' });
    expect(within(card).getByText('UPS on card')).toBeInTheDocument();
    const bank = await row(UPS, 1);
    expect(within(bank).getByText('Bank A')).toBeInTheDocument();
    expect(within(bank).getByText('Modem')).toBeInTheDocument();
    await waitFor(async () => expect(await outletSwitch(RACK, 1)).toBeChecked());
  });

  it('switches an outlet: sent and in progress, further clicks ignored, then done live', async () => {
    const { events, posts } = open({
      extra: { setoutletstate: { body: { cmdId: 'c1', state: 'sent' } } },
    });
    const toggle = await outletSwitch(RACK, 2);
    await waitFor(() => expect(toggle).toBeChecked());
    await userEvent.click(toggle);
    const outlet = await row(RACK, 2);
    expect(await within(outlet).findByText('Switch: sent')).toBeInTheDocument();
    expect(within(outlet).getByText('In progress')).toBeInTheDocument();
    await userEvent.click(toggle);
    expect(posts('setoutletstate')).toHaveLength(1);
    const [url, init] = posts('setoutletstate')[0] ?? [];
    expect(url && urlOf(url)).toContain('/data-svc/m4315.deviceControls/data-svc.php');
    expect(init?.body).toContain(`devId=${RACK}`);
    expect(init?.body).toContain('otlt=2&state=0');

    const off = Array.from({ length: 8 }, (_, i) => i !== 1);
    events.push({ type: 'status', devId: RACK, status: buildStatus(off, { time: nowSec() + 1 }) });
    events.push({
      type: 'command',
      devId: RACK,
      cmdId: 'c1',
      svc: 'setOutlet',
      otlt: 2,
      state: 'done',
    });
    expect(
      await within(outlet).findByText('Switch: done', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(within(outlet).queryByText('In progress')).not.toBeInTheDocument();
  });

  it('asks before switching off an outlet that feeds the network, with the panel’s guard', async () => {
    let asked = false;
    const { posts } = open({
      extra: {
        setoutletstate: () => {
          if (asked) return { body: { cmdId: 'c9', state: 'sent' } };
          asked = true;
          return { status: 409, body: { error: networkMessages.needsConfirmation } };
        },
      },
    });
    const toggle = await outletSwitch(RACK, 2);
    await waitFor(() => expect(toggle).toBeChecked());
    await userEvent.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: networkMessages.confirmTitle });
    expect(dialog).toHaveTextContent(networkMessages.cutOff);
    await userEvent.click(within(dialog).getByRole('button', { name: networkMessages.confirmOff }));
    await waitFor(() => expect(posts('setoutletstate')).toHaveLength(2));
    expect(posts('setoutletstate')[1]?.[1]?.body).toContain('otlt=2&state=0&confirmed=true');
    expect(await within(await row(RACK, 2)).findByText('Switch: sent')).toBeInTheDocument();
  });

  it("cycles a kid's outlet through its parent and shows a failure with its reason", async () => {
    const { events, posts } = open({
      devices: cardWithUps(),
      extra: { cycleoutlet: { body: { cmdId: 'k1', state: 'sent' } } },
    });
    const outlet = await row(UPS, 3);
    const cycle = within(outlet).getByRole('button', { name: 'Cycle outlet 3' });
    await waitFor(() => expect(cycle).toBeEnabled());
    await userEvent.click(cycle);
    expect(await within(outlet).findByText('Cycle: sent')).toBeInTheDocument();
    await userEvent.click(cycle);
    expect(posts('cycleoutlet')).toHaveLength(1);
    const [url, init] = posts('cycleoutlet')[0] ?? [];
    expect(url && urlOf(url)).toContain('/data-svc/cv2.deviceControls/data-svc.php');
    expect(init?.body).toContain(`devId=${UPS}&kidClass=kf1500&parentDevId=${CARD}`);
    events.push({
      type: 'command',
      devId: CARD,
      kidId: UPS,
      cmdId: 'k1',
      svc: 'cycleOutlet',
      otlt: 3,
      state: 'failed',
      error: 'busy',
    });
    expect(
      await within(outlet).findByText('Cycle: failed (busy)', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('failed to execute command.')).toBeInTheDocument();
  });

  it('a locked outlet refuses a toggle but still cycles', async () => {
    const { posts } = open();
    const locked = await outletSwitch(RACK, 3);
    await waitFor(() => expect(locked).toBeChecked());
    expect(locked).toBeDisabled();
    expect(within(await row(RACK, 3)).getByRole('img', { name: 'Locked' })).toBeInTheDocument();
    await userEvent.click(locked);
    expect(posts('setoutletstate')).toHaveLength(0);
    expect(
      within(await row(RACK, 3)).getByRole('button', { name: 'Cycle outlet 3' }),
    ).toBeEnabled();
    expect(await outletSwitch(RACK, 4)).toBeEnabled();
  });

  it('a locked location refuses every toggle and says why', async () => {
    const { posts } = open({ settings: { otltLock: true } });
    expect(
      await screen.findByText(
        'Outlets at this location are locked: they can be cycled but not switched.',
      ),
    ).toBeInTheDocument();
    for (const otlt of [1, 2, 4, 8]) expect(await outletSwitch(RACK, otlt)).toBeDisabled();
    await userEvent.click(await outletSwitch(RACK, 1));
    expect(posts('setoutletstate')).toHaveLength(0);
    expect(
      within(await row(RACK, 1)).getByRole('button', { name: 'Cycle outlet 1' }),
    ).toBeEnabled();
  });

  it('an inactive device shows its outlets off with switch and cycle disabled', async () => {
    open({ contact: { [RACK]: staleContact() } });
    const region = await screen.findByRole('region', { name: 'Rack M4315' });
    expect(await within(region).findByText('Disconnected')).toBeInTheDocument();
    expect(await outletSwitch(RACK, 1)).not.toBeChecked();
    expect(await outletSwitch(RACK, 1)).toBeDisabled();
    expect(
      within(await row(RACK, 1)).getByRole('button', { name: 'Cycle outlet 1' }),
    ).toBeDisabled();
  });

  it('CLIENT may switch outlets but gets Edit Outlets disabled, no Add a Device and no Notes', async () => {
    const { posts } = open({
      settings: { permLvl: 'CLIENT' },
      extra: { setoutletstate: { body: { cmdId: 'c2', state: 'sent' } } },
    });
    const toggle = await outletSwitch(RACK, 4);
    await waitFor(() => expect(toggle).toBeChecked());
    await userEvent.click(toggle);
    await waitFor(() => expect(posts('setoutletstate')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Location menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Add a Device' })).toBeDisabled();
    expect(screen.queryByRole('menuitem', { name: 'Notes' })).not.toBeInTheDocument();
  });

  it("edits a device's outlets from the tab with the panel's form, then reads the list again", async () => {
    let label = 'Router';
    const { fetchMock } = open({
      extra: {
        meta: { body: buildMeta({ siteId: SITE, outlets: buildOutlets(8) }) },
        updateOutlets: () => {
          label = 'Core Router';
          return { body: { ok: true } };
        },
        devList: () => ({
          body: {
            records: [buildDevice({ outlets: buildOutlets(8, [{}, { name1: label }]) })],
            totalRecords: 1,
          },
        }),
      },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit Outlets of Rack M4315' }),
    );
    const field = await screen.findByLabelText('Outlet 2 label 1');
    await userEvent.clear(field);
    await userEvent.type(field, 'Core Router');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.queryByLabelText('Outlet 2 label 1')).not.toBeInTheDocument(),
    );
    const call = fetchMock.mock.calls.find(([u]) => urlOf(u).includes('svc=updateOutlets'));
    expect(JSON.parse(call?.[1]?.body as string)).toMatchObject({ siteId: SITE, devId: RACK });
    expect(await within(await row(RACK, 2)).findByText('Core Router')).toBeInTheDocument();
  });

  it('highlights the outlets whose label matches the typed text', async () => {
    open({ devices: [buildDevice(), ...cardWithUps()] });
    await userEvent.type(await screen.findByLabelText('Find an outlet label'), 'rout');
    expect(await row(RACK, 2)).toHaveAttribute('data-highlighted', 'true');
    expect(await row(RACK, 1)).not.toHaveAttribute('data-highlighted');
    expect(await row(UPS, 1)).not.toHaveAttribute('data-highlighted');
    await userEvent.clear(screen.getByLabelText('Find an outlet label'));
    await userEvent.type(screen.getByLabelText('Find an outlet label'), 'modem');
    expect(await row(UPS, 1)).toHaveAttribute('data-highlighted', 'true');
  });
});
