import { type LocationZone, localDateOf, zoneOffsetMinutes } from '@powerdeck/domain';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' as [year, month (1-12), day]; the input is a valid date (checked by its schema). */
function partsOf(date: string): [number, number, number] {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return [year, month, day];
}

/**
 * The first instant (Unix ms) of a local date in a zone: its midnight, or, where a DST change
 * skips midnight, the change itself; a midnight that happens twice counts from the first.
 */
export function startOfLocalDay(date: string, zone: LocationZone): number {
  const [year, month, day] = partsOf(date);
  const wall = Date.UTC(year, month - 1, day);
  const first = wall - zoneOffsetMinutes(zone, wall) * MINUTE_MS;
  const second = wall - zoneOffsetMinutes(zone, first) * MINUTE_MS;
  const onThatDay = [first, second].filter((t) => localDateOf(t, zone) === date);
  return onThatDay.length > 0 ? Math.min(...onThatDay) : second;
}

/** The date after a date ('YYYY-MM-DD'). */
export function nextDate(date: string): string {
  const [year, month, day] = partsOf(date);
  return new Date(Date.UTC(year, month - 1, day) + DAY_MS).toISOString().slice(0, 10);
}

/** The dates of a month ('YYYY-MM'), and the first date of the month after it. */
export function datesOfMonth(month: string): { dates: string[]; after: string } {
  const [year = 1970, m = 1] = month.split('-').map(Number);
  const days = new Date(Date.UTC(year, m, 0)).getUTCDate();
  const dates = Array.from(
    { length: days },
    (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`,
  );
  return { dates, after: nextDate(dates.at(-1) ?? `${month}-01`) };
}
