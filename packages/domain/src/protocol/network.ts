import { z } from 'zod';
import { PING_WINDOW } from '../constants';
import { PING_STATES } from '../network/ping-monitor';
import {
  type PingTarget,
  pingActionSchema,
  pingHostSchema,
  pingOutletSchema,
} from '../network/ping-target';

/**
 * Auto-ping on the wire (docs/device-protocol.md "Auto-ping"): the console sends the whole list of
 * a device's targets with a version; the device runs them itself and reports their state in its
 * status, so it keeps rebooting the modem that cut it off from the console.
 */
export const wirePingTargetSchema = z.object({
  host: pingHostSchema,
  windowSec: z.union([
    z.literal(PING_WINDOW.Fast),
    z.literal(PING_WINDOW.Normal),
    z.literal(PING_WINDOW.Slow),
  ]),
  action: pingActionSchema,
  outlets: z.array(pingOutletSchema).max(24),
  maxReboots: z.number().int().min(1).max(10),
  holdOffSec: z.number().int().min(1).max(86_400),
});
export type WirePingTarget = z.infer<typeof wirePingTargetSchema>;

/** The `pingConfig` command: the targets of configuration `version` (newer replaces older). */
export const pingConfigArgsSchema = z.object({
  version: z.number().int().min(1),
  targets: z.array(wirePingTargetSchema).max(8),
});
export type PingConfigArgs = z.infer<typeof pingConfigArgsSchema>;

/** The `discover` command: scan for attached units (the ack's result lists them). */
export const discoverArgsSchema = z.object({});

/** One target's live state as the device reports it in its status (same order as configured). */
export const pingTargetStatusSchema = z.object({
  state: z.enum(PING_STATES),
  /** Device clock of the last reply, Unix seconds; null before the first. */
  lastReply: z.number().int().nonnegative().nullable(),
  /** Auto-reboots on the device's current day. */
  rebootsToday: z.number().int().nonnegative(),
});

/** `status.ping`: the configuration version the device runs and each target's state. */
export const pingStatusSchema = z.object({
  version: z.number().int().nonnegative(),
  targets: z.array(pingTargetStatusSchema).max(8),
});
export type PingStatus = z.infer<typeof pingStatusSchema>;

/** The editor's targets as the device takes them. */
export function toWirePingTargets(targets: readonly PingTarget[]): WirePingTarget[] {
  return targets.map(({ window, ...rest }) => ({ ...rest, windowSec: PING_WINDOW[window] }));
}

/** What a device sends back into the editor's form. */
export function fromWirePingTargets(targets: readonly WirePingTarget[]): PingTarget[] {
  const windowOf = (sec: number) =>
    (Object.entries(PING_WINDOW).find(([, s]) => s === sec)?.[0] ??
      'Normal') as PingTarget['window'];
  return targets.map(({ windowSec, ...rest }) => ({ ...rest, window: windowOf(windowSec) }));
}
