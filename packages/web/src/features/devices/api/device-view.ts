import type {
  DeviceClass,
  DeviceContactResponse,
  DeviceMeta,
  DeviceStatusResponse,
} from '@powerdeck/domain';
import { dataSvc } from '../../../lib/api-client';

/** A device as the deviceView calls address it (spec §7). */
export interface DeviceAddress {
  siteId: string;
  devClass: DeviceClass;
  devId: string;
}

const view = <T>(svc: string, address: DeviceAddress, signal?: AbortSignal) =>
  dataSvc<T>('deviceView', svc, { query: { ...address }, signal });

export function getDeviceMeta(address: DeviceAddress, signal?: AbortSignal) {
  return view<DeviceMeta>('meta', address, signal);
}

export function getDeviceStatus(address: DeviceAddress, signal?: AbortSignal) {
  return view<DeviceStatusResponse>('status', address, signal);
}

export function getDeviceContact(address: DeviceAddress, signal?: AbortSignal) {
  return view<DeviceContactResponse>('contact', address, signal);
}
