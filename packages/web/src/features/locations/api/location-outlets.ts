import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** siteManagement svc=devList with outlets: every device of a location and its outlets' labels. */
export function useLocationOutlets(siteId: string) {
  return useQuery({
    queryKey: ['locations', siteId, 'outlets'],
    queryFn: ({ signal }) =>
      api.deviceViews.devList({ siteId, detailed: true, withOutlets: true }, { signal }),
  });
}

/** locations svc=getWatchedDevices (pageNo=1, recordsPerPage=all). */
export function useWatchedDevices() {
  return useQuery({
    queryKey: ['devices', 'watched'],
    queryFn: ({ signal }) =>
      api.deviceViews.getWatchedDevices({ pageNo: 1, recordsPerPage: 'all' }, { signal }),
    retry: false,
  });
}
