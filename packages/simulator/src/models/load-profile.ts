/**
 * How much of its rated load the equipment behind a device draws over the day and the week, as a
 * share of it (1 = rated). A rack at a site works office hours: full draw in business hours on
 * weekdays, about half at night, a little more than that in the daytime at weekends, with ramps of
 * an hour and a half around opening and closing time and a small dip over lunch.
 *
 * Pure: the simulator's models draw their outlets' loads through it on the scheduler's clock, and
 * the server's demo seeds its history from it, so the charts of both have the same shape.
 */

/** Night and weekend levels, the weekday business level, as shares of the rated load. */
export const LOAD_PROFILE = {
  night: 0.45,
  weekendDay: 0.6,
  businessDay: 1,
  /** Local hours: the middle of the morning and evening ramps, and how long they take. */
  opensAt: 8,
  closesAt: 18,
  rampHours: 1.5,
  /** The lunch dip: its depth on a weekday, centred on 12:30, an hour wide. */
  lunchDip: 0.06,
} as const;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** 0 before `centre - width/2`, 1 after `centre + width/2`, a half cosine in between. */
function ramp(hour: number, centre: number, width: number): number {
  const x = (hour - (centre - width / 2)) / width;
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  return (1 - Math.cos(Math.PI * x)) / 2;
}

/**
 * The share of the rated load drawn at a local wall-clock time, given as Unix milliseconds of
 * that wall time read as UTC (a device's clock plus its time zone offset). Between 0.45 and 1,
 * continuous (no step at any hour or at midnight).
 */
export function loadFactor(localMs: number): number {
  const p = LOAD_PROFILE;
  const dayMs = ((localMs % DAY_MS) + DAY_MS) % DAY_MS;
  const hour = dayMs / HOUR_MS;
  // Thursday 1 January 1970 is day 0: Saturday and Sunday are days 2 and 3 of each week
  const weekday = ((Math.floor(localMs / DAY_MS) % 7) + 7) % 7;
  const weekend = weekday === 2 || weekday === 3;
  const open = ramp(hour, p.opensAt, p.rampHours) * (1 - ramp(hour, p.closesAt, p.rampHours));
  const peak = weekend ? p.weekendDay : p.businessDay;
  const dip =
    !weekend && Math.abs(hour - 12.5) < 0.5 ? p.lunchDip * Math.cos(Math.PI * (hour - 12.5)) : 0;
  return p.night + (peak - p.night) * open - dip;
}

/**
 * The mean of `loadFactor` over each of the `10080 / stepMinutes` steps of a local week starting
 * Monday 00:00 (sampled each minute): what the demo seed looks its history up in, so the SQL that
 * generates it holds no copy of the shape.
 */
export function weeklyLoadFactors(stepMinutes: number): number[] {
  const mondayMs = 4 * DAY_MS; // Monday 5 January 1970
  const steps = Math.round((7 * 24 * 60) / stepMinutes);
  const out: number[] = [];
  for (let s = 0; s < steps; s++) {
    let sum = 0;
    for (let m = 0; m < stepMinutes; m++) {
      sum += loadFactor(mondayMs + (s * stepMinutes + m + 0.5) * 60_000);
    }
    out.push(sum / stepMinutes);
  }
  return out;
}
