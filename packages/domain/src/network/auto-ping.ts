import type { DeviceSpec } from '../catalog/device-spec';
import { findDeviceSpec } from '../catalog/registry';

/**
 * Whether a device runs auto-ping: one reached directly (not a kid) with outlets to cycle, its own
 * or its attached units' (a cv2/cv3 card cycles its attached device's outlets).
 */
export function takesPingTargets(spec: DeviceSpec): boolean {
  if (spec.isChild) return false;
  return (
    spec.outletCount > 0 || spec.childClasses.some((c) => (findDeviceSpec(c)?.outletCount ?? 0) > 0)
  );
}

/** `takesPingTargets` for a class named by untrusted text: false for an unknown class. */
export function classTakesPingTargets(devClass: string): boolean {
  const spec = findDeviceSpec(devClass);
  return spec ? takesPingTargets(spec) : false;
}
