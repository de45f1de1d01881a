/**
 * Device classes of spec §1. Temporary copy: the device catalog in @powerdeck/domain owns these
 * (`isDeviceClass`); switch the import when it lands.
 */
const DEVICE_CLASSES: ReadonlySet<string> = new Set([
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

export function isDeviceClass(value: string): boolean {
  return DEVICE_CLASSES.has(value);
}
