import type { AddDevice, AddedDevice } from '@powerdeck/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshLocationDevices } from './refresh';

/** `POST /data-svc/devices/dataSvc.php?svc=addNewDevice` with siteId, devId and claimKey (spec §7). */
export function addNewDevice(siteId: string, body: AddDevice): Promise<AddedDevice> {
  return api.registration.addNewDevice({ siteId, ...body });
}

export function useAddNewDevice(siteId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AddDevice) => addNewDevice(siteId, body),
    onSuccess: () => refreshLocationDevices(client, siteId),
  });
}
