import { DEVICE_LIST_PAGE_SIZE, type DeviceList } from '@powerdeck/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { deviceKeys } from './device-keys';

/** `locations svc=getDevices` (spec §7: pageNo=1, recordsPerPage=10000, detailed=true). */
export function getLocationDevices(siteId: string, signal?: AbortSignal): Promise<DeviceList> {
  return api.deviceViews.getDevices(
    { siteId, pageNo: 1, recordsPerPage: DEVICE_LIST_PAGE_SIZE, detailed: true },
    { signal },
  );
}

export function useLocationDevices(siteId: string) {
  return useQuery({
    queryKey: deviceKeys.list(siteId),
    queryFn: ({ signal }) => getLocationDevices(siteId, signal),
    refetchInterval: 30_000,
  });
}
