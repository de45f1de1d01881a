import { z } from 'zod';
import { PING_WINDOW, type PingWindowName } from '../constants';
import { duplicateOutletIndexes, isIpv4 } from '../validation/device';
import { validationMessages } from '../validation/validation-messages';

/** Auto-ping limits: up to 8 targets a device, reboots in a row and the hold-off after one. */
export const PING_LIMITS = {
  targets: 8,
  maxRebootsMin: 1,
  maxRebootsMax: 10,
  maxRebootsDefault: 3,
  holdOffSecMin: 60,
  holdOffSecMax: 3600,
  holdOffSecDefault: 300,
} as const;

export const PING_WINDOW_NAMES = Object.keys(PING_WINDOW) as PingWindowName[];

/** Messages of the ping target editor (the spec words none of them: ours, in its style). */
export const pingMessages = {
  host: 'Please enter a valid IP address or host name',
  outletsRequired: 'Please select an outlet to cycle',
  tooManyTargets: `At most ${PING_LIMITS.targets} ping targets`,
  maxReboots: `Enter ${PING_LIMITS.maxRebootsMin} to ${PING_LIMITS.maxRebootsMax} reboots`,
  holdOff: `Enter ${PING_LIMITS.holdOffSecMin} to ${PING_LIMITS.holdOffSecMax} seconds`,
} as const;

const HOST_LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i;

/**
 * A ping target's address: an IPv4 address (spec §5: four dot parts each 0-255; `{ip}` rejected)
 * or a host name (RFC 1123 labels). Text of digits and dots is read as an address, so `300.1.1.1`
 * is not taken for a host name.
 */
export function isPingHost(value: string): boolean {
  const host = value.trim();
  if (host.length === 0 || host.length > 253 || host.includes('{ip}')) return false;
  if (/^[\d.]+$/.test(host)) return isIpv4(host);
  return host.split('.').every((label) => HOST_LABEL.test(label));
}

export const pingHostSchema = z
  .string({ message: pingMessages.host })
  .trim()
  .refine(isPingHost, pingMessages.host);

/** An outlet an auto-reboot cycles: of the device itself or of one of its kids (a card's unit). */
export const pingOutletSchema = z.object({
  devId: z.string().min(1).max(32),
  otlt: z.number().int().min(1).max(12),
});
export type PingOutlet = z.infer<typeof pingOutletSchema>;

/** What a device does when a target fails: alert only, or cycle the chosen outlets. */
export const pingActionSchema = z.enum(['none', 'cycle'], {
  message: "action must be 'none' or 'cycle'",
});
export type PingAction = z.infer<typeof pingActionSchema>;

export const pingTargetFields = z.object({
  host: pingHostSchema,
  /** Spec §9 sample window: Fast 900, Normal 1800, Slow 3600 seconds. */
  window: z.enum(PING_WINDOW_NAMES as [PingWindowName, ...PingWindowName[]], {
    message: 'window must be Fast, Normal or Slow',
  }),
  action: pingActionSchema,
  outlets: z.array(pingOutletSchema).max(24),
  /** Reboots in a row before the device stops and alerts. */
  maxReboots: z
    .number({ message: pingMessages.maxReboots })
    .int(pingMessages.maxReboots)
    .min(PING_LIMITS.maxRebootsMin, pingMessages.maxReboots)
    .max(PING_LIMITS.maxRebootsMax, pingMessages.maxReboots),
  /** After a reboot, the target is not judged again for this long (a slow modem boots). */
  holdOffSec: z
    .number({ message: pingMessages.holdOff })
    .int(pingMessages.holdOff)
    .min(PING_LIMITS.holdOffSecMin, pingMessages.holdOff)
    .max(PING_LIMITS.holdOffSecMax, pingMessages.holdOff),
});
export type PingTarget = z.output<typeof pingTargetFields>;

/** One target's rules: a cycle needs outlets, and an outlet is chosen once (spec §5). */
function checkTarget(target: PingTarget, ctx: z.RefinementCtx, at: (string | number)[]): void {
  if (target.action === 'cycle' && target.outlets.length === 0) {
    ctx.addIssue({
      code: 'custom',
      path: [...at, 'outlets'],
      message: pingMessages.outletsRequired,
    });
  }
  const rows = target.outlets.map((o) => ({ devId: o.devId, outlet: o.otlt }));
  for (const index of duplicateOutletIndexes(rows)) {
    ctx.addIssue({
      code: 'custom',
      path: [...at, 'outlets', index],
      message: validationMessages.duplicateOutlet,
    });
  }
}

/** A device's ping targets as the editor and the save call send them. */
export const pingTargetsSchema = z
  .array(pingTargetFields)
  .max(PING_LIMITS.targets, pingMessages.tooManyTargets)
  .superRefine((targets, ctx) => targets.forEach((t, i) => checkTarget(t, ctx, [i])));

/** A new target as the editor starts it. */
export function blankPingTarget(): PingTarget {
  return {
    host: '',
    window: 'Normal',
    action: 'none',
    outlets: [],
    maxReboots: PING_LIMITS.maxRebootsDefault,
    holdOffSec: PING_LIMITS.holdOffSecDefault,
  };
}

/** The sample window of a target in seconds. */
export function pingWindowSeconds(window: PingWindowName): number {
  return PING_WINDOW[window];
}
