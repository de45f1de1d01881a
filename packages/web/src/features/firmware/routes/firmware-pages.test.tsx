import type {
  DeviceFirmware,
  DevicesFirmwareInfo,
  FirmwareBatch,
  FirmwareUpgrade,
  PermLvl,
} from '@powerdeck/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMeta, stubDeviceApi } from '../../../test/devices';
import { FakeEventSource } from '../../../test/fake-event-source';
import { buildLocationSettings } from '../../../test/locations';
import {
  publicConfig,
  renderRoute,
  signedInUser,
  stubApi,
  urlOf,
  type FakeResponse,
} from '../../../test/render';
import {
  buildDeviceFirmware,
  buildRow,
  buildUpgrade,
  RACK,
  SITE,
  upgradesOf,
} from '../test/builders';

const FIRMWARE_PATH = `/locations/${SITE}/devices/${RACK}/m4315/admin/firmware`;

/** The location's firmware stream, once the page has opened it. */
async function firmwareStream(): Promise<FakeEventSource> {
  let stream: FakeEventSource | undefined;
  await waitFor(() => {
    stream = FakeEventSource.opened.find((s) => s.url.includes('firmwarePusher.php') && !s.closed);
    expect(stream).toBeDefined();
  });
  return stream as FakeEventSource;
}

function push(stream: FakeEventSource, upgrade: FirmwareUpgrade) {
  act(() => stream.message({ type: 'upgrade', upgrade }));
}

/** The phases as the stepper lists them, with their state words. */
function phases(): string[] {
  const list = screen.getByRole('list', { name: 'Upgrade phases' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => (item.textContent ?? '').replace(/^\d/, ''));
}

/** Waits for the phases to read so (pushes reach the screen through the query cache). */
async function expectPhases(expected: string[], range: [number, number] = [0, 6]) {
  await waitFor(() => expect(phases().slice(...range)).toEqual(expected));
}

function calls(fetchMock: ReturnType<typeof stubApi>, svc: string) {
  return fetchMock.mock.calls.filter(([input]) => urlOf(input).includes(`svc=${svc}`));
}

function openManageFirmware({
  firmware,
  permLvl = 'owner',
  history = [],
  upgrade,
}: {
  firmware: () => DeviceFirmware;
  permLvl?: PermLvl;
  history?: FirmwareUpgrade[];
  upgrade?: () => FakeResponse;
}) {
  const { fetchMock } = stubDeviceApi({
    meta: buildMeta({ permLvl }),
    extra: {
      getDeviceFirmware: () => ({ body: firmware() }),
      getFirmwareUpgrades: { body: upgradesOf(history) },
      ...(upgrade && { upgradeDevice: upgrade }),
    },
  });
  renderRoute(FIRMWARE_PATH);
  return fetchMock;
}

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

describe('Manage Firmware', () => {
  it('shows the versions and the release notes of the newer images only', async () => {
    openManageFirmware({ firmware: () => buildDeviceFirmware({ fwVer: '2.4.1' }) });
    expect(await screen.findByRole('group', { name: 'Current version' })).toHaveTextContent(
      '2.4.1',
    );
    expect(screen.getByRole('group', { name: 'Latest available' })).toHaveTextContent('4.0.2');
    expect(screen.getByText('Firmware 4.0.2 is available.')).toBeInTheDocument();
    expect(screen.getByText(/Signed images/)).toBeInTheDocument();
    expect(screen.getByText(/Sequence groups with per-outlet/)).toBeInTheDocument();
    expect(screen.queryByText(/Named cycle groups/)).not.toBeInTheDocument();
    expect(screen.queryByText('First release.')).not.toBeInTheDocument();
    expect(await screen.findByText('No firmware upgrades of this device yet.')).toBeInTheDocument();
  });

  it('asks naming the device and versions, then shows the phases in order as they are pushed and the new version when done', async () => {
    let current = buildDeviceFirmware();
    const fetchMock = openManageFirmware({
      firmware: () => current,
      upgrade: () => ({ body: buildUpgrade('queued') }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Update Firmware' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Firmware' });
    expect(dialog).toHaveTextContent('Update the firmware of Rack M4315 from 2.0.0 to 4.0.2?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = calls(fetchMock, 'upgradeDevice')[0];
    expect(post?.[1]?.method).toBe('POST');
    const form = new URLSearchParams(post?.[1]?.body as string);
    expect(Object.fromEntries(form)).toEqual({ siteId: SITE, devId: RACK });

    expect(await screen.findByRole('heading', { name: 'Upgrade to 4.0.2' })).toBeInTheDocument();
    await expectPhases([
      'Queued (in progress)Waiting for its turn',
      'Downloading (not started)',
      'Verifying (not started)',
      'Installing (not started)',
      'Rebooting (not started)',
      'Done (not started)',
    ]);
    expect(screen.getByRole('button', { name: 'Update Firmware' })).toBeDisabled();
    expect(screen.getByText('An upgrade of this device is under way.')).toBeInTheDocument();

    const stream = await firmwareStream();
    push(stream, buildUpgrade('downloading'));
    await expectPhases(['Queued (completed)', 'Downloading (in progress)72 of 144 KB'], [0, 2]);
    expect(screen.getByRole('progressbar', { name: 'Upgrade progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    for (const phase of ['verifying', 'installing', 'rebooting'] as const) {
      push(stream, buildUpgrade(phase));
      const label = `${phase[0]?.toUpperCase()}${phase.slice(1)}`;
      await waitFor(() => expect(phases()).toContain(`${label} (in progress)`));
    }
    current = buildDeviceFirmware({
      fwVer: '4.0.2',
      updateAvailable: false,
      upgrade: buildUpgrade('done'),
    });
    const metaReads = calls(fetchMock, 'meta').length;
    push(stream, buildUpgrade('done'));
    expect(await screen.findByText('The device runs firmware 4.0.2.')).toBeInTheDocument();
    // The device's own read (its version rules the cycle group form) is made again too.
    await waitFor(() => expect(calls(fetchMock, 'meta').length).toBeGreaterThan(metaReads));
    expect(phases().every((p) => p.endsWith('(completed)'))).toBe(true);
    expect(screen.getByText('This device runs the latest firmware.')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Current version' })).toHaveTextContent('4.0.2');
    expect(screen.queryByRole('button', { name: 'Update Firmware' })).not.toBeInTheDocument();
  });

  it('shows where a failed upgrade stopped and its reason in the spec’s words', async () => {
    openManageFirmware({
      firmware: () => buildDeviceFirmware({ upgrade: buildUpgrade('verifying') }),
    });
    const stream = await firmwareStream();
    await screen.findByRole('list', { name: 'Upgrade phases' });
    push(stream, buildUpgrade('failed', { failedIn: 'verifying', reason: 'mismatchedImage' }));
    await expectPhases(
      ['Downloading (completed)', 'Verifying (failed)', 'Installing (not started)'],
      [1, 4],
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Upgrade failed');
    expect(alert).toHaveTextContent('Mismatched image');
    expect(screen.getByRole('button', { name: 'Update Firmware' })).toBeEnabled();
  });

  it('lists the device’s past upgrades with how each ended', async () => {
    openManageFirmware({
      firmware: () => buildDeviceFirmware(),
      history: [
        buildUpgrade('failed', { id: 'b', reason: 'timedOut' }),
        buildUpgrade('done', { id: 'a', fromVersion: '1.0.0', toVersion: '2.0.0' }),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Firmware upgrades' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('2.0.0 → 4.0.2Failed: Timed outOlive Owner');
    expect(rows[1]).toHaveTextContent('1.0.0 → 2.0.0Done');
  });

  it('disables Update for CLIENT with a note', async () => {
    openManageFirmware({ firmware: () => buildDeviceFirmware(), permLvl: 'CLIENT' });
    expect(
      await screen.findByText('Update Firmware is not available at your permission level.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Firmware' })).toBeDisabled();
  });

  it('disables Update while the device is inactive', async () => {
    openManageFirmware({ firmware: () => buildDeviceFirmware({ connected: false }) });
    expect(await screen.findByText('This device is currently inactive.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Firmware' })).toBeDisabled();
  });

  it('shows the server’s refusal in the confirmation', async () => {
    openManageFirmware({
      firmware: () => buildDeviceFirmware(),
      upgrade: () => ({ status: 409, body: { error: 'An upgrade is already under way.' } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Update Firmware' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Firmware' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'An upgrade is already under way.',
    );
  });
});

const UPS = 'BB0000000002';
const PDU = 'CC0000000003';

function openLocation({
  permLvl = 'owner',
  info,
  batch,
}: {
  permLvl?: PermLvl;
  info: DevicesFirmwareInfo;
  batch?: FirmwareBatch;
}) {
  const fetchMock = stubApi({
    public: { body: publicConfig },
    session: { body: { user: signedInUser } },
    settings: { body: buildLocationSettings({ zipCode: '' }, { permLvl }) },
    visitSite: { body: { siteId: SITE } },
    getDevicesFirmwareInfo: { body: info },
    getNetwork: { body: { siteId: SITE, permLvl, canEdit: permLvl !== 'CLIENT', devices: [] } },
    ...(batch && {
      upgradeLocation: { body: batch },
      getFirmwareUpgrades: { body: upgradesOf(batch.upgrades, batch.concurrencyLimit) },
    }),
  });
  // A location tab with no devices on it: only the header menu is under test.
  renderRoute(`/locations/${SITE}/network`);
  return fetchMock;
}

async function openUpdateFirmware() {
  await userEvent.click(await screen.findByRole('button', { name: 'Location menu' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Update Firmware' }));
  return screen.findByRole('dialog', { name: 'Update Firmware' });
}

describe('Update Firmware of a location', () => {
  it('lists only the devices with an update, upgrades them with one confirmation and sums up', async () => {
    const rackUp = (phase: Parameters<typeof buildUpgrade>[0]) =>
      buildUpgrade(phase, { id: 'r', batchId: 'b1' });
    const upsUp = (phase: Parameters<typeof buildUpgrade>[0]) =>
      buildUpgrade(phase, {
        id: 'u',
        batchId: 'b1',
        devId: UPS,
        devName: 'UPS on card',
        fromVersion: '3.1.0',
        reason: 'timedOut',
        failedIn: 'installing',
      });
    const fetchMock = openLocation({
      info: {
        concurrencyLimit: 2,
        records: [
          buildRow(),
          buildRow({ devId: UPS, devName: 'UPS on card', fwVer: '3.1.0', parentDevId: PDU }),
          buildRow({
            devId: PDU,
            devName: 'PDU up to date',
            fwVer: '4.0.2',
            updateAvailable: false,
          }),
          buildRow({
            devId: 'DD',
            devName: 'Unknown version',
            fwVer: null,
            updateAvailable: false,
          }),
        ],
      },
      batch: { batchId: 'b1', concurrencyLimit: 2, upgrades: [rackUp('queued'), upsUp('queued')] },
    });
    const dialog = await openUpdateFirmware();
    const table = await within(dialog).findByRole('table', { name: 'Devices to update' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Rack M43152.0.0 → 4.0.2', 'UPS on card3.1.0 → 4.0.2']);
    expect(dialog).toHaveTextContent(
      'At most 2 devices upgrade at once so the site keeps power control.',
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Update 2 devices' }));
    expect(calls(fetchMock, 'upgradeLocation')).toHaveLength(1);
    const progress = await within(dialog).findByRole('table', { name: 'Firmware upgrades' });
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      '0 of 2 finished · 0 upgrading · 2 queued',
    );

    const stream = await firmwareStream();
    push(stream, rackUp('downloading'));
    await waitFor(() => expect(progress).toHaveTextContent('Downloading · 72 of 144 KB'));
    expect(
      within(progress).getByRole('progressbar', { name: 'Upgrade progress of Rack M4315' }),
    ).toHaveAttribute('aria-valuenow', '40');
    push(stream, upsUp('installing'));
    await waitFor(() => expect(progress).toHaveTextContent('Installing'));
    push(stream, rackUp('done'));
    push(stream, upsUp('failed'));

    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent('1 succeeded, 1 failed'),
    );
    const summary = within(dialog).getByRole('status');
    expect(within(summary).getByRole('list', { name: 'Failed upgrades' })).toHaveTextContent(
      'UPS on card: Timed out',
    );
  });

  it('says so when no device has an update', async () => {
    openLocation({
      info: {
        concurrencyLimit: 2,
        records: [buildRow({ fwVer: '4.0.2', updateAvailable: false })],
      },
    });
    const dialog = await openUpdateFirmware();
    expect(
      await within(dialog).findByText('Every device of this location runs the latest firmware.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Update/ })).not.toBeInTheDocument();
  });

  it('is disabled for CLIENT', async () => {
    openLocation({ permLvl: 'CLIENT', info: { concurrencyLimit: 2, records: [buildRow()] } });
    await userEvent.click(await screen.findByRole('button', { name: 'Location menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Update Firmware' })).toBeDisabled();
  });
});
