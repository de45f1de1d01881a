import { DAY_MASKS, dayMaskOfEpochDay } from './day-mask';
import { type LocationZone, zoneOffsetMinutes } from './zones';

/** When a scheduled command fires: dates and bounds are the location's local ones. */
export interface ScheduleRule {
  /** Local time 'HH:mm' (a trailing ':ss', as a database time column prints it, is read too). */
  time: string;
  /** Spec §9 day mask (see day-mask.ts); 0 never fires. */
  dayMask: number;
  /** First local date 'YYYY-MM-DD' it may fire on, inclusive. */
  startDate?: string | null;
  /** Last local date 'YYYY-MM-DD' it may fire on, inclusive. */
  endDate?: string | null;
}

const SECOND_MS = 1000;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/**
 * Days looked at from the first candidate: a week holds every weekday of the mask, plus the day
 * before `after`'s local date and its own day, plus one for a zone whose clock falls back across
 * midnight.
 */
const CANDIDATE_DAYS = 10;

/**
 * The first instant strictly after `after` at which the schedule fires: at local `time` on a local
 * date of the mask within [startDate, endDate]; null when no such date remains.
 *
 * Where a day's local `time` does not exist (clocks spring forward) it fires at the first local
 * minute after it (02:30 → 03:00); where it exists twice (clocks fall back) it fires once, at the
 * earlier. Computed, not scanned: at most ten candidate days, jumping straight to startDate.
 */
export function nextFire(
  rule: ScheduleRule,
  zone: LocationZone,
  after: Date | number,
): Date | null {
  const afterMs = +after;
  if (!Number.isFinite(afterMs)) throw new RangeError('nextFire: after is not a moment');
  if (!Number.isInteger(rule.dayMask) || rule.dayMask < 0 || rule.dayMask > DAY_MASKS.everyDay) {
    throw new RangeError(`nextFire: day mask ${String(rule.dayMask)} is not 0..127`);
  }
  const timeMs = timeOfDayMs(rule.time);
  const startDay = rule.startDate ? epochDayOf(rule.startDate) : -Infinity;
  const endDay = rule.endDate ? epochDayOf(rule.endDate) : Infinity;
  if (rule.dayMask === 0) return null;

  const afterWallMs = afterMs + zoneOffsetMinutes(zone, afterMs) * MINUTE_MS;
  const first = Math.max(Math.floor(afterWallMs / DAY_MS) - 1, startDay);
  for (let day = first; day < first + CANDIDATE_DAYS && day <= endDay; day++) {
    const wallMs = day * DAY_MS + timeMs;
    // A whole day of wall clock before `after` is before it: no zone's offset moves by more.
    if ((dayMaskOfEpochDay(day) & rule.dayMask) === 0 || wallMs + DAY_MS <= afterWallMs) continue;
    const fire = wallToInstant(wallMs, zone);
    if (fire > afterMs) return new Date(fire);
  }
  return null;
}

/** Milliseconds since local midnight of 'HH:mm' or 'HH:mm:ss'. */
function timeOfDayMs(time: string): number {
  const match = /^(\d{1,2}):([0-5]\d)(?::([0-5]\d))?$/.exec(time.trim());
  const hours = Number(match?.[1]);
  if (!match || hours > 23) throw new RangeError(`nextFire: time "${time}" is not HH:mm`);
  return hours * 3_600_000 + Number(match[2]) * MINUTE_MS + Number(match[3] ?? 0) * SECOND_MS;
}

/** Days since 1970-01-01 of a real calendar date 'YYYY-MM-DD'. */
function epochDayOf(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const [year, month, day] = [match?.[1], match?.[2], match?.[3]].map(Number) as [
    number,
    number,
    number,
  ];
  const moment = new Date(0);
  moment.setUTCFullYear(year, month - 1, day);
  if (!match || moment.getUTCMonth() !== month - 1 || moment.getUTCDate() !== day) {
    throw new RangeError(`nextFire: date "${date}" is not YYYY-MM-DD`);
  }
  return Math.round(moment.getTime() / DAY_MS);
}

/**
 * The instant a local wall time (as ms since 1970-01-01 local) happens in a zone: the earlier of
 * two when clocks fall back, the end of the gap (first minute after) when they spring forward.
 * The zone's offset a day before and a day after bound the candidates, as Temporal does.
 */
function wallToInstant(wallMs: number, zone: LocationZone): number {
  const offsetMs = (instantMs: number) => zoneOffsetMinutes(zone, instantMs) * MINUTE_MS;
  if (zone.kind === 'fixed') return wallMs - offsetMs(wallMs);
  const early = offsetMs(wallMs - DAY_MS);
  const late = offsetMs(wallMs + DAY_MS);
  const candidates = (early === late ? [early] : [early, late])
    .map((offset) => wallMs - offset)
    .filter((instantMs) => instantMs + offsetMs(instantMs) === wallMs);
  if (candidates.length > 0) return Math.min(...candidates);
  if (early >= late) return wallMs - early;
  // The wall time falls in a gap: find the first minute whose wall clock has passed it.
  let before = Math.floor((wallMs - late) / MINUTE_MS) * MINUTE_MS;
  let after = Math.ceil((wallMs - early) / MINUTE_MS) * MINUTE_MS;
  while (after - before > MINUTE_MS) {
    const middle = before + Math.floor((after - before) / MINUTE_MS / 2) * MINUTE_MS;
    if (middle + offsetMs(middle) >= wallMs) after = middle;
    else before = middle;
  }
  return after;
}

/** Every fire time in [from, to), in order (tests; a preview of a schedule). */
export function fireTimesBetween(
  rule: ScheduleRule,
  zone: LocationZone,
  from: Date | number,
  to: Date | number,
): Date[] {
  const fires: Date[] = [];
  for (
    let fire = nextFire(rule, zone, +from - 1);
    fire && +fire < +to;
    fire = nextFire(rule, zone, fire)
  ) {
    fires.push(fire);
  }
  return fires;
}
