import { z } from 'zod';
import { deviceClassSchema } from '../catalog/device-class';
import { deviceSettingsSchema } from '../protocol/settings';

/**
 * `settingsManagement svc=getDeviceSettings` (docs/api/devices.md "Device settings"): the settings
 * of a device, asked of the device itself; when it does not answer, what it last reported.
 */
export const deviceSettingsReadSchema = z.object({
  devId: z.string(),
  devClass: deviceClassSchema,
  fwVer: z.string().nullable(),
  /**
   * `device`: the device answered just now. `stored`: it did not (inactive, or no answer in
   * time); these are what it last reported, or its class's factory settings if it never did.
   * `none`: it did not answer and nothing is known (the console shows 'Error fetching device
   * settings').
   */
  source: z.enum(['device', 'stored', 'none']),
  /** When the device reported these values (Unix seconds); null for factory settings or none. */
  reportedAt: z.number().int().nullable(),
  /** Whether the device is connected now (spec §4): a save needs it. */
  connected: z.boolean(),
  settings: deviceSettingsSchema.nullable(),
});
export type DeviceSettingsRead = z.infer<typeof deviceSettingsReadSchema>;
