import { z } from 'zod';
import { actorSchema, locationTimeSchema } from './schedules';

/**
 * The event log of a location or device (issue 13): outlet switched or cycled (and by whom),
 * sequence, reboot, device online/offline, power condition, battery, faults, firmware, schedule
 * changes and firings, other device changes (rename, labels, settings, Find Me).
 */
export const EVENT_LOG_TYPES = [
  'outlet',
  'sequence',
  'reboot',
  'connection',
  'power',
  'battery',
  'fault',
  'firmware',
  'schedule',
  'device',
] as const;
export const eventLogTypeSchema = z.enum(EVENT_LOG_TYPES);
export type EventLogType = z.infer<typeof eventLogTypeSchema>;

/**
 * What an entry came to: a command's final state (or `pending` while on its way), a schedule
 * firing's outcome; null for what simply happened (a device went offline).
 */
export const EVENT_RESULTS = ['done', 'failed', 'expired', 'pending', 'partial', 'missed'] as const;
export const eventResultSchema = z.enum(EVENT_RESULTS);

/** One entry (spec §3 "event entries (device class and id, outlet, time)"). */
export const eventEntrySchema = z.object({
  /** Stable and unique across the sources: `cmd:<id>`, `dev:<id>`, `sch:<id>`. */
  id: z.string(),
  /** Unix ms. */
  time: z.number(),
  type: eventLogTypeSchema,
  devClass: z.string().nullable(),
  devId: z.string().nullable(),
  devName: z.string().nullable(),
  parentDevId: z.string().nullable(),
  outlet: z.number().int().nullable(),
  actor: actorSchema,
  /** What happened, in words ("Outlet 3 switched on", "Schedule Nightly fired"). */
  text: z.string(),
  result: eventResultSchema.nullable(),
  /** The reason of a failure, a firing's per-target results, … */
  detail: z.string().nullable(),
});
export type EventEntry = z.infer<typeof eventEntrySchema>;

export const eventPageSchema = z.object({
  records: z.array(eventEntrySchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  next: z.string().nullable(),
  zone: locationTimeSchema,
});
export type EventPage = z.infer<typeof eventPageSchema>;

/** Events per day of a month, in the location's time zone (days without events left out). */
export const eventCalendarSchema = z.object({
  days: z.array(z.object({ date: z.string(), count: z.number().int() })),
  zone: locationTimeSchema,
});
export type EventCalendar = z.infer<typeof eventCalendarSchema>;

/** The live stream of a location's log: something new was logged at `siteId`. */
export const eventLogPushSchema = z.object({ siteId: z.string(), at: z.number() });
export type EventLogPush = z.infer<typeof eventLogPushSchema>;
