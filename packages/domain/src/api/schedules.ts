import { z } from 'zod';
import { scheduleActionSchema } from '../validation/schedules';

/** Who made a change or sent a command: a person, a schedule, auto-reboot, an API client, the device. */
export const ACTOR_KINDS = ['user', 'schedule', 'autoReboot', 'api', 'device'] as const;
export const actorKindSchema = z.enum(ACTOR_KINDS);
export type ActorKind = z.infer<typeof actorKindSchema>;

export const actorSchema = z.object({
  kind: actorKindSchema,
  id: z.string().nullable(),
  /** A person's name, a schedule's name; null when unknown (e.g. a deleted user). */
  name: z.string().nullable(),
});

/** A location's time zone as stored (spec §3): GMT offset of the list and the DST checkbox. */
export const locationTimeSchema = z.object({ timezone: z.string(), dst: z.boolean() });
export type LocationTime = z.infer<typeof locationTimeSchema>;

/** One target of a schedule as listed: a device, and an outlet or (null) the whole device. */
export const scheduleTargetViewSchema = z.object({
  devId: z.string(),
  devClass: z.string(),
  devName: z.string(),
  /** The parent of a kid (cv2/cv3 card, bb232, gateway), for the device path. */
  parentDevId: z.string().nullable(),
  parentDevClass: z.string().nullable(),
  otlt: z.number().int().nullable(),
  /** The outlet's label when it has one. */
  outletName: z.string().nullable(),
});
export type ScheduleTargetView = z.infer<typeof scheduleTargetViewSchema>;

/**
 * What one target's command came to: done, failed or expired (the device's answer or its
 * absence), sent (still on its way), or skipped with the reason (locked outlet or location,
 * device inactive, device removed) — a skipped target is not switched.
 */
export const FIRE_TARGET_RESULTS = ['done', 'sent', 'failed', 'expired', 'skipped'] as const;
export const fireTargetResultSchema = z.object({
  devId: z.string(),
  otlt: z.number().int().nullable(),
  result: z.enum(FIRE_TARGET_RESULTS),
  error: z.string().nullable(),
  cmdId: z.string().nullable(),
});
export type FireTargetResult = z.infer<typeof fireTargetResultSchema>;

/**
 * One firing of a schedule: `done` (every target done), `partial` (some failed or skipped),
 * `failed` (none done), `pending` (commands still on their way), `missed` (the server was down
 * longer than the grace window past the due time; nothing was sent).
 */
export const FIRE_OUTCOMES = ['done', 'partial', 'failed', 'pending', 'missed'] as const;
export const fireOutcomeSchema = z.enum(FIRE_OUTCOMES);
export type FireOutcome = z.infer<typeof fireOutcomeSchema>;

export const scheduleFireSchema = z.object({
  id: z.number().int(),
  /** When it was due (Unix ms); null for a Run now. */
  dueAt: z.number().nullable(),
  firedAt: z.number(),
  outcome: fireOutcomeSchema,
  targets: z.array(fireTargetResultSchema),
});
export type ScheduleFire = z.infer<typeof scheduleFireSchema>;

export const scheduleSchema = z.object({
  id: z.number().int(),
  siteId: z.string(),
  name: z.string(),
  targets: z.array(scheduleTargetViewSchema),
  action: scheduleActionSchema,
  /** Local time of day at the location, HH:mm. */
  time: z.string(),
  dayMask: z.number().int(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  enabled: z.boolean(),
  createdBy: actorSchema,
  createdAt: z.number(),
  updatedAt: z.number(),
  /** The next time it fires (Unix ms); null when disabled or past its end date. */
  nextFire: z.number().nullable(),
  lastFire: scheduleFireSchema.nullable(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

export const scheduleListSchema = z.object({
  records: z.array(scheduleSchema),
  zone: locationTimeSchema,
});
export type ScheduleList = z.infer<typeof scheduleListSchema>;

/** A firing's outcome from its targets' results (commands read from the audit log). */
export function fireOutcome(targets: readonly Pick<FireTargetResult, 'result'>[]): FireOutcome {
  if (targets.some((t) => t.result === 'sent')) return 'pending';
  const done = targets.filter((t) => t.result === 'done').length;
  if (done === targets.length && done > 0) return 'done';
  return done > 0 ? 'partial' : 'failed';
}
