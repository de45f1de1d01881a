import type { DeviceClass } from '@powerdeck/domain';
import { api } from '../../../lib/api';

/** A device as the deviceView calls address it (spec §7). */
export interface DeviceAddress {
  siteId: string;
  devClass: DeviceClass;
  devId: string;
}

/** Only the address goes on the query, whatever else the caller's object holds. */
const query = ({ siteId, devClass, devId }: DeviceAddress) => ({ siteId, devClass, devId });

export function getDeviceMeta(address: DeviceAddress, signal?: AbortSignal) {
  return api.deviceViews.meta(query(address), { signal });
}

export function getDeviceStatus(address: DeviceAddress, signal?: AbortSignal) {
  return api.deviceViews.status(query(address), { signal });
}

export function getDeviceContact(address: DeviceAddress, signal?: AbortSignal) {
  return api.deviceViews.contact(query(address), { signal });
}
