import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeviceMeta } from '@powerdeck/domain';
import { describe, expect, it } from 'vitest';
import { renderRoute, urlOf, type FakeResponse } from '../../../test/render';
import {
  buildKid,
  buildMeta,
  buildOutlets,
  controlsPath,
  stubDeviceApi,
} from '../../../test/devices';

const ADAPTER = 'CC0000000001';
const CN1 = 'CC0000000002';
const CN2 = 'CC0000000003';

/** A bb232 adapter with two CN sequencers (spec §7 sequencers.php). */
function adapter(overrides: Partial<DeviceMeta> = {}): DeviceMeta {
  return buildMeta({
    devClass: 'bb232',
    devId: ADAPTER,
    devName: 'Stage adapter',
    outlets: [],
    kids: [
      buildKid({
        devId: CN1,
        devClass: 'cn1800',
        info: { name: 'Amp rack', otlts: buildOutlets(3) },
      }),
      buildKid({
        devId: CN2,
        devClass: 'cn2400',
        info: { name: 'Lights', otlts: buildOutlets(3) },
      }),
    ],
    ...overrides,
  });
}

function open(meta: DeviceMeta, sequencers: FakeResponse) {
  const stub = stubDeviceApi({ meta, extra: { 'bb232:': sequencers } });
  renderRoute(controlsPath(meta));
  return stub;
}

const sequenceCalls = (fetchMock: ReturnType<typeof stubDeviceApi>['fetchMock']) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(urlOf(input), 'http://x'))
    .filter((url) => url.pathname.endsWith('/sequencers.php'));

const pulls = (fetchMock: ReturnType<typeof stubDeviceApi>['fetchMock']) =>
  fetchMock.mock.calls.filter(([input]) => urlOf(input).includes('eventPuller')).length;

describe('bb232: sequence on/off for its sequencers', () => {
  it('CLIENT runs Sequence On through the adapter; both buttons wait until every sequencer is done', async () => {
    const { fetchMock, events } = open(adapter({ permLvl: 'CLIENT' }), {
      body: {
        records: [
          { devId: CN1, cmdId: 's1', state: 'sent' },
          { devId: CN2, cmdId: 's2', state: 'sent' },
        ],
      },
    });
    const on = await screen.findByRole('button', { name: 'Sequence On' });
    const off = screen.getByRole('button', { name: 'Sequence Off' });
    await waitFor(() => expect(on).toBeEnabled());
    await userEvent.click(on);
    const [call] = sequenceCalls(fetchMock);
    expect(call?.searchParams.get('req')).toBe('sequenceonoff');
    expect(call?.searchParams.get('devId')).toBe(ADAPTER);
    expect(call?.searchParams.get('command')).toBe('on');
    expect(call?.searchParams.has('sequencerid')).toBe(false);
    await waitFor(() => expect(off).toBeDisabled());
    expect(on).toBeDisabled();
    expect(on).toHaveAttribute('data-loading');
    events.push({ type: 'command', devId: CN1, cmdId: 's1', svc: 'sequence', state: 'done' });
    // one sequencer still running: once the poll after the one that carried the event has gone
    // out, the control still waits
    const polled = pulls(fetchMock);
    await waitFor(() => expect(pulls(fetchMock)).toBeGreaterThan(polled + 1), { timeout: 6000 });
    expect(on).toBeDisabled();
    events.push({ type: 'command', devId: CN2, cmdId: 's2', svc: 'sequence', state: 'done' });
    await waitFor(() => expect(on).toBeEnabled(), { timeout: 6000 });
    expect(off).toBeEnabled();
    expect(screen.queryByText('Sequence on/off operation failed.')).not.toBeInTheDocument();
  });

  it("says 'Sequence on/off operation failed.' when a sequencer fails, and frees the buttons", async () => {
    const { events } = open(adapter(), {
      body: { records: [{ devId: CN1, cmdId: 'f1', state: 'sent' }] },
    });
    const off = await screen.findByRole('button', { name: 'Sequence Off' });
    await waitFor(() => expect(off).toBeEnabled());
    await userEvent.click(off);
    await waitFor(() => expect(off).toBeDisabled());
    events.push({ type: 'command', devId: CN1, cmdId: 'f1', svc: 'sequence', state: 'failed' });
    expect(
      await screen.findByText('Sequence on/off operation failed.', {}, { timeout: 6000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(off).toBeEnabled());
  });

  it('says a reason shared by several sequencers once', async () => {
    notifications.clean();
    const { events } = open(adapter(), {
      body: {
        records: [
          { devId: CN1, cmdId: 'a1', state: 'sent' },
          { devId: CN2, cmdId: 'a2', state: 'sent' },
        ],
      },
    });
    const on = await screen.findByRole('button', { name: 'Sequence On' });
    await waitFor(() => expect(on).toBeEnabled());
    await userEvent.click(on);
    await waitFor(() => expect(on).toBeDisabled());
    for (const [devId, cmdId] of [
      [CN1, 'a1'],
      [CN2, 'a2'],
    ] as const) {
      events.push({
        type: 'command',
        devId,
        cmdId,
        svc: 'sequence',
        state: 'failed',
        error: 'already-in-state',
      });
    }
    await waitFor(() => expect(on).toBeEnabled(), { timeout: 6000 });
    expect(screen.getAllByText('All outlets are already on/off')).toHaveLength(1);
  });

  it("shows the server's reason for a refused request", async () => {
    open(adapter(), { status: 400, body: { error: 'No sequencer is attached to this adapter.' } });
    const on = await screen.findByRole('button', { name: 'Sequence On' });
    await waitFor(() => expect(on).toBeEnabled());
    await userEvent.click(on);
    expect(
      await screen.findByText('No sequencer is attached to this adapter.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(on).toBeEnabled());
  });

  it("a request that fails without a reason says 'Failed to execute command'", async () => {
    open(adapter(), { status: 502, body: 'bad gateway' });
    const on = await screen.findByRole('button', { name: 'Sequence On' });
    await waitFor(() => expect(on).toBeEnabled());
    await userEvent.click(on);
    expect(await screen.findByText('Failed to execute command')).toBeInTheDocument();
  });

  it('an adapter without sequencers shows no sequence control', async () => {
    open(adapter({ kids: [] }), { body: { records: [] } });
    expect(await screen.findByRole('heading', { name: 'Stage adapter' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sequence On' })).not.toBeInTheDocument();
  });
});
