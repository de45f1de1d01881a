import type { DeviceList } from '@powerdeck/domain';
import { useQuery } from '@tanstack/react-query';
import { dataSvc } from '../../../lib/api-client';

/** siteManagement svc=devList with outlets: every device of a location and its outlets' labels. */
export function useLocationOutlets(siteId: string) {
  return useQuery({
    queryKey: ['locations', siteId, 'outlets'],
    queryFn: ({ signal }) =>
      dataSvc<DeviceList>('siteManagement', 'devList', {
        query: { siteId, detailed: true, withOutlets: true },
        signal,
      }),
  });
}

/** locations svc=getWatchedDevices (pageNo=1, recordsPerPage=all). */
export function useWatchedDevices() {
  return useQuery({
    queryKey: ['devices', 'watched'],
    queryFn: ({ signal }) =>
      dataSvc<DeviceList>('locations', 'getWatchedDevices', {
        query: { pageNo: 1, recordsPerPage: 'all' },
        signal,
      }),
    retry: false,
  });
}
