import {
  ACK_ERRORS,
  type DeviceClass,
  type DeviceSettings,
  type WireSettings,
  checkDeviceSettings,
  decodeDeviceSettings,
  factorySettings,
  getDeviceSpec,
} from '@powerdeck/domain';
import type { ModelTiming } from './types';

export type { DeviceSettings };

/**
 * A device's settings at power-up: its class's factory values (with the model's timing for the
 * status interval, cycle time and sequence steps, so a test's fast timing still holds), then the
 * values it was configured with (a demo device's saved settings), those it can read.
 */
export function initialSettings(
  devClass: DeviceClass,
  timing: ModelTiming,
  configured?: WireSettings,
): DeviceSettings {
  const spec = getDeviceSpec(devClass);
  const factory = factorySettings(spec);
  const stepSec = timing.sequenceStepMs / 1000;
  const settings: DeviceSettings = { ...factory };
  if (factory.statusIntervalSec !== undefined) {
    settings.statusIntervalSec = Math.max(1, Math.round(timing.reportIntervalMs / 1000));
  }
  if (factory.cycleOffSec !== undefined) settings.cycleOffSec = timing.cycleOffMs / 1000;
  if (factory.sequenceGroup) {
    settings.sequenceGroup = factory.sequenceGroup.map((s, i) => ({
      ...s,
      delaySec: i === 0 ? 0 : stepSec,
    }));
  }
  if (!configured) return settings;
  const own = new Set(Object.keys(settings));
  const { settings: saved } = decodeDeviceSettings(configured);
  for (const [key, value] of Object.entries(saved)) {
    if (own.has(key)) Object.assign(settings, { [key]: value });
  }
  return settings;
}

/** RFC 2606 reserves `.invalid`: a server there never answers, as a mistyped one would not. */
const unreachable = (host: string) => /\.invalid$/i.test(host.trim());

/**
 * Applies `settings` command values to a copy of `current`, the way the device's firmware checks
 * them: a value it cannot read, a setting its class does not have, an outlet it does not have or an
 * NTP server it cannot reach answers an `invalid: …` error text, and nothing is applied.
 */
export function mergeSettings(
  current: DeviceSettings,
  values: WireSettings,
  devClass: DeviceClass,
  fwVer: string,
): DeviceSettings | string {
  const decoded = decodeDeviceSettings(values);
  const [unreadable] = decoded.invalid;
  if (unreadable !== undefined) return `${ACK_ERRORS.invalid}: ${unreadable}`;
  const [problem] = Object.keys(
    checkDeviceSettings(getDeviceSpec(devClass), fwVer, decoded.settings),
  );
  if (problem !== undefined) return `${ACK_ERRORS.invalid}: ${problem}`;
  const next = { ...current, ...decoded.settings };
  if (next.clockSource === 'ntp' && next.ntpServer !== undefined && unreachable(next.ntpServer)) {
    return `${ACK_ERRORS.invalid}: ntpServer ${next.ntpServer} does not answer`;
  }
  return next;
}

export interface SequenceStepPlan {
  otlt: number;
  /** Milliseconds to wait before switching this outlet. */
  waitMs: number;
}

/**
 * The steps of a sequence: on, the group in its order, each after its own delay; off, the reverse
 * order with the same gaps mirrored (the last outlet on goes off first, at once). A class without a
 * sequence group setting sequences every outlet, `fallbackStepMs` apart.
 */
export function sequencePlan(
  settings: DeviceSettings,
  outletCount: number,
  fallbackStepMs: number,
  on: boolean,
): SequenceStepPlan[] {
  const group =
    settings.sequenceGroup ??
    Array.from({ length: outletCount }, (_, i) => ({
      otlt: i + 1,
      delaySec: i === 0 ? 0 : fallbackStepMs / 1000,
    }));
  const steps = group.filter((s) => s.otlt >= 1 && s.otlt <= outletCount);
  if (on) return steps.map((s) => ({ otlt: s.otlt, waitMs: s.delaySec * 1000 }));
  return [...steps].reverse().map((s, i, reversed) => ({
    otlt: s.otlt,
    waitMs: i === 0 ? 0 : (reversed[i - 1]?.delaySec ?? 0) * 1000,
  }));
}
