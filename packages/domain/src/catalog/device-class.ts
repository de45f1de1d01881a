import { z } from 'zod';
import { DEVICE_CLASSES } from './device-classes';

export { DEVICE_CLASSES, type DeviceClass, isDeviceClass } from './device-classes';

/** Every device class of spec §1 (the list is in device-classes.ts). */
export const deviceClassSchema = z.enum(DEVICE_CLASSES);
