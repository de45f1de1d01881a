import { z } from 'zod';
import { deviceClassSchema } from '../catalog/device-class';
import {
  discoveredUnitSchema,
  discoveryPhaseSchema,
  discoveryReasonSchema,
} from '../network/discovery';
import { PING_STATES } from '../network/ping-monitor';
import { pingTargetFields } from '../network/ping-target';
import { permLvlSchema } from '../permissions/perm-lvl';

/**
 * Wire types of Network Management and Discover Units (issue 15, docs/api/network.md). Times are
 * Unix seconds.
 */

/** The words of the guard against cutting a location off (issue 15). */
export const networkMessages = {
  cutOff: 'This location will lose its connection; only a cycle brings it back by itself.',
  confirmTitle: 'Switch off the network?',
  confirmOff: 'Switch off',
  cycleInstead: 'Cycle instead',
  /** A 409 of a switch-off (or a schedule saving one) sent without the confirmation. */
  needsConfirmation:
    'This outlet feeds the location’s network: confirm switching it off (confirmed=true).',
} as const;

/** An outlet of a device (or of its kid), and whether it feeds the site's network. */
export const networkOutletSchema = z.object({
  devId: z.string(),
  devClass: deviceClassSchema,
  otlt: z.number().int().min(1),
  name: z.string(),
  feedsNetwork: z.boolean(),
  /** Who says so: a user marked it, the device reports its uplink through it, or nobody. */
  source: z.enum(['user', 'device']).nullable(),
});
export type NetworkOutlet = z.infer<typeof networkOutletSchema>;

/** One ping target with its live state, as the device last reported it. */
export const pingTargetViewSchema = pingTargetFields.extend({
  state: z.enum(PING_STATES),
  lastReply: z.number().int().nullable(),
  rebootsToday: z.number().int().nonnegative(),
});
export type PingTargetView = z.infer<typeof pingTargetViewSchema>;

/** A device's auto-ping: the configured targets, and whether the device runs them yet. */
export const devicePingSchema = z.object({
  devId: z.string(),
  /** The configuration's version (0: never configured). */
  version: z.number().int().nonnegative(),
  /** The version the device last reported running; null before it reported one. */
  appliedVersion: z.number().int().nonnegative().nullable(),
  /** A change the device has not acknowledged yet (shown as pending). */
  pending: z.boolean(),
  targets: z.array(pingTargetViewSchema),
});
export type DevicePing = z.infer<typeof devicePingSchema>;

const networkNodeFields = {
  devId: z.string(),
  devClass: deviceClassSchema,
  devName: z.string(),
  /** Spec §4 connection rule, on the server's clock. */
  connected: z.boolean(),
  /** The device's address on the site's network, as it reports it. */
  ip: z.string().nullable(),
  /** `10:65:A3:…` for a MAC ID, the serial number for a kid. */
  mac: z.string(),
  lastContact: z.number().int().nullable(),
  fwVer: z.string().nullable(),
};

/** A kid: a gateway's wireless device (signal, last seen) or an attached unit. */
export const networkKidSchema = z.object({
  ...networkNodeFields,
  /** Signal at the gateway, dBm; null for a wired unit. */
  rssi: z.number().int().nullable(),
});

export const networkDeviceSchema = z.object({
  ...networkNodeFields,
  /** A gateway: its kids are wireless devices (joined with Add Wireless Device). */
  gateway: z.boolean(),
  kids: z.array(networkKidSchema),
  /** Auto-ping; null for a class that does not run it. */
  ping: devicePingSchema.nullable(),
  /** Outlets of the device and its kids, with the network marks. */
  outlets: z.array(networkOutletSchema),
});
export type NetworkDevice = z.infer<typeof networkDeviceSchema>;

/** `networkManagement svc=getNetwork`: every device of a location on the network tab. */
export const locationNetworkSchema = z.object({
  siteId: z.string(),
  permLvl: permLvlSchema,
  /** Whether the caller may change targets and marks (not CLIENT). */
  canEdit: z.boolean(),
  devices: z.array(networkDeviceSchema),
});
export type LocationNetwork = z.infer<typeof locationNetworkSchema>;

/** A discovery run and the units it found (`known`: the console had it before this run). */
export const discoveryRunSchema = z.object({
  runId: z.uuid(),
  devId: z.string(),
  phase: discoveryPhaseSchema,
  found: z.number().int().nonnegative().nullable(),
  reason: discoveryReasonSchema.nullable(),
  units: z.array(discoveredUnitSchema.extend({ known: z.boolean() })),
  startedAt: z.number().int(),
  endedAt: z.number().int().nullable(),
});
export type DiscoveryRun = z.infer<typeof discoveryRunSchema>;

/** `networkManagement svc=getDiscovery`: a device's units and its latest discovery. */
export const deviceDiscoverySchema = z.object({
  devId: z.string(),
  devClass: deviceClassSchema,
  /** Whether the class has attached units to discover. */
  supported: z.boolean(),
  /** Units the console knows attached to it now. */
  units: z.array(discoveredUnitSchema),
  run: discoveryRunSchema.nullable(),
});
export type DeviceDiscovery = z.infer<typeof deviceDiscoverySchema>;
