import type { AddDevice, AddedDevice } from '@powerdeck/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataSvc } from '../../../lib/api-client';
import { refreshLocationDevices } from './refresh';

/** `POST /data-svc/devices/dataSvc.php?svc=addNewDevice&siteId` with devId and claimKey (spec §7). */
export function addNewDevice(siteId: string, body: AddDevice): Promise<AddedDevice> {
  return dataSvc<AddedDevice>('devices', 'addNewDevice', {
    method: 'POST',
    query: { siteId },
    json: body,
  });
}

export function useAddNewDevice(siteId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AddDevice) => addNewDevice(siteId, body),
    onSuccess: () => refreshLocationDevices(client, siteId),
  });
}
