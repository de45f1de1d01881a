import type { SeasonalRate } from '../api/location-admin';

type Rate = Pick<SeasonalRate, 'startMonth' | 'endMonth' | 'rate'>;

/**
 * The rate (per kWh) of a month (1..12): the first season whose months include it; a season
 * whose start month is after its end month spans the new year (November to February). Null
 * when no season covers the month.
 */
export function rateOn(rates: readonly Rate[], month: number): number | null {
  for (const { startMonth, endMonth, rate } of rates) {
    const inSeason =
      startMonth <= endMonth
        ? month >= startMonth && month <= endMonth
        : month >= startMonth || month <= endMonth;
    if (inSeason) return rate;
  }
  return null;
}

/** kWh of one local day ('YYYY-MM-DD'). */
export interface DayKwh {
  date: string;
  kwh: number;
}

/**
 * The cost of local days at the rate of each day's month. Null when the location has no rates;
 * a day in a month no season covers costs nothing.
 */
export function costOfDays(days: readonly DayKwh[], rates: readonly Rate[]): number | null {
  if (rates.length === 0) return null;
  let cost = 0;
  for (const { date, kwh } of days) {
    const month = Number(date.slice(5, 7));
    cost += kwh * (rateOn(rates, month) ?? 0);
  }
  return cost;
}
