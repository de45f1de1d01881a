import { z } from 'zod';
import { validationMessages } from './validation-messages';

/**
 * Scheduled commands (issue 13; spec §3 "scheduled command events", §5 "Duplicate outlet", §9 day
 * masks). The form and the server read the same schema, so a message shown under a field is the
 * one the server answers with.
 */

/** What a schedule does to its targets; outlet actions take outlets, the others whole devices. */
export const SCHEDULE_ACTIONS = [
  'on',
  'off',
  'cycle',
  'sequenceOn',
  'sequenceOff',
  'reboot',
] as const;
export const scheduleActionSchema = z.enum(SCHEDULE_ACTIONS, {
  message: 'Please select an action', // ours
});
export type ScheduleAction = z.infer<typeof scheduleActionSchema>;

/** Actions that switch outlets; the rest act on a whole device (sequence, card reboot). */
export const OUTLET_ACTIONS: readonly ScheduleAction[] = ['on', 'off', 'cycle'];

export const scheduleMessages = {
  noTarget: 'Please select a device', // ours
  time: 'Please enter a time', // ours
  noDays: 'Please select at least one day', // ours
  date: 'Please enter a valid date', // ours
  endBeforeStart: 'End date can not be before start date', // ours
  wholeDeviceAction: 'Sequence and reboot act on a whole device: do not select outlets', // ours
} as const;

/** Most targets one schedule may have (every outlet of a few devices). */
export const MAX_SCHEDULE_TARGETS = 96;

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A calendar date as the picker gives it (YYYY-MM-DD) that exists (no 2026-02-30). */
export const pickerDateSchema = z
  .string({ message: scheduleMessages.date })
  .trim()
  .refine(isCalendarDate, { message: scheduleMessages.date });

function isCalendarDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** An optional date: empty means none. */
const optionalDate = z
  .union([z.literal(''), z.null(), pickerDateSchema])
  .optional()
  .transform((v) => (v ? v : null));

export const scheduleTargetSchema = z.object({
  devId: z
    .string({ message: scheduleMessages.noTarget })
    .trim()
    .regex(/^[0-9A-Fa-f]{6,32}$/, scheduleMessages.noTarget)
    .transform((v) => v.toUpperCase()),
  /** An outlet (1-based); null or absent: the whole device. */
  otlt: z
    .number({ message: 'otlt must be an outlet number' })
    .int('otlt must be an outlet number')
    .min(1, 'otlt must be an outlet number from 1')
    .max(12, 'otlt must be an outlet number up to 12')
    .nullable()
    .optional()
    .transform((v) => v ?? null),
});
export type ScheduleTarget = z.infer<typeof scheduleTargetSchema>;

/** The fields of a schedule's add/edit form (all but the location and id). */
export const scheduleFields = z.object({
  name: z.string().trim().max(40, validationMessages.maxLength).default(''),
  targets: z
    .array(scheduleTargetSchema, { message: scheduleMessages.noTarget })
    .min(1, scheduleMessages.noTarget)
    .max(MAX_SCHEDULE_TARGETS, `At most ${MAX_SCHEDULE_TARGETS} outlets per schedule`),
  action: scheduleActionSchema,
  /** Local time of day at the location, 24-hour HH:mm. */
  time: z
    .string({ message: scheduleMessages.time })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, scheduleMessages.time),
  /** Spec §9 day mask: 127 every day, 115 weekdays, 12 weekend. */
  dayMask: z
    .number({ message: scheduleMessages.noDays })
    .int(scheduleMessages.noDays)
    .min(1, scheduleMessages.noDays)
    .max(127, scheduleMessages.noDays),
  startDate: optionalDate,
  endDate: optionalDate,
  enabled: z.boolean().default(true),
});

/**
 * The form's rules across fields, for the form's schema and the calls' (which add siteId and id),
 * so both check the same rules.
 */
export function checkScheduleRules(
  form: z.output<typeof scheduleFields>,
  ctx: z.RefinementCtx,
): void {
  // spec §5: the same device id and selected outlet may not appear twice
  // (a whole device and one of its outlets overlap too)
  const seen = new Set<string>();
  const whole = new Set(form.targets.filter((t) => t.otlt === null).map((t) => t.devId));
  form.targets.forEach((target, index) => {
    const key = `${target.devId}/${target.otlt ?? '*'}`;
    if (seen.has(key) || (target.otlt !== null && whole.has(target.devId))) {
      ctx.addIssue({
        code: 'custom',
        path: ['targets', index],
        message: validationMessages.duplicateOutlet,
      });
    }
    seen.add(key);
    if (target.otlt !== null && !OUTLET_ACTIONS.includes(form.action)) {
      ctx.addIssue({
        code: 'custom',
        path: ['targets', index, 'otlt'],
        message: scheduleMessages.wholeDeviceAction,
      });
    }
  });
  if (form.startDate && form.endDate && form.endDate < form.startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: scheduleMessages.endBeforeStart });
  }
}

/** The add/edit form of a schedule. */
export const scheduleFormSchema = scheduleFields.superRefine(checkScheduleRules);
export type ScheduleForm = z.input<typeof scheduleFormSchema>;
export type ScheduleFields = z.output<typeof scheduleFormSchema>;
