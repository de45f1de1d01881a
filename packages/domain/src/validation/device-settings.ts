import { z } from 'zod';
import { CYCLE_GROUP_FIRMWARE, CYCLE_GROUP_OUTLETS } from '../constants';
import type { DeviceSettingDescriptor } from '../catalog/device-settings';
import { findSetting, settingFieldsOf } from '../catalog/device-settings';
import { EVENT_TYPES, type EventType } from '../protocol/event';
import {
  CLOCK_SOURCES,
  type DeviceSettingField,
  type DeviceSettings,
  POWER_ON_STATES,
  SETTING_LIMITS,
} from '../protocol/settings';
import { TIMEZONE_LIST } from '../schedules/zones';
import { deviceNameSchema } from './device';
import { validationMessages } from './validation-messages';

/** Messages of the device settings form and call; the spec words none of them ("ours"). */
export const deviceSettingsMessages = {
  numeric: validationMessages.numeric,
  min: (n: number) => `Minimum value allowed is ${n}`,
  max: (n: number) => `Maximum value allowed is ${n}`,
  wholeSeconds: 'Please enter whole seconds',
  noSuchOutlet: 'This outlet does not exist on this device',
  duplicateOutlet: validationMessages.duplicateOutlet,
  cycleGroupFirmware: `On firmware ${CYCLE_GROUP_FIRMWARE} the cycle group takes outlets 1-8 only`,
  powerOnCount: (n: number) => `Please choose a power-on state for each of the ${n} outlets`,
  ntpServerRequired: 'Please enter the NTP server',
  ntpServer: 'Please enter a valid host name or IP address',
  timezone: 'Please select a time zone',
  eventType: 'This device does not report this type of event',
  notASetting: (displayName: string) => `Not a setting of the ${displayName}`,
  /** The save call's 403 (spec §6: CLIENT sees device settings read-only). */
  refused: 'You do not have permission to change device settings.',
  nothingToSave: 'Nothing to save: no setting was changed.',
} as const;

const m = deviceSettingsMessages;

function seconds(limits: { min: number; max: number }, whole: boolean) {
  const number = z.number({ message: m.numeric });
  return (whole ? number.int(m.wholeSeconds) : number)
    .min(limits.min, m.min(limits.min))
    .max(limits.max, m.max(limits.max));
}

function outletSchema(allowed: readonly number[], message: string = m.noSuchOutlet) {
  return z
    .number({ message: m.noSuchOutlet })
    .int(m.noSuchOutlet)
    .refine((n) => allowed.includes(n), message);
}

/** No outlet twice in a group (spec §5 duplicate outlet), reported on the repeated entry. */
function noRepeats<T>(outletOf: (item: T) => number, path: (i: number) => (string | number)[]) {
  return (items: readonly T[], ctx: z.RefinementCtx) => {
    const seen = new Set<number>();
    items.forEach((item, i) => {
      const otlt = outletOf(item);
      if (seen.has(otlt))
        ctx.addIssue({ code: 'custom', message: m.duplicateOutlet, path: path(i) });
      seen.add(otlt);
    });
  };
}

const HOST_PATTERN =
  /^(?=.{1,100}$)([A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

const TIMEZONE_OFFSETS = TIMEZONE_LIST.map((entry) => entry.offset);

interface ShapeOptions {
  outlets: readonly number[];
  cycleOutlets: readonly number[];
  cycleOutletMessage?: string;
  eventTypes: readonly EventType[];
  /** The class's outlet count: one power-on state each. Without it, at most 12. */
  powerOnCount?: number;
}

function settingsShape(o: ShapeOptions) {
  const step = z.object({
    otlt: outletSchema(o.outlets),
    delaySec: seconds(SETTING_LIMITS.stepDelaySec, false),
  });
  const powerOn = z.array(z.enum(POWER_ON_STATES, { message: 'Please choose on, off or last' }));
  return {
    name: deviceNameSchema,
    statusIntervalSec: seconds(SETTING_LIMITS.statusIntervalSec, true),
    events: z.array(
      z
        .enum(EVENT_TYPES, { message: m.eventType })
        .refine((t) => o.eventTypes.includes(t), m.eventType),
    ),
    sequenceGroup: z
      .array(step)
      .max(o.outlets.length)
      .superRefine(
        noRepeats(
          (s) => s.otlt,
          (i) => [i, 'otlt'],
        ),
      ),
    cycleGroup: z
      .array(outletSchema(o.cycleOutlets, o.cycleOutletMessage))
      .max(o.outlets.length)
      .superRefine(
        noRepeats(
          (n: number) => n,
          (i) => [i],
        ),
      ),
    cycleOffSec: seconds(SETTING_LIMITS.cycleOffSec, false),
    powerOn:
      o.powerOnCount === undefined
        ? powerOn.max(12)
        : powerOn.length(o.powerOnCount, m.powerOnCount(o.powerOnCount)),
    clockSource: z.enum(CLOCK_SOURCES, { message: 'Please choose NTP or the console' }),
    // empty is allowed here: an NTP clock's required server is `ntpNeedsServer`'s
    ntpServer: z.union([z.literal(''), z.string().trim().regex(HOST_PATTERN, m.ntpServer)]),
    timezone: z.enum(TIMEZONE_OFFSETS as [string, ...string[]], { message: m.timezone }),
  } satisfies Record<DeviceSettingField, z.ZodType>;
}

/** An NTP clock needs its server; the console's clock needs none. */
function ntpHasServer(values: { clockSource?: unknown; ntpServer?: unknown } | null): boolean {
  // runs even when the value is not an object at all (`when` below), which its type check reports
  if (typeof values !== 'object' || values === null) return true;
  return !(
    values.clockSource === 'ntp' &&
    typeof values.ntpServer === 'string' &&
    values.ntpServer.trim() === ''
  );
}

// checked even while other fields have problems, so a form shows it with theirs
const ntpRule = { message: m.ntpServerRequired, path: ['ntpServer'], when: () => true };

const ALL_OUTLETS = Array.from({ length: 12 }, (_, i) => i + 1);

/**
 * The save call's settings as any class could send them (the call table's input): the bounds every
 * class shares. What this class has, and its outlets, are `checkDeviceSettings`'s.
 */
export const deviceSettingsInputSchema = z
  .object(
    settingsShape({ outlets: ALL_OUTLETS, cycleOutlets: ALL_OUTLETS, eventTypes: EVENT_TYPES }),
    { message: 'settings is required: the settings to change' },
  )
  .partial()
  .refine(ntpHasServer, ntpRule);

/** What the settings of a class are checked against: its catalog entry and its firmware. */
export interface SettingsSubject {
  settings: readonly DeviceSettingDescriptor[];
  outletCount: number;
  displayName: string;
}

/**
 * The outlets a cycle group may hold: every outlet, but on firmware 1.0.0 outlets 1-8 only, which
 * the console sends with each cycle (`cycotlts`, spec §7, §9).
 */
export function cycleGroupOutlets(outletCount: number, fwVer: string | null): number[] {
  const all = Array.from({ length: outletCount }, (_, i) => i + 1);
  if (fwVer !== CYCLE_GROUP_FIRMWARE) return all;
  return all.filter((n) => (CYCLE_GROUP_OUTLETS as readonly number[]).includes(n));
}

/**
 * The Settings form's schema for a class (every field its descriptors name, all optional): the
 * same rules the server applies (`checkDeviceSettings`), with the form's messages.
 */
export function deviceSettingsSchemaFor(
  subject: SettingsSubject,
  fwVer: string | null,
): z.ZodType<DeviceSettings, DeviceSettings> {
  const outlets = Array.from({ length: subject.outletCount }, (_, i) => i + 1);
  const shape = settingsShape({
    outlets,
    cycleOutlets: cycleGroupOutlets(subject.outletCount, fwVer),
    ...(fwVer === CYCLE_GROUP_FIRMWARE ? { cycleOutletMessage: m.cycleGroupFirmware } : {}),
    eventTypes: findSetting(subject.settings, 'events')?.types ?? [],
    powerOnCount: subject.outletCount,
  });
  const own = new Set(settingFieldsOf(subject.settings));
  const picked = Object.fromEntries(
    Object.entries(shape).filter(([field]) => own.has(field as DeviceSettingField)),
  ) as Partial<typeof shape>;
  // the fields picked are the settings' own, so it reads and gives settings (the class's part)
  return z.object(picked).partial().refine(ntpHasServer, ntpRule) as z.ZodType<
    DeviceSettings,
    DeviceSettings
  >;
}

/**
 * The server's check of a save: every field must be a setting of the class and pass its rules.
 * Answers the problems by field path (`sequenceGroup.2.delaySec`), empty when there are none.
 */
export function checkDeviceSettings(
  subject: SettingsSubject,
  fwVer: string | null,
  values: Record<string, unknown>,
): Record<string, string> {
  const problems: Record<string, string> = {};
  const own = new Set<string>(settingFieldsOf(subject.settings));
  for (const field of Object.keys(values)) {
    if (!own.has(field)) problems[field] = m.notASetting(subject.displayName);
  }
  const parsed = deviceSettingsSchemaFor(subject, fwVer).safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.');
      if (path !== '' && !(path in problems)) problems[path] = issue.message;
    }
  }
  return problems;
}
