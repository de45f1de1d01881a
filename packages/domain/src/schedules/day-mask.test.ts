import { describe, expect, it } from 'vitest';
import {
  DAY_MASKS,
  type Weekday,
  dayMaskBit,
  dayMaskOfEpochDay,
  dayMaskWords,
  decodeDayMask,
  encodeDayMask,
  isDayMask,
} from './day-mask';

const SUN = 0;
const MON = 1;
const TUE = 2;
const WED = 3;
const THU = 4;
const FRI = 5;
const SAT = 6;
const epochDay = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

describe('day masks (spec §9)', () => {
  it('the three named masks decode to exactly their days, Monday first', () => {
    expect(decodeDayMask(DAY_MASKS.everyDay)).toEqual([MON, TUE, WED, THU, FRI, SAT, SUN]);
    expect(decodeDayMask(DAY_MASKS.weekdays)).toEqual([MON, TUE, WED, THU, FRI]);
    expect(decodeDayMask(DAY_MASKS.weekend)).toEqual([SAT, SUN]);
  });

  it('the named masks are the spec numbers', () => {
    expect(DAY_MASKS).toEqual({ everyDay: 127, weekdays: 115, weekend: 12 });
    expect(encodeDayMask([MON, TUE, WED, THU, FRI])).toBe(115);
    expect(encodeDayMask([SAT, SUN])).toBe(12);
  });

  it('every mask 0..127 round-trips through its weekdays', () => {
    for (let mask = 0; mask < 128; mask++) expect(encodeDayMask(decodeDayMask(mask))).toBe(mask);
  });

  it('bit k is the weekday k days after Thursday', () => {
    const fromThursday: Weekday[] = [THU, FRI, SAT, SUN, MON, TUE, WED];
    fromThursday.forEach((weekday, k) => expect(dayMaskBit(weekday)).toBe(1 << k));
  });

  it('1970-01-01 (a Thursday) is bit 0; the days before it wrap round', () => {
    expect(dayMaskOfEpochDay(0)).toBe(1);
    expect(dayMaskOfEpochDay(-1)).toBe(dayMaskBit(WED));
    expect(dayMaskOfEpochDay(-7)).toBe(1);
    expect(dayMaskOfEpochDay(epochDay('1969-12-27'))).toBe(dayMaskBit(SAT));
  });

  it('a known Monday, Saturday and Sunday are bits 4, 2 and 3', () => {
    const dates = { '2024-01-01': MON, '2024-01-06': SAT, '2024-01-07': SUN } as const;
    for (const [date, weekday] of Object.entries(dates)) {
      expect(new Date(`${date}T00:00:00Z`).getUTCDay()).toBe(weekday);
      expect(dayMaskOfEpochDay(epochDay(date))).toBe(dayMaskBit(weekday));
    }
    expect(dayMaskOfEpochDay(epochDay('2024-01-01'))).toBe(1 << 4);
    expect(dayMaskOfEpochDay(epochDay('2024-01-06'))).toBe(1 << 2);
    expect(dayMaskOfEpochDay(epochDay('2024-01-07'))).toBe(1 << 3);
  });

  it('words name the named masks and list other days Monday first', () => {
    expect(dayMaskWords(127)).toBe('Every day');
    expect(dayMaskWords(115)).toBe('Weekdays');
    expect(dayMaskWords(12)).toBe('Weekend');
    expect(dayMaskWords(0)).toBe('No days');
    expect(dayMaskWords(encodeDayMask([FRI, MON, WED]))).toBe('Mon, Wed, Fri');
    expect(dayMaskWords(encodeDayMask([SUN, THU]))).toBe('Thu, Sun');
  });

  it('a schedule mask is an integer 1..127', () => {
    expect([1, 12, 115, 127].every(isDayMask)).toBe(true);
    expect([0, 128, -1, 1.5, Number.NaN, '12', null].some(isDayMask)).toBe(false);
  });
});
