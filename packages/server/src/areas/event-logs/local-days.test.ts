import { locationZone } from '@powerdeck/domain';
import { describe, expect, it } from 'vitest';
import { datesOfMonth, nextDate, startOfLocalDay } from './local-days';

describe('local days', () => {
  it('starts a day at the location’s midnight, with or without DST', () => {
    const fixed = locationZone('-8.00', false);
    expect(new Date(startOfLocalDay('2024-07-04', fixed)).toISOString()).toBe(
      '2024-07-04T08:00:00.000Z',
    );
    const pacific = locationZone('-8.00', true);
    expect(new Date(startOfLocalDay('2024-07-04', pacific)).toISOString()).toBe(
      '2024-07-04T07:00:00.000Z',
    );
    expect(new Date(startOfLocalDay('2024-01-04', pacific)).toISOString()).toBe(
      '2024-01-04T08:00:00.000Z',
    );
    const kolkata = locationZone('5.50', true);
    expect(new Date(startOfLocalDay('2024-03-01', kolkata)).toISOString()).toBe(
      '2024-02-29T18:30:00.000Z',
    );
  });

  it('has 23 and 25 hour days on the DST change days', () => {
    const pacific = locationZone('-8.00', true);
    const length = (date: string) =>
      (startOfLocalDay(nextDate(date), pacific) - startOfLocalDay(date, pacific)) / 3_600_000;
    expect(length('2024-03-10')).toBe(23);
    expect(length('2024-11-03')).toBe(25);
    expect(length('2024-11-04')).toBe(24);
  });

  it('starts a day whose midnight DST skips at the change (Tehran, 2022)', () => {
    const tehran = locationZone('3.50', true);
    // 2022-03-22 00:00 became 01:00 (+03:30 → +04:30)
    expect(new Date(startOfLocalDay('2022-03-22', tehran)).toISOString()).toBe(
      '2022-03-21T20:30:00.000Z',
    );
  });

  it('lists the dates of a month, leap years included', () => {
    expect(datesOfMonth('2024-02').dates).toHaveLength(29);
    expect(datesOfMonth('2023-02').after).toBe('2023-03-01');
    expect(datesOfMonth('2024-12').after).toBe('2025-01-01');
    expect(nextDate('2024-02-28')).toBe('2024-02-29');
  });
});
