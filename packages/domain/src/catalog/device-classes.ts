/**
 * Every device class of spec §1: the 22 device classes, then the 5 child variants. Kept free of
 * zod so a bundle that only asks isDeviceClass (the console's first page) does not load it; the
 * schema is in device-class.ts.
 */
export const DEVICE_CLASSES = [
  'm4315',
  'm4320',
  'mb1500',
  'f1500',
  'f1500e',
  'bb1000',
  'md2zb',
  'sp1000',
  'bb232',
  'cn1800',
  'cn2400',
  'cn3600',
  'cnmp15',
  'cnmp20',
  'm4000',
  'sm3',
  'c3ip',
  'vt1512',
  'dc12ip',
  'vt4315',
  'cv2',
  'cv3',
  'km4315',
  'km4320',
  'kmb1500',
  'kf1500',
  'kf1500e',
] as const;

export type DeviceClass = (typeof DEVICE_CLASSES)[number];

const classSet: ReadonlySet<string> = new Set(DEVICE_CLASSES);

export function isDeviceClass(value: string): value is DeviceClass {
  return classSet.has(value);
}
