import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, stubApi } from '../../../test/render';
import { buildDeviceEnergy, DEVICE, SITE } from '../test/builders';
import { LIVE_REFRESH_MS, LIVE_STREAMED_REFRESH_MS, useDeviceEnergy } from './energy-api';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createTestQueryClient()}>{children}</QueryClientProvider>;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('useDeviceEnergy Live', () => {
  const reads = async (streaming: boolean, afterMs: number) => {
    vi.useFakeTimers();
    const fetchMock = stubApi({
      getDeviceEnergy: { body: buildDeviceEnergy({ range: 'live', resolution: 'raw' }) },
    });
    renderHook(() => useDeviceEnergy(SITE, DEVICE, { range: 'live' }, streaming), { wrapper });
    await vi.advanceTimersByTimeAsync(afterMs);
    return fetchMock;
  };

  it('reads the hour again every few seconds while no push stream is open', async () => {
    const fetchMock = await reads(false, LIVE_REFRESH_MS * 2 + 100);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('reads it again only every minute while the push stream adds the reports', async () => {
    const fetchMock = await reads(true, LIVE_STREAMED_REFRESH_MS - 100);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
