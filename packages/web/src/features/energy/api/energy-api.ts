import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { customRangeReady, energyInput, type RangeChoice } from '../energy-data';

/**
 * The calls of Energy Usage (issue 16, `energy` of the call table): a device's readings and
 * energy over a range, and a location's month to date.
 */

export const energyKeys = {
  device: (siteId: string, devId: string, choice: RangeChoice) =>
    ['energy', siteId, 'device', devId, choice.range, choice.from ?? '', choice.to ?? ''] as const,
  location: (siteId: string) => ['energy', siteId, 'location'] as const,
};

/** The Live range (the last hour of raw readings) is read again this often while no stream is up. */
export const LIVE_REFRESH_MS = 5_000;
/** While the device's push stream adds each report, Live is read again only this often. */
export const LIVE_STREAMED_REFRESH_MS = 60_000;

/**
 * `energyManagement svc=getDeviceEnergy` for the picked range. Live is read again every minute
 * while the device's push stream is open (`streaming`: the stream adds each report meanwhile),
 * every few seconds while it is not.
 */
export function useDeviceEnergy(
  siteId: string,
  devId: string,
  choice: RangeChoice,
  streaming = false,
) {
  return useQuery({
    queryKey: energyKeys.device(siteId, devId, choice),
    queryFn: ({ signal }) =>
      api.energy.getDeviceEnergy(energyInput(siteId, devId, choice), { signal }),
    enabled: customRangeReady(choice),
    refetchInterval:
      choice.range === 'live' ? (streaming ? LIVE_STREAMED_REFRESH_MS : LIVE_REFRESH_MS) : false,
    // The charts keep the last range drawn while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** `energyManagement svc=getLocationEnergy`: the location's month to date and top consumers. */
export function useLocationEnergy(siteId: string) {
  return useQuery({
    queryKey: energyKeys.location(siteId),
    queryFn: ({ signal }) => api.energy.getLocationEnergy({ siteId }, { signal }),
  });
}
