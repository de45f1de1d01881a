import { DATA_REFRESH_MS } from '@powerdeck/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '../../../test/render';
import { createCommandRegistry } from '../state/command-registry';
import { MAX_PUSH_STREAMS, useLiveDevices } from './use-live-device';

/** Records the push streams opened and closed (jsdom has no EventSource). */
class FakeEventSource {
  static opened: string[] = [];
  static closed = 0;
  onopen: (() => void) | null = null;
  onmessage: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(url);
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
});
