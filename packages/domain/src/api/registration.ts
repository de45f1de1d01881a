import { z } from 'zod';

/**
 * Wire types of device registration (spec §3 Device registration, §7; docs/api/search-and-devices.md).
 */

/** `devices svc=addNewDevice` answer: the claimed device, now at the location. */
export const addedDeviceSchema = z.object({
  devId: z.string(),
  devClass: z.string(),
  devName: z.string(),
  siteId: z.string(),
});
export type AddedDevice = z.infer<typeof addedDeviceSchema>;

/** A gateway at the location, and a wireless device it hears that has not joined yet. */
export const gatewaySchema = z.object({
  devId: z.string(),
  devClass: z.string(),
  devName: z.string(),
});

/** Spec §3 wireless list item: label, gateway, devId, devClass. */
export const wirelessDeviceSchema = z.object({
  label: z.string(),
  gateway: z.string(),
  devId: z.string(),
  devClass: z.string(),
});
export type WirelessDevice = z.infer<typeof wirelessDeviceSchema>;

/** `devices svc=getGateways` answer. */
export const gatewaysSchema = z.object({
  gateways: z.array(gatewaySchema),
  devices: z.array(wirelessDeviceSchema),
});
export type Gateways = z.infer<typeof gatewaysSchema>;

/** `{devClass}.deviceControls svc=join` answer: the device, now at the location. */
export const joinedDeviceSchema = z.object({
  devId: z.string(),
  devClass: z.string(),
  siteId: z.string(),
});

/** The `state` of a join request (spec §3 join payload). */
export const JOIN_STATE = 'join';

/**
 * `devices svc=deleteDevice` answer: the device (and its kids, `kids`) left the location and its
 * claim is released; the location's schedules that targeted them lost those targets — `deleted`
 * were left without any (their firings and events stay in the log), `edited` keep their others.
 */
export const deletedDeviceSchema = z.object({
  devId: z.string(),
  devClass: z.string(),
  devName: z.string(),
  siteId: z.string(),
  kids: z.array(z.string()),
  schedules: z.object({
    deleted: z.number().int().nonnegative(),
    edited: z.number().int().nonnegative(),
  }),
});
export type DeletedDevice = z.infer<typeof deletedDeviceSchema>;
