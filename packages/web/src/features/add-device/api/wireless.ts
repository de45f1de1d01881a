import { type Gateways, JOIN_STATE, type WirelessDevice } from '@powerdeck/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dataSvc } from '../../../lib/api-client';
import { refreshLocationDevices } from './refresh';

export const gatewaysKey = (siteId: string) => ['devices', 'gateways', siteId] as const;

/** `GET /data-svc/devices/dataSvc.php?svc=getGateways&siteId` (spec §7). */
export function useGateways(siteId: string, enabled: boolean) {
  return useQuery({
    queryKey: gatewaysKey(siteId),
    queryFn: ({ signal }) =>
      dataSvc<Gateways>('devices', 'getGateways', { query: { siteId }, signal }),
    enabled,
    retry: false,
    staleTime: 0,
  });
}

/** `POST /data-svc/{devClass}.deviceControls/data-svc.php?svc=join` (spec §3 join payload). */
export function useJoinDevice(siteId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (device: WirelessDevice) =>
      dataSvc<{ devId: string; devClass: string; siteId: string }>(
        `${device.devClass}.deviceControls`,
        'join',
        {
          method: 'POST',
          form: {
            siteId,
            devClass: device.devClass,
            devName: device.label,
            devId: device.devId,
            svc: 'join',
            state: JOIN_STATE,
          },
        },
      ),
    onSuccess: () => refreshLocationDevices(client, siteId),
  });
}
