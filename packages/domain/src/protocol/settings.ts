import { z } from 'zod';
import { NAME_MAX_LENGTH } from '../constants';
import { eventTypeSchema } from './event';

/**
 * Device settings (docs/device-protocol.md "Settings"): what the `settings` command writes and its
 * ack answers. Which of them a class has is the catalog's (`spec.settings`); the bounds here are
 * the device's, and the console's forms check the same ones (validation/device-settings.ts).
 */

/** An outlet's state when power returns after a loss: on, off, or as it was before. */
export const POWER_ON_STATES = ['on', 'off', 'last'] as const;
export type PowerOnState = (typeof POWER_ON_STATES)[number];

/** Where the device sets its clock from: an NTP server, or the console (over the device link). */
export const CLOCK_SOURCES = ['ntp', 'console'] as const;
export type ClockSource = (typeof CLOCK_SOURCES)[number];

export const SETTING_LIMITS = {
  /**
   * Seconds between status reports when nothing changes. At most half the 120 s after which a
   * silent device counts as inactive (spec §4, §9), so a quiet device never looks disconnected.
   */
  statusIntervalSec: { min: 5, max: 60 },
  /** Seconds a sequence waits before switching an outlet of its group. */
  stepDelaySec: { min: 0, max: 600 },
  /** Seconds a cycled outlet stays off. */
  cycleOffSec: { min: 1, max: 600 },
  ntpServerLength: 100,
} as const;

/** One step of a sequence group: the outlet, and the wait before it switches on. */
const sequenceStepSchema = z.object({
  otlt: z.number().int().min(1),
  delaySec: z.number().min(0),
});

/**
 * The settings of a device, decoded. A family has some of them (the catalog says which); a
 * sequence group lists its outlets in the order they switch on, and goes off in reverse order.
 */
export const deviceSettingsSchema = z
  .object({
    name: z.string().max(NAME_MAX_LENGTH),
    statusIntervalSec: z.number().int().positive(),
    /** Event types the device reports; the others it keeps to itself. */
    events: z.array(eventTypeSchema),
    sequenceGroup: z.array(sequenceStepSchema),
    cycleGroup: z.array(z.number().int().min(1)),
    cycleOffSec: z.number().positive(),
    /** One per outlet, index 0 is outlet 1. */
    powerOn: z.array(z.enum(POWER_ON_STATES)),
    clockSource: z.enum(CLOCK_SOURCES),
    ntpServer: z.string().max(SETTING_LIMITS.ntpServerLength),
    /** A GMT offset of the time zone list ("-8.00"). */
    timezone: z.string().max(10),
  })
  .partial();
export type DeviceSettings = z.infer<typeof deviceSettingsSchema>;
export type DeviceSettingField = keyof DeviceSettings;

/** What travels in the `settings` command's values and its ack's result: scalars only. */
export const wireSettingsSchema = z.record(
  z.string().max(64),
  z.union([z.string().max(256), z.number(), z.boolean()]),
);
export type WireSettings = z.infer<typeof wireSettingsSchema>;

const list = (values: readonly (string | number)[]) => values.join(',');

/** Settings as the device protocol carries them: lists become comma-separated text. */
export function encodeDeviceSettings(settings: DeviceSettings): WireSettings {
  const wire: WireSettings = {};
  const { sequenceGroup, events, cycleGroup, powerOn, ...scalars } = settings;
  for (const [key, value] of Object.entries(scalars)) {
    if (value !== undefined) wire[key] = value;
  }
  if (events) wire.events = list(events);
  if (sequenceGroup) {
    wire.sequenceGroup = list(sequenceGroup.map((s) => s.otlt));
    wire.sequenceDelays = list(sequenceGroup.map((s) => s.delaySec));
  }
  if (cycleGroup) wire.cycleGroup = list(cycleGroup);
  if (powerOn) wire.powerOn = list(powerOn);
  return wire;
}

/** Wire keys of the settings (a sequence group travels as two). */
export const WIRE_SETTING_KEYS: readonly string[] = [
  ...Object.keys(deviceSettingsSchema.shape),
  'sequenceDelays',
];

/** The wait before each step when a sequence group arrives without its delays (seconds). */
export const DEFAULT_STEP_DELAY_SEC = 1;

const items = (value: unknown): string[] | undefined =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '')
    : undefined;

const numbers = (value: unknown): number[] | undefined => {
  const parts = items(value);
  if (!parts) return undefined;
  const parsed = parts.map(Number);
  return parsed.every((n) => Number.isFinite(n)) ? parsed : undefined;
};

export interface DecodedSettings {
  settings: DeviceSettings;
  /** Wire keys whose value could not be read, or that are not settings at all. */
  invalid: string[];
}

/**
 * Reads wire settings (a command's values, an ack's result, what the console stored). Keys it
 * cannot read are listed in `invalid` and left out. A sequence group without delays waits
 * `DEFAULT_STEP_DELAY_SEC` before each step but the first.
 */
export function decodeDeviceSettings(wire: Record<string, unknown>): DecodedSettings {
  const raw: Record<string, unknown> = {};
  const invalid: string[] = [];
  for (const [key, value] of Object.entries(wire)) {
    if (!WIRE_SETTING_KEYS.includes(key)) invalid.push(key);
    else if (key === 'events') raw.events = items(value);
    else if (key === 'powerOn') raw.powerOn = items(value);
    else if (key === 'cycleGroup') raw.cycleGroup = numbers(value);
    else if (key === 'sequenceGroup') {
      const otlts = numbers(value);
      const delays = 'sequenceDelays' in wire ? numbers(wire.sequenceDelays) : [];
      raw.sequenceGroup =
        otlts && delays && (delays.length === 0 || delays.length === otlts.length)
          ? otlts.map((otlt, i) => ({
              otlt,
              delaySec: delays[i] ?? (i === 0 ? 0 : DEFAULT_STEP_DELAY_SEC),
            }))
          : undefined;
    } else if (key !== 'sequenceDelays') raw[key] = value;
  }
  if ('sequenceDelays' in wire && !('sequenceGroup' in wire)) invalid.push('sequenceDelays');
  const settings: Record<string, unknown> = {};
  const shape = deviceSettingsSchema.shape;
  for (const [key, value] of Object.entries(raw)) {
    const field = shape[key as DeviceSettingField];
    const parsed = field.safeParse(value);
    if (parsed.success && parsed.data !== undefined) settings[key] = parsed.data;
    else invalid.push(key);
  }
  return { settings, invalid };
}
