import type { DeviceCount } from '@powerdeck/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function getDeviceCount(siteId: string, signal?: AbortSignal): Promise<DeviceCount> {
  return api.locations.getDeviceCount({ siteId }, { signal });
}

export function useDeviceCount(siteId: string) {
  return useQuery({
    queryKey: ['locations', siteId, 'deviceCount'],
    queryFn: ({ signal }) => getDeviceCount(siteId, signal),
    retry: false,
  });
}
