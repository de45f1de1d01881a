/** Settings a device keeps (the `settings` command reads and writes them). */
export interface DeviceSettings {
  cycleOffSec: number;
  sequenceStepSec: number;
  /** Outlets the sequence switches (1-based); empty means no sequence group is set. */
  sequenceGroup: number[];
  cycleGroup: number[];
}

/**
 * Applies `settings` command values to a copy of `current`; an `invalid: …` error text when a
 * value is wrong or unknown (nothing is applied then).
 */
export function mergeSettings(
  current: DeviceSettings,
  values: Record<string, string | number | boolean>,
  outletCount: number,
): DeviceSettings | string {
  const next = { ...current };
  for (const [key, value] of Object.entries(values)) {
    if (key === 'cycleOffSec' || key === 'sequenceStepSec') {
      if (typeof value !== 'number' || value < 0 || value > 600) return `invalid: ${key}`;
      next[key] = value;
    } else if (key === 'sequenceGroup' || key === 'cycleGroup') {
      const list = String(value)
        .split(',')
        .filter((s) => s.trim() !== '')
        .map(Number);
      if (list.some((n) => !Number.isInteger(n) || n < 1 || n > outletCount)) {
        return `invalid: ${key}`;
      }
      next[key] = list;
    } else {
      return `invalid: unknown setting ${key}`;
    }
  }
  return next;
}
