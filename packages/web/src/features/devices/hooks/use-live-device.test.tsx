import { DATA_REFRESH_MS } from '@powerdeck/domain';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '../../../test/render';
import { createCommandRegistry } from '../state/command-registry';
import { deviceKeys } from '../api/device-keys';
import { MAX_PUSH_STREAMS, useLiveDevices } from './use-live-device';

/** Records the push streams opened and closed (jsdom has no EventSource). */
class FakeEventSource {
  static opened: string[] = [];
  static instances: FakeEventSource[] = [];
  static closed = 0;
  onopen: (() => void) | null = null;
  onmessage: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(url);
    FakeEventSource.instances.push(this);
  }
  close() {
    FakeEventSource.closed++;
  }
}

const devices = Array.from({ length: MAX_PUSH_STREAMS + 2 }, (_, i) => ({
  devClass: 'm4315',
  devId: `AA00000000${String(i).padStart(2, '0')}`,
}));

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createTestQueryClient()}>{children}</QueryClientProvider>;
}

const withClient = (client: QueryClient) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };

describe('useLiveDevices', () => {
  it('opens at most MAX_PUSH_STREAMS push streams; the other devices are polled; all close', () => {
    FakeEventSource.opened = [];
    FakeEventSource.closed = 0;
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeEventSource);
    const fetchMock = vi.fn((_url: string) => new Promise<Response>(() => undefined));
    vi.stubGlobal('fetch', fetchMock);
    const handlers = { dispatch: vi.fn(), commands: createCommandRegistry() };
    const { unmount } = renderHook(() => useLiveDevices(devices, true, handlers), { wrapper });
    expect(FakeEventSource.opened).toHaveLength(MAX_PUSH_STREAMS);
    expect(FakeEventSource.opened[0]).toContain(`devId=${devices[0]?.devId}`);
    expect(FakeEventSource.opened.join()).not.toContain(devices[MAX_PUSH_STREAMS]?.devId);
    vi.advanceTimersByTime(DATA_REFRESH_MS);
    const polled = fetchMock.mock.calls.map(([url]) => url).filter((u) => u.includes('getEvents'));
    expect(polled).toHaveLength(2);
    expect(polled.join()).toContain(`devId=${devices[MAX_PUSH_STREAMS]?.devId}`);
    unmount();
    vi.useRealTimers();
    expect(FakeEventSource.closed).toBe(MAX_PUSH_STREAMS);
  });

  it('opens nothing while monitoring is paused', () => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    const handlers = { dispatch: vi.fn(), commands: createCommandRegistry() };
    renderHook(() => useLiveDevices(devices, false, handlers), { wrapper });
    expect(FakeEventSource.opened).toHaveLength(0);
  });

  it('reads the statuses again when a stream opens: what changed before it opened is not missed', () => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    const client = createTestQueryClient();
    const [first, kid] = [devices[0]?.devId ?? '', 'BB0000000001'];
    for (const devId of [first, kid]) {
      client.setQueryData(deviceKeys.status(devId), { time: 1, otlts: [true] });
    }
    client.setQueryData(deviceKeys.meta(first), { name: 'kept' });
    const handlers = { dispatch: vi.fn(), commands: createCommandRegistry() };
    renderHook(() => useLiveDevices(devices.slice(0, 1), true, handlers), {
      wrapper: withClient(client),
    });
    expect(client.getQueryState(deviceKeys.status(first))?.isInvalidated).toBe(false);

    act(() => FakeEventSource.instances[0]?.onopen?.());

    expect(client.getQueryState(deviceKeys.status(first))?.isInvalidated).toBe(true);
    expect(client.getQueryState(deviceKeys.status(kid))?.isInvalidated).toBe(true);
    expect(client.getQueryState(deviceKeys.meta(first))?.isInvalidated).toBe(false);
  });
});
