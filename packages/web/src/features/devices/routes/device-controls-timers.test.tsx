import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, urlOf } from '../../../test/render';
import {
  buildMeta,
  buildOutlets,
  buildStatus,
  controlsPath,
  stubDeviceApi,
} from '../../../test/devices';

afterEach(() => {
  vi.useRealTimers();
});

describe('Device Controls timers', () => {
  it('Find Me shows Sending..., then Done, and reverts to Find Me after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const meta = buildMeta({ devClass: 'sp1000', outlets: buildOutlets(1) });
    const { events } = stubDeviceApi({
      meta,
      status: { [meta.devId]: buildStatus([true]) },
      extra: { findme: { body: { cmdId: 'f1', state: 'sent' } } },
    });
    renderRoute(controlsPath(meta));
    const button = await screen.findByRole('button', { name: 'Find Me' });
    await waitFor(() => expect(button).toBeEnabled()); // once the device shows connected
    act(() => button.click());
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeInTheDocument();
    events.push({ type: 'command', devId: meta.devId, cmdId: 'f1', svc: 'findMe', state: 'done' });
    await act(() => vi.advanceTimersByTimeAsync(2_100));
    expect(await screen.findByRole('button', { name: 'Done' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(await screen.findByRole('button', { name: 'Find Me' })).toBeInTheDocument();
  });

  it('Find Me shows Find Me-Failed when the command fails, then reverts', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const meta = buildMeta({ devClass: 'md2zb', outlets: buildOutlets(2) });
    stubDeviceApi({
      meta,
      status: { [meta.devId]: buildStatus([true, false]) },
      extra: { findme: { body: { cmdId: 'f2', state: 'failed', error: 'busy' } } },
    });
    renderRoute(controlsPath(meta));
    const button = await screen.findByRole('button', { name: 'Find Me' });
    await waitFor(() => expect(button).toBeEnabled()); // once the device shows connected
    act(() => button.click());
    expect(await screen.findByRole('button', { name: 'Find Me-Failed' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(await screen.findByRole('button', { name: 'Find Me' })).toBeInTheDocument();
  });

  it('pauses monitoring after 15 minutes without activity; OK resumes it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const meta = buildMeta();
    const { fetchMock } = stubDeviceApi({
      meta,
      status: { [meta.devId]: buildStatus(Array.from({ length: 8 }, () => true)) },
    });
    renderRoute(controlsPath(meta));
    await screen.findByRole('heading', { name: 'Rack M4315' });
    await act(() => vi.advanceTimersByTimeAsync(850_000));
    expect(screen.queryByText('Monitoring Paused')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(55_000));
    expect(
      await screen.findByText(
        'Monitoring has been paused due to inactivity. Click OK if you want to resume monitoring.',
      ),
    ).toBeInTheDocument();
    // Paused: no more polling of the live events.
    const polls = () =>
      fetchMock.mock.calls.filter(([url]) => urlOf(url).includes('getEvents')).length;
    const before = polls();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(polls()).toBe(before);
    act(() => screen.getByRole('button', { name: 'OK' }).click());
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(screen.queryByText('Monitoring Paused')).not.toBeInTheDocument();
    expect(polls()).toBeGreaterThan(before);
  });
});
