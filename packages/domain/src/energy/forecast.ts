import { type LocationZone, localParts, zoneOffsetMinutes } from '../schedules/zones';

const MINUTE_MS = 60_000;

/** A local calendar month of a location: 'YYYY-MM' and its UTC bounds [startMs, endMs). */
export interface LocalMonth {
  month: string;
  startMs: number;
  endMs: number;
}

/** The instant a zone's clock shows midnight starting a local date (month 1..12). */
export function localMidnightMs(zone: LocationZone, year: number, month: number, day = 1): number {
  const wallMs = Date.UTC(year, month - 1, day);
  let instant = wallMs - zoneOffsetMinutes(zone, wallMs) * MINUTE_MS;
  // Twice: the offset at the first guess may differ from the one at midnight (a DST change).
  instant = wallMs - zoneOffsetMinutes(zone, instant) * MINUTE_MS;
  return instant;
}

/**
 * The local month containing an instant. Its length counts the zone's clock changes: a month
 * with a spring-forward change has 743 hours of 31-day wall time, one with a fall-back 745.
 */
export function localMonthOf(zone: LocationZone, instantMs: number): LocalMonth {
  const { year, month } = localParts(instantMs, zone);
  const next = month === 12 ? [year + 1, 1] : [year, month + 1];
  return {
    month: `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`,
    startMs: localMidnightMs(zone, year, month),
    endMs: localMidnightMs(zone, next[0] ?? year, next[1] ?? 1),
  };
}

/**
 * The month's kWh extrapolated linearly from the month to date: `kwhToDate` over `elapsedMs`
 * of a month `monthMs` long. Nothing elapsed yet: the month to date.
 */
export function forecastMonth({
  kwhToDate,
  elapsedMs,
  monthMs,
}: {
  kwhToDate: number;
  elapsedMs: number;
  monthMs: number;
}): number {
  if (!(elapsedMs > 0) || !(monthMs > 0)) return kwhToDate;
  return (kwhToDate * monthMs) / Math.min(elapsedMs, monthMs);
}

/** Budget alert thresholds: the forecast at 80 % of the budget, the month to date at 100 %. */
export type BudgetThreshold = 'forecast80' | 'actual100';

/**
 * The thresholds a location's month has reached: `forecast80` when the forecast cost is at least
 * 80 % of the budget, `actual100` when the cost to date is at least the budget. None without a
 * positive budget or without costs (no rates).
 */
export function budgetThresholdsCrossed({
  costToDate,
  forecastCost,
  budget,
}: {
  costToDate: number | null;
  forecastCost: number | null;
  budget: number | null;
}): BudgetThreshold[] {
  if (budget === null || !(budget > 0)) return [];
  const crossed: BudgetThreshold[] = [];
  if (forecastCost !== null && forecastCost >= 0.8 * budget) crossed.push('forecast80');
  if (costToDate !== null && costToDate >= budget) crossed.push('actual100');
  return crossed;
}
