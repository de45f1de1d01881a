import { describe, expect, it } from 'vitest';
import type { LocationZone } from '../schedules/zones';
import { budgetThresholdsCrossed, forecastMonth, localMidnightMs, localMonthOf } from './forecast';

const HOUR = 3_600_000;
const berlin: LocationZone = { kind: 'iana', zone: 'Europe/Berlin' };
const newYork: LocationZone = { kind: 'iana', zone: 'America/New_York' };
const fixed: LocationZone = { kind: 'fixed', offsetMinutes: 60 };
const hoursOf = ({ startMs, endMs }: { startMs: number; endMs: number }) =>
  (endMs - startMs) / HOUR;

describe('local months', () => {
  it('a month with the spring change has 743 hours, one with the fall change 745', () => {
    expect(hoursOf(localMonthOf(berlin, Date.UTC(2026, 2, 15)))).toBe(743);
    expect(hoursOf(localMonthOf(berlin, Date.UTC(2026, 9, 15)))).toBe(745);
    expect(hoursOf(localMonthOf(berlin, Date.UTC(2026, 0, 15)))).toBe(744);
    expect(hoursOf(localMonthOf(newYork, Date.UTC(2026, 10, 15)))).toBe(721);
    expect(hoursOf(localMonthOf(fixed, Date.UTC(2026, 2, 15)))).toBe(744);
  });

  it('the days of the changes have 23 and 25 hours', () => {
    const day = (m: number, d: number) =>
      (localMidnightMs(berlin, 2026, m, d + 1) - localMidnightMs(berlin, 2026, m, d)) / HOUR;
    expect(day(3, 29)).toBe(23);
    expect(day(10, 25)).toBe(25);
    expect(day(7, 1)).toBe(24);
  });

  it('the month is the local one: late on the 31st UTC is already next month east of GMT', () => {
    const month = localMonthOf(berlin, Date.UTC(2026, 11, 31, 23, 30));
    expect(month.month).toBe('2027-01');
    expect(month.startMs).toBe(Date.UTC(2026, 11, 31, 23));
    expect(localMonthOf(newYork, Date.UTC(2026, 0, 1, 2)).month).toBe('2025-12');
  });
});

describe('forecastMonth', () => {
  it('extrapolates the month to date linearly over the month', () => {
    expect(
      forecastMonth({ kwhToDate: 100, elapsedMs: 10 * 24 * HOUR, monthMs: 30 * 24 * HOUR }),
    ).toBe(300);
  });

  it('counts a DST month by its real length', () => {
    const march = localMonthOf(berlin, Date.UTC(2026, 2, 15));
    const forecast = forecastMonth({
      kwhToDate: 743,
      elapsedMs: 743 * HOUR,
      monthMs: march.endMs - march.startMs,
    });
    expect(forecast).toBe(743);
  });

  it('nothing elapsed yet, or the month over: the month to date', () => {
    expect(forecastMonth({ kwhToDate: 5, elapsedMs: 0, monthMs: HOUR })).toBe(5);
    expect(forecastMonth({ kwhToDate: 5, elapsedMs: 2 * HOUR, monthMs: HOUR })).toBe(5);
  });
});

describe('budgetThresholdsCrossed', () => {
  it('forecast at 80 % and actual at 100 % of the budget', () => {
    expect(budgetThresholdsCrossed({ costToDate: 10, forecastCost: 79, budget: 100 })).toEqual([]);
    expect(budgetThresholdsCrossed({ costToDate: 10, forecastCost: 80, budget: 100 })).toEqual([
      'forecast80',
    ]);
    expect(budgetThresholdsCrossed({ costToDate: 100, forecastCost: 150, budget: 100 })).toEqual([
      'forecast80',
      'actual100',
    ]);
  });

  it('none without a budget or without costs', () => {
    expect(budgetThresholdsCrossed({ costToDate: 10, forecastCost: 90, budget: null })).toEqual([]);
    expect(budgetThresholdsCrossed({ costToDate: 10, forecastCost: 90, budget: 0 })).toEqual([]);
    expect(budgetThresholdsCrossed({ costToDate: null, forecastCost: null, budget: 5 })).toEqual(
      [],
    );
  });
});
