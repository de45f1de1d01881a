import { JOIN_STATE, type WirelessDevice, isDeviceClass } from '@powerdeck/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshLocationDevices } from './refresh';

export const gatewaysKey = (siteId: string) => ['devices', 'gateways', siteId] as const;

/** `GET /data-svc/devices/dataSvc.php?svc=getGateways&siteId` (spec §7). */
export function useGateways(siteId: string, enabled: boolean) {
  return useQuery({
    queryKey: gatewaysKey(siteId),
    queryFn: ({ signal }) => api.registration.getGateways({ siteId }, { signal }),
    enabled,
    retry: false,
    staleTime: 0,
  });
}

/** `POST /data-svc/{devClass}.deviceControls/data-svc.php?svc=join` (spec §3 join payload). */
export function useJoinDevice(siteId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (device: WirelessDevice) => {
      const { devClass } = device;
      // the list names classes of the catalog; one it does not know has no control endpoint
      if (!isDeviceClass(devClass)) return Promise.reject(new Error(`No class ${devClass}`));
      return api.registration.join({
        siteId,
        devClass,
        devName: device.label,
        devId: device.devId,
        svc: 'join',
        state: JOIN_STATE,
      });
    },
    onSuccess: () => refreshLocationDevices(client, siteId),
  });
}
