import { z } from 'zod';
import { deviceClassSchema } from '../catalog/device-class';
import type { DeviceSpec } from '../catalog/device-spec';

/**
 * Discover Units (spec §4 "discover phases with error reasons"): a device with attached units (a
 * bb232's sequencers, a cv2/cv3 card's attached device, a gateway's wireless devices) scans for
 * them. Phases go forward only: starting → scanning → found → done, or failed with a reason.
 */
export const DISCOVERY_PHASES = ['starting', 'scanning', 'found', 'done', 'failed'] as const;
export const discoveryPhaseSchema = z.enum(DISCOVERY_PHASES);
export type DiscoveryPhase = z.infer<typeof discoveryPhaseSchema>;

export const DISCOVERY_REASONS = ['timedOut', 'noBus', 'busy', 'notSupported', 'offline'] as const;
export const discoveryReasonSchema = z.enum(DISCOVERY_REASONS);
export type DiscoveryReason = z.infer<typeof discoveryReasonSchema>;

/** Words of each phase and reason on the Discover Units page. */
export const discoveryPhaseTexts: Record<DiscoveryPhase, string> = {
  starting: 'Starting',
  scanning: 'Scanning',
  found: 'Found',
  done: 'Done',
  failed: 'Failed',
};
export const discoveryReasonTexts: Record<DiscoveryReason, string> = {
  timedOut: 'Timed out: the device did not finish the scan',
  noBus: 'No answer on the bus: check the cable to the units',
  busy: 'The device is busy with another operation',
  notSupported: 'This device has no attached units to discover',
  offline: 'This device is currently inactive.',
};

/** A unit a scan found, as the device reports it. */
export const discoveredUnitSchema = z.object({
  devId: z.string().regex(/^[0-9A-F]{6,32}$/),
  devClass: deviceClassSchema,
  name: z.string().max(40),
});
export type DiscoveredUnit = z.infer<typeof discoveredUnitSchema>;

/** A device scans for units when its class has classes that attach to it. */
export function discoversUnits(spec: Pick<DeviceSpec, 'childClasses'>): boolean {
  return spec.childClasses.length > 0;
}

/**
 * The value of a `discover` event: a phase, `found:N`, or `failed:{reason}`; undefined for text
 * that is none of them.
 */
export function parseDiscoverEvent(
  value: unknown,
): { phase: DiscoveryPhase; found?: number; reason?: DiscoveryReason } | undefined {
  if (typeof value !== 'string') return undefined;
  const [head, arg] = value.split(':', 2);
  if (head === 'found') {
    return arg !== undefined && /^\d+$/.test(arg)
      ? { phase: 'found', found: Number(arg) }
      : undefined;
  }
  if (head === 'failed') {
    const reason = discoveryReasonSchema.safeParse(arg);
    return { phase: 'failed', reason: reason.success ? reason.data : 'timedOut' };
  }
  const phase = discoveryPhaseSchema.safeParse(head);
  return phase.success && arg === undefined ? { phase: phase.data } : undefined;
}
