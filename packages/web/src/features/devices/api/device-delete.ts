import type { DeletedDevice, DeviceClass } from '@powerdeck/domain';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { deviceKeys } from './device-keys';

/** `devices svc=deleteDevice`: the device leaves the location and its claim is released. */
export function deleteDevice(input: {
  siteId: string;
  devId: string;
  devClass: DeviceClass;
}): Promise<DeletedDevice> {
  return api.registration.deleteDevice(input);
}

/**
 * After a delete: what the console knew of the device and its kids is dropped, and the location's
 * device list, counts, outlets and cards are read again (the other features' keys, spelled here).
 */
export async function forgetDeletedDevice(
  client: QueryClient,
  deleted: Pick<DeletedDevice, 'siteId' | 'devId' | 'kids'>,
): Promise<void> {
  for (const devId of [deleted.devId, ...deleted.kids]) {
    client.removeQueries({ queryKey: deviceKeys.device(devId) });
  }
  await Promise.all([
    client.invalidateQueries({ queryKey: deviceKeys.list(deleted.siteId) }),
    client.invalidateQueries({ queryKey: ['devices', 'watched'] }),
    client.invalidateQueries({ queryKey: ['locations', deleted.siteId] }),
    client.invalidateQueries({ queryKey: ['locations', 'sites'] }),
  ]);
}
