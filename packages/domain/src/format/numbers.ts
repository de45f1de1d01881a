import { BATTERY_TO_PERCENT, STATUS_TIME_TO_MS } from '../constants';

/** Display precision of spec §9. */
export const PRECISION = {
  voltage: 1,
  amperage: 2,
  wattage: 1,
  /** Power status table: amperage, wattage, power factor and VA. */
  powerStatus: 2,
} as const;

type Reading = number | null | undefined;

function fixed(value: Reading, digits: number): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  return value.toFixed(digits);
}

/** Voltage with 1 decimal, e.g. "120.4"; empty for a missing reading. */
export function formatVoltage(value: Reading): string {
  return fixed(value, PRECISION.voltage);
}

/** Amperage with 2 decimals. */
export function formatAmperage(value: Reading): string {
  return fixed(value, PRECISION.amperage);
}

/** Wattage with 1 decimal. */
export function formatWattage(value: Reading): string {
  return fixed(value, PRECISION.wattage);
}

/** Power-status values (amperage, wattage, power factor, VA) with 2 decimals. */
export function formatPowerStatus(value: Reading): string {
  return fixed(value, PRECISION.powerStatus);
}

/** Battery level 0-1 as a whole percent (times 100, spec §9), clamped to 0-100. */
export function batteryPercent(level: number): number {
  const percent = Math.round(level * BATTERY_TO_PERCENT);
  return Math.min(100, Math.max(0, percent));
}

/** Battery for display, e.g. "87%"; empty for a missing reading. */
export function formatBattery(level: Reading): string {
  if (typeof level !== 'number' || !Number.isFinite(level)) return '';
  return `${batteryPercent(level)}%`;
}

/** Status time in seconds to milliseconds (spec §9). */
export function statusTimeToMs(seconds: number): number {
  return seconds * STATUS_TIME_TO_MS;
}
