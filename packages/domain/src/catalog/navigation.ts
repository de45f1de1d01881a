import { findDeviceSpec } from './registry';

/**
 * Search results and alerts open the parent device for a child (a cv2/cv3 card's attached
 * device, a bb232's sequencer, a gateway's wireless device), spec §2.
 */
export function usesParentForNavigation(devClass: string): boolean {
  return findDeviceSpec(devClass)?.isChild ?? false;
}

export interface DeviceRef {
  locationId: string;
  devClass: string;
  devId: string;
  parentDevClass?: string | null;
  parentDevId?: string | null;
}

/** The device a search result or alert opens: the parent for a child, when the parent is known. */
export function navigationTarget(ref: DeviceRef): { devClass: string; devId: string } {
  if (usesParentForNavigation(ref.devClass) && ref.parentDevClass && ref.parentDevId) {
    return { devClass: ref.parentDevClass, devId: ref.parentDevId };
  }
  return { devClass: ref.devClass, devId: ref.devId };
}

/** `/locations/{locationId}/devices/{devClass}/{devId}`: the device path of search and alerts. */
export function devicePath(ref: DeviceRef): string {
  const target = navigationTarget(ref);
  return `/locations/${encodeURIComponent(ref.locationId)}/devices/${encodeURIComponent(target.devClass)}/${encodeURIComponent(target.devId)}`;
}
