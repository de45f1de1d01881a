import { z } from 'zod';

/**
 * What an `event` reports (ARCHITECTURE §4): an outlet change, a cycle, the power condition,
 * battery state, a ping failure, a firmware phase, a sequence step, a fault, Find Me, a reboot,
 * changed info (name, outlet labels and locks, settings), an auto-reboot by a failing ping target
 * (`cycled` or `capReached`), or a phase of a discovery (`discover`).
 */
export const EVENT_TYPES = [
  'outlet',
  'cycle',
  'power',
  'battery',
  'ping',
  'firmware',
  'sequence',
  'fault',
  'findMe',
  'reboot',
  'info',
  'autoReboot',
  'discover',
] as const;
export const eventTypeSchema = z.enum(EVENT_TYPES);
export type EventType = z.infer<typeof eventTypeSchema>;

export const deviceEventSchema = z.object({
  type: eventTypeSchema,
  /** 1-based outlet the event is about, when it is about one. */
  outlet: z.number().int().min(1).optional(),
  /** `ping` and `autoReboot` events: the 1-based ping target the event is about. */
  target: z.number().int().min(1).max(8).optional(),
  /** Outlet events: 0 off, 1 on. Others: a code or a short text, see docs/device-protocol.md. */
  value: z.union([z.number(), z.string(), z.boolean()]),
  /** Device clock, Unix seconds. */
  time: z.number().int().nonnegative(),
});
export type DeviceEvent = z.infer<typeof deviceEventSchema>;
