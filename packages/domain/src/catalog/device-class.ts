import { z } from 'zod';

/** Every device class of spec §1: the 22 device classes, then the 5 child variants. */
export const deviceClassSchema = z.enum([
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
]);
export type DeviceClass = z.infer<typeof deviceClassSchema>;

export const DEVICE_CLASSES: readonly DeviceClass[] = deviceClassSchema.options;

const classSet: ReadonlySet<string> = new Set(DEVICE_CLASSES);

export function isDeviceClass(value: string): value is DeviceClass {
  return classSet.has(value);
}
