import { describe, expect, it } from 'vitest';
import { costOfDays, rateOn } from './rates';

const winter = { season: 'Winter', startMonth: 11, endMonth: 2, rate: 0.2 };
const summer = { season: 'Summer', startMonth: 6, endMonth: 8, rate: 0.3 };

describe('seasonal rates', () => {
  it('a season spanning the new year covers its months on both sides of it', () => {
    expect([11, 12, 1, 2].map((m) => rateOn([winter, summer], m))).toEqual([0.2, 0.2, 0.2, 0.2]);
    expect([6, 7, 8].map((m) => rateOn([winter, summer], m))).toEqual([0.3, 0.3, 0.3]);
  });

  it('a month no season covers has no rate', () => {
    expect([3, 4, 5, 9, 10].map((m) => rateOn([winter, summer], m))).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(rateOn([], 1)).toBeNull();
  });

  it('a one-month season and a whole-year season', () => {
    expect(rateOn([{ startMonth: 4, endMonth: 4, rate: 0.5 }], 4)).toBe(0.5);
    expect(rateOn([{ startMonth: 4, endMonth: 4, rate: 0.5 }], 5)).toBeNull();
    expect(rateOn([{ startMonth: 1, endMonth: 12, rate: 0.1 }], 7)).toBe(0.1);
  });

  it('costs each day at the rate of its month, across the new year', () => {
    const days = [
      { date: '2025-12-31', kwh: 10 },
      { date: '2026-01-01', kwh: 5 },
      { date: '2026-07-04', kwh: 2 },
      { date: '2026-04-01', kwh: 100 }, // no season: costs nothing
    ];
    expect(costOfDays(days, [winter, summer])).toBeCloseTo(15 * 0.2 + 2 * 0.3, 12);
  });

  it('no rates: no cost', () => {
    expect(costOfDays([{ date: '2026-01-01', kwh: 5 }], [])).toBeNull();
    expect(costOfDays([], [winter])).toBe(0);
  });
});
