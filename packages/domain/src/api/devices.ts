import { z } from 'zod';
import { deviceClassSchema } from '../catalog/device-class';
import { permLvlSchema } from '../permissions/perm-lvl';
import { deviceStatusSchema } from '../protocol/status';

/**
 * HTTP wire types of the device calls (spec §3 Device/Status/Contact, §7 "Device view and
 * control", docs/api/devices.md). Times are Unix seconds unless named `…Ms`.
 */

/** One outlet's labels and lock (spec §3 Outlet info); `otltId` is 1-based. */
export const deviceOutletSchema = z.object({
  otltId: z.number().int().min(1),
  name1: z.string(),
  name2: z.string().optional(),
  name3: z.string().optional(),
  locked: z.boolean(),
});
export type DeviceOutlet = z.infer<typeof deviceOutletSchema>;

/**
 * Latest status of a device or kid (spec §3 Status): the device's last report with `time` (when
 * the server received it) and `sysTime` (the device clock) in seconds. Fields a family lacks are
 * absent. `otlts[0]` is outlet 1.
 */
export const deviceStatusViewSchema = deviceStatusSchema
  .omit({ outlets: true })
  .partial()
  .extend({
    time: z.number().int().nonnegative(),
    sysTime: z.number().int().nonnegative(),
    otlts: z.array(z.boolean()),
  });
export type DeviceStatusView = z.infer<typeof deviceStatusViewSchema>;

/**
 * Contact of a device or kid (spec §3 Contact). `lastContact` is when the server last heard from
 * it and `sysTime` the server's clock now, both seconds: `isConnected()` reads it as is.
 */
export const deviceContactSchema = z.object({
  conf: z.string().nullable(),
  lastContact: z.number().int().nullable(),
  sysTime: z.number().int(),
});
export type DeviceContact = z.infer<typeof deviceContactSchema>;

/** A kid (child device) inside its parent's meta (spec §3 Device kids). */
export const deviceKidSchema = z.object({
  devId: z.string(),
  devClass: deviceClassSchema,
  siteId: z.string(),
  info: z.object({ name: z.string(), otlts: z.array(deviceOutletSchema) }),
  status: deviceStatusViewSchema.nullable(),
  contact: deviceContactSchema,
});
export type DeviceKid = z.infer<typeof deviceKidSchema>;

/** `deviceView svc=meta`: the device, its kids and outlets, and what the caller may do. */
export const deviceMetaSchema = z.object({
  siteId: z.string(),
  devClass: deviceClassSchema,
  devId: z.string(),
  devName: z.string(),
  fwVer: z.string().nullable(),
  parentDevId: z.string().nullable(),
  /** The caller's level at the device's location (spec §6 rules use it). */
  permLvl: permLvlSchema,
  /** The location's outlet lock (spec §4: toggles disabled, lock boxes disabled). */
  locationLocked: z.boolean(),
  kids: z.array(deviceKidSchema),
  outlets: z.array(deviceOutletSchema),
  /** Cycle group and sequence group outlets (1-based). */
  cycGrp: z.array(z.number().int().min(1)),
  seqGrp: z.array(z.number().int().min(1)),
  /** Changes whenever the kid list or names change: the console refetches meta on a change. */
  ntwkinvhash: z.string(),
});
export type DeviceMeta = z.infer<typeof deviceMetaSchema>;

/** `deviceView svc=info`: name, firmware and outlet labels. */
export const deviceInfoSchema = z.object({
  devId: z.string(),
  devClass: deviceClassSchema,
  name: z.string(),
  fwVer: z.string().nullable(),
  otlts: z.array(deviceOutletSchema),
});
export type DeviceInfo = z.infer<typeof deviceInfoSchema>;

/**
 * `deviceView svc=status` (and cv2/cv3 keyed on the first kid: `devId` is then the kid's).
 * `status` is null until the device has reported once.
 */
export const deviceStatusResponseSchema = z.object({
  devId: z.string(),
  devClass: deviceClassSchema,
  status: deviceStatusViewSchema.nullable(),
});
export type DeviceStatusResponse = z.infer<typeof deviceStatusResponseSchema>;

/** `deviceView svc=contact` (cv2/cv3: the first kid's). */
export const deviceContactResponseSchema = deviceContactSchema.extend({ devId: z.string() });
export type DeviceContactResponse = z.infer<typeof deviceContactResponseSchema>;

/** `deviceView svc=outletStatus`: outlet states only; empty `otlts` means 'Outlet Status is empty.' */
export const outletStatusResponseSchema = z.object({
  devId: z.string(),
  time: z.number().int().nullable(),
  otlts: z.array(z.boolean()),
});
export type OutletStatusResponse = z.infer<typeof outletStatusResponseSchema>;

/** cv2/cv3 `deviceView svc=labels`: the first kid's outlet labels. */
export const deviceLabelsResponseSchema = z.object({
  devId: z.string(),
  devClass: deviceClassSchema,
  outlets: z.array(deviceOutletSchema),
});
export type DeviceLabelsResponse = z.infer<typeof deviceLabelsResponseSchema>;

/**
 * A command's life: `sent` (published), `acknowledged` (the device took it and is working, e.g. a
 * cycle), then `done`, `failed` (the device refused: `error` says why) or `expired` (no answer
 * before its expiry; it will never run late).
 */
export const COMMAND_STATES = ['sent', 'acknowledged', 'done', 'failed', 'expired'] as const;
export const commandStateSchema = z.enum(COMMAND_STATES);
export type CommandState = z.infer<typeof commandStateSchema>;
export const FINAL_COMMAND_STATES: readonly CommandState[] = ['done', 'failed', 'expired'];

/** Answer of every control POST and of `deviceView svc=command&cmdId` (polling fallback). */
export const commandResultSchema = z.object({
  cmdId: z.string(),
  state: commandStateSchema,
  error: z.string().optional(),
});
export type CommandResult = z.infer<typeof commandResultSchema>;

/** One row of a location's All Devices tab (`siteManagement svc=devList`, `locations svc=getDevices`). */
export const deviceListItemSchema = z.object({
  siteId: z.string(),
  devId: z.string(),
  devClass: deviceClassSchema,
  devName: z.string(),
  fwVer: z.string().nullable(),
  parentDevId: z.string().nullable(),
  connected: z.boolean(),
  /** Number of kids attached. */
  kids: z.number().int().nonnegative(),
  watched: z.boolean(),
  muted: z.boolean(),
  /** Unix seconds, null if never heard from. */
  lastContact: z.number().int().nullable(),
  /** Only with `withOutlets=true`. */
  outlets: z.array(deviceOutletSchema).optional(),
});
export type DeviceListItem = z.infer<typeof deviceListItemSchema>;

export const deviceListSchema = z.object({
  records: z.array(deviceListItemSchema),
  totalRecords: z.number().int().nonnegative(),
});
export type DeviceList = z.infer<typeof deviceListSchema>;

/** `siteManagement svc=devContact`, `locations svc=getDevContact`. */
export const deviceContactsSchema = z.object({
  records: z.array(deviceContactResponseSchema),
});
export type DeviceContacts = z.infer<typeof deviceContactsSchema>;

/** `locations svc=getDeviceStatusDetails`. */
export const deviceStatusDetailsSchema = z.object({
  records: z.array(
    z.object({
      devId: z.string(),
      devClass: deviceClassSchema,
      connected: z.boolean(),
      status: deviceStatusViewSchema.nullable(),
    }),
  ),
});
export type DeviceStatusDetails = z.infer<typeof deviceStatusDetailsSchema>;

/** `locations svc=getDeviceWatchedMutedDetails`. */
export const deviceWatchedMutedSchema = z.object({
  records: z.array(z.object({ devId: z.string(), watched: z.boolean(), muted: z.boolean() })),
});
export type DeviceWatchedMuted = z.infer<typeof deviceWatchedMutedSchema>;

/** `watchManagement svc=addDevice/deleteDevice`: the device and whether it is now watched. */
export const deviceWatchedSchema = z.object({ devId: z.string(), watched: z.boolean() });
export type DeviceWatched = z.infer<typeof deviceWatchedSchema>;

/** `mutesManagement svc=muteDevice/unmuteDevice`: the device and whether it is now muted. */
export const deviceMutedSchema = z.object({ devId: z.string(), muted: z.boolean() });
export type DeviceMuted = z.infer<typeof deviceMutedSchema>;

const address = { devId: z.string(), kidId: z.string().optional() };

/**
 * What the live stream (`eventPuller/eventPullerPusher.php`, server-sent events) and its polling
 * fallback (`eventPuller/getEvents.php`) carry for a device and its kids. `seq` orders events of
 * one server (SSE `id:`); `at` is the server time in ms. A `resync` asks the client to refetch
 * everything (it missed events).
 */
export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('status'), ...address, status: deviceStatusViewSchema }),
  z.object({ type: z.literal('contact'), ...address, contact: deviceContactSchema }),
  z.object({
    type: z.literal('command'),
    ...address,
    cmdId: z.string(),
    svc: z.string(),
    otlt: z.number().int().min(1).optional(),
    state: commandStateSchema,
    error: z.string().optional(),
  }),
  /**
   * Name, outlet labels/locks or kid list changed: refetch meta. `removed`: the device (or the kid)
   * was deleted from its location; a stream of it ends after this event.
   */
  z.object({
    type: z.literal('device'),
    ...address,
    change: z.enum(['info', 'online', 'offline', 'removed']),
  }),
  z.object({ type: z.literal('resync'), devId: z.string() }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

export const liveEventEnvelopeSchema = z.object({
  seq: z.number().int().nonnegative(),
  at: z.number().int().nonnegative(),
  event: liveEventSchema,
});
export type LiveEventEnvelope = z.infer<typeof liveEventEnvelopeSchema>;

/** `eventPuller/getEvents.php`: events after `clientId` (ms); send `timestamp` back next time. */
export const liveEventsPageSchema = z.object({
  timestamp: z.number().int().nonnegative(),
  events: z.array(liveEventEnvelopeSchema),
});
export type LiveEventsPage = z.infer<typeof liveEventsPageSchema>;
