/**
 * Day masks of scheduled commands (spec §9: "Day mask: 127 every day, 115 weekdays, 12 weekend").
 *
 * One bit order fits all three numbers: bit k is the weekday k days after Thursday, the weekday of
 * 1970-01-01 — bit 0 Thursday, 1 Friday, 2 Saturday, 3 Sunday, 4 Monday, 5 Tuesday, 6 Wednesday.
 * So the bit of a date is its epoch day mod 7.
 */
export const DAY_MASKS = { everyDay: 127, weekdays: 115, weekend: 12 } as const;

/** A weekday as JavaScript's `Date.getUTCDay()` numbers it: 0 Sunday … 6 Saturday. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** The weekdays in the order screens show them: Monday first. */
const DISPLAY_ORDER: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 0];
const SHORT_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const DAYS_IN_WEEK = 7;
/** `getUTCDay()` of 1970-01-01 (a Thursday), the weekday of bit 0. */
const THURSDAY = 4;

/** The one-bit mask of a weekday (Thursday 1, Friday 2, … Wednesday 64). */
export function dayMaskBit(weekday: Weekday): number {
  return 1 << ((weekday - THURSDAY + DAYS_IN_WEEK) % DAYS_IN_WEEK);
}

/** The mask of a set of weekdays (repeats are harmless). */
export function encodeDayMask(weekdays: readonly Weekday[]): number {
  return weekdays.reduce<number>((mask, weekday) => mask | dayMaskBit(weekday), 0);
}

/** The weekdays of a mask, Monday first. */
export function decodeDayMask(mask: number): Weekday[] {
  return DISPLAY_ORDER.filter((weekday) => (mask & dayMaskBit(weekday)) !== 0);
}

/** The one-bit mask of a date given as days since 1970-01-01 (negative before it). */
export function dayMaskOfEpochDay(epochDay: number): number {
  return 1 << (((epochDay % DAYS_IN_WEEK) + DAYS_IN_WEEK) % DAYS_IN_WEEK);
}

/** "Every day", "Weekdays", "Weekend", "No days", or short day names Monday first ("Mon, Wed, Fri"). */
export function dayMaskWords(mask: number): string {
  switch (mask) {
    case DAY_MASKS.everyDay:
      return 'Every day';
    case DAY_MASKS.weekdays:
      return 'Weekdays';
    case DAY_MASKS.weekend:
      return 'Weekend';
    case 0:
      return 'No days';
    default:
      return decodeDayMask(mask)
        .map((weekday) => SHORT_NAMES[weekday])
        .join(', ');
  }
}

/** A schedule's mask: an integer 1..127 (0 would never fire, so it is not one). */
export function isDayMask(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= DAY_MASKS.everyDay;
}
