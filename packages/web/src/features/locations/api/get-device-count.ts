import type { DeviceCount } from '@powerdeck/domain';
import { useQuery } from '@tanstack/react-query';
import { dataSvc } from '../../../lib/api-client';

export function getDeviceCount(siteId: string, signal?: AbortSignal): Promise<DeviceCount> {
  return dataSvc<DeviceCount>('locations', 'getDeviceCount', { query: { siteId }, signal });
}

export function useDeviceCount(siteId: string) {
  return useQuery({
    queryKey: ['locations', siteId, 'deviceCount'],
    queryFn: ({ signal }) => getDeviceCount(siteId, signal),
    retry: false,
  });
}
