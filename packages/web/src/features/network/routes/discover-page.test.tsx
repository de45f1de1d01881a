import { discoveryReasonTexts, type DeviceDiscovery, type PermLvl } from '@powerdeck/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildMeta, stubDeviceApi } from '../../../test/devices';
import { renderRoute, signedInUser, urlOf, type FakeResponse } from '../../../test/render';
import { ADAPTER, buildDiscovery, buildRun, SITE } from '../test/builders';

const DISCOVER_PATH = `/locations/${SITE}/devices/${ADAPTER}/bb232/admin/discover`;

function openDiscover({
  discovery,
  start,
  permLvl = 'owner',
  path = DISCOVER_PATH,
}: {
  discovery: () => DeviceDiscovery;
  start?: () => FakeResponse;
  permLvl?: PermLvl;
  path?: string;
}) {
  const { fetchMock } = stubDeviceApi({
    meta: buildMeta({
      devId: ADAPTER,
      devClass: 'bb232',
      devName: 'Stage Adapter',
      permLvl,
      outlets: [],
    }),
    user: { ...signedInUser, tier: 'SUPPORT' },
    extra: {
      getDiscovery: () => ({ body: discovery() }),
      ...(start && { startDiscovery: start }),
    },
  });
  renderRoute(path);
  return (svc: string) =>
    fetchMock.mock.calls.filter(([input]) => urlOf(input).includes(`svc=${svc}`));
}

/** The phases as the stepper lists them, with their state words. */
function phases(): string[] {
  const list = screen.getByRole('list', { name: 'Discovery phases' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => (item.textContent ?? '').replace(/^\d/, ''));
}

describe('Discover Units', () => {
  it('starts a discovery and shows its phases as they come, then the units found as new or already known', async () => {
    let current = buildDiscovery();
    const calls = openDiscover({
      discovery: () => current,
      start: () => {
        current = buildDiscovery({ run: buildRun({ phase: 'starting' }) });
        return { body: buildRun({ phase: 'starting' }) };
      },
    });
    expect(await screen.findByText('No discovery has run on this device yet.')).toBeVisible();
    const known = screen.getByRole('table', { name: 'Known units' });
    expect(within(known).getByText('Sequencer 1')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Discover Units' }));
    await waitFor(() => expect(calls('startDiscovery')).toHaveLength(1));
    expect(calls('startDiscovery')[0]?.[1]?.method).toBe('POST');
    await waitFor(() =>
      expect(phases()).toEqual([
        'Starting (in progress)',
        'Scanning (not started)',
        'Found (not started)',
        'Done (not started)',
      ]),
    );
    expect(screen.getByRole('button', { name: 'Discover Units' })).toBeDisabled();

    current = buildDiscovery({ run: buildRun({ phase: 'scanning' }) });
    await waitFor(() =>
      expect(phases().slice(0, 2)).toEqual(['Starting (completed)', 'Scanning (in progress)']),
    );
    current = buildDiscovery({ run: buildRun({ phase: 'found', found: 2 }) });
    await waitFor(() => expect(phases()[2]).toBe('Found 2 units (in progress)'));

    const units = [
      { devId: 'AB0001', devClass: 'cn1800' as const, name: 'Sequencer 1', known: true },
      { devId: 'AB0002', devClass: 'cn2400' as const, name: 'Sequencer 2', known: false },
    ];
    current = buildDiscovery({
      units: units.map(({ known: _, ...unit }) => unit),
      run: buildRun({ phase: 'done', found: 2, units, endedAt: 1 }),
    });
    await waitFor(() => expect(phases()[3]).toBe('Done (completed)'));
    expect(screen.getByText('Discovery done: 2 units found, 1 new.')).toBeVisible();
    const found = screen.getByRole('table', { name: 'Units found' });
    const row = (name: string) => within(found).getByText(name).closest('tr') as HTMLElement;
    expect(within(row('Sequencer 1')).getByText('Already known')).toBeInTheDocument();
    expect(within(row('Sequencer 2')).getByText('New')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Known units' })).getByText('Sequencer 2'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Discover Units' })).toBeEnabled();
  });

  it('shows where a discovery failed and its reason', async () => {
    openDiscover({
      discovery: () =>
        buildDiscovery({ run: buildRun({ phase: 'failed', reason: 'noBus', endedAt: 1 }) }),
    });
    await waitFor(() =>
      expect(phases()).toEqual([
        'Starting (completed)',
        'Scanning (failed)',
        'Found (not started)',
        'Done (not started)',
      ]),
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Discovery failed');
    expect(alert).toHaveTextContent(discoveryReasonTexts.noBus);
  });

  it('shows the server’s refusal to start (an inactive device)', async () => {
    openDiscover({
      discovery: () => buildDiscovery(),
      start: () => ({ status: 409, body: { error: 'This device is currently inactive.' } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Discover Units' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This device is currently inactive.',
    );
  });

  it('says so for a class without units to discover', async () => {
    openDiscover({
      discovery: () =>
        buildDiscovery({ devClass: 'm4315', supported: false, units: [], devId: 'AA0000000001' }),
      path: `/locations/${SITE}/devices/AA0000000001/m4315/admin/discover`,
    });
    expect(await screen.findByText(discoveryReasonTexts.notSupported)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Discover Units' })).not.toBeInTheDocument();
  });

  it('SUPPORT sees the Discover Units link in Device Admin', async () => {
    openDiscover({
      discovery: () => buildDiscovery(),
      path: `/locations/${SITE}/devices/${ADAPTER}/bb232/admin`,
    });
    expect(await screen.findByRole('link', { name: 'Discover Units' })).toHaveAttribute(
      'href',
      DISCOVER_PATH,
    );
  });
});
