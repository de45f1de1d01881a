import { timezoneOffsetMinutes } from '../format/dates';

/** One entry of the time zone drop-down: its label, the GMT offset a location stores, its IANA zone. */
export interface TimezoneEntry {
  label: string;
  /** As locations store it: "-8.00"; half hours as .50, Nepal's 45 minutes as .75. */
  offset: string;
  /** The IANA zone whose standard offset is `offset`, whose rules apply when DST is on. */
  zone: string;
}

/**
 * The time zone list (spec §3: a location's time zone drop-down and Daylight Saving Time
 * checkbox; `accountManagement svc=getTimezoneList` answers its labels and offsets).
 *
 * The spec is silent on what the DST checkbox means, so each label names an IANA zone: the one
 * of the places it names whose standard offset is the label's (Etc/GMT+12 and Etc/GMT+2 where no
 * place fits). Offsets are unique in the list, so a stored offset finds its zone.
 */
export const TIMEZONE_LIST: readonly TimezoneEntry[] = [
  ['(GMT-12:00) International Date Line West', '-12.00', 'Etc/GMT+12'],
  ['(GMT-11:00) Midway Island, Samoa', '-11.00', 'Pacific/Pago_Pago'],
  ['(GMT-10:00) Hawaii', '-10.00', 'Pacific/Honolulu'],
  ['(GMT-09:00) Alaska', '-9.00', 'America/Anchorage'],
  ['(GMT-08:00) Pacific Time (US & Canada)', '-8.00', 'America/Los_Angeles'],
  ['(GMT-07:00) Mountain Time (US & Canada)', '-7.00', 'America/Denver'],
  ['(GMT-06:00) Central Time (US & Canada)', '-6.00', 'America/Chicago'],
  ['(GMT-05:00) Eastern Time (US & Canada)', '-5.00', 'America/New_York'],
  ['(GMT-04:00) Atlantic Time (Canada)', '-4.00', 'America/Halifax'],
  ['(GMT-03:30) Newfoundland', '-3.50', 'America/St_Johns'],
  ['(GMT-03:00) Buenos Aires, Brasilia', '-3.00', 'America/Argentina/Buenos_Aires'],
  ['(GMT-02:00) Mid-Atlantic', '-2.00', 'Etc/GMT+2'],
  ['(GMT-01:00) Azores, Cape Verde Islands', '-1.00', 'Atlantic/Azores'],
  ['(GMT+00:00) London, Lisbon, Casablanca', '0.00', 'Europe/London'],
  ['(GMT+01:00) Berlin, Paris, Madrid, Rome', '1.00', 'Europe/Berlin'],
  ['(GMT+02:00) Athens, Cairo, Helsinki', '2.00', 'Europe/Athens'],
  ['(GMT+03:00) Moscow, Nairobi, Riyadh', '3.00', 'Europe/Moscow'],
  ['(GMT+03:30) Tehran', '3.50', 'Asia/Tehran'],
  ['(GMT+04:00) Abu Dhabi, Baku', '4.00', 'Asia/Dubai'],
  ['(GMT+04:30) Kabul', '4.50', 'Asia/Kabul'],
  ['(GMT+05:00) Karachi, Tashkent', '5.00', 'Asia/Karachi'],
  ['(GMT+05:30) Chennai, Kolkata, Mumbai, New Delhi', '5.50', 'Asia/Kolkata'],
  ['(GMT+05:45) Kathmandu', '5.75', 'Asia/Kathmandu'],
  ['(GMT+06:00) Almaty, Dhaka', '6.00', 'Asia/Dhaka'],
  ['(GMT+06:30) Yangon', '6.50', 'Asia/Yangon'],
  ['(GMT+07:00) Bangkok, Hanoi, Jakarta', '7.00', 'Asia/Bangkok'],
  ['(GMT+08:00) Beijing, Perth, Singapore', '8.00', 'Asia/Shanghai'],
  ['(GMT+09:00) Osaka, Seoul, Tokyo', '9.00', 'Asia/Tokyo'],
  ['(GMT+09:30) Adelaide, Darwin', '9.50', 'Australia/Adelaide'],
  ['(GMT+10:00) Brisbane, Melbourne, Sydney', '10.00', 'Australia/Sydney'],
  ['(GMT+11:00) Solomon Islands, New Caledonia', '11.00', 'Pacific/Guadalcanal'],
  ['(GMT+12:00) Auckland, Fiji', '12.00', 'Pacific/Auckland'],
].map(([label = '', offset = '', zone = '']) => ({ label, offset, zone }));

/** How a location's clock runs: an IANA zone's rules, or one offset all year. */
export type LocationZone =
  { kind: 'iana'; zone: string } | { kind: 'fixed'; offsetMinutes: number };

const ZONE_BY_MINUTES = new Map(
  TIMEZONE_LIST.map((entry) => [timezoneOffsetMinutes(entry.offset), entry.zone]),
);

/**
 * The clock of a location from its stored GMT offset and DST checkbox. DST on: the IANA zone of
 * the offset's label (with its summer time where the zone has one). DST off, or an offset that is
 * not in the list: that offset all year. An offset that cannot be read counts as GMT.
 */
export function locationZone(offset: string, dst: boolean): LocationZone {
  const offsetMinutes = timezoneOffsetMinutes(offset);
  const zone = dst && offsetMinutes !== undefined ? ZONE_BY_MINUTES.get(offsetMinutes) : undefined;
  return zone === undefined
    ? { kind: 'fixed', offsetMinutes: offsetMinutes ?? 0 }
    : { kind: 'iana', zone };
}

const MINUTE_MS = 60_000;
const SECOND_MS = 1000;
const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** "1/15/2026, 14:05:09", as the en-US formatter writes it (three times faster than its parts). */
const EN_US_WALL = /^(\d+)\/(\d+)\/(\d+), (\d+):(\d+):(\d+)$/;
const WALL_PARTS = ['year', 'month', 'day', 'hour', 'minute', 'second'] as const;

/** Year, month, day, hour, minute, second of the zone's wall clock at an instant. */
function wallFields(zone: string, instantMs: number): number[] {
  const formatter = formatterOf(zone);
  const match = EN_US_WALL.exec(formatter.format(instantMs));
  if (match) return [match[3], match[1], match[2], match[4], match[5], match[6]].map(Number);
  const parts = formatter.formatToParts(instantMs);
  return WALL_PARTS.map((type) => Number(parts.find((part) => part.type === type)?.value));
}

/** Minutes the zone's clock is ahead of UTC at an instant (negative west of Greenwich). */
export function zoneOffsetMinutes(zone: LocationZone, instantMs: number): number {
  if (zone.kind === 'fixed') return zone.offsetMinutes;
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = wallFields(
    zone.zone,
    instantMs,
  );
  const wall = new Date(0);
  wall.setUTCFullYear(year, month - 1, day);
  wall.setUTCHours(hour, minute, second);
  const wholeSecondMs = instantMs - (((instantMs % SECOND_MS) + SECOND_MS) % SECOND_MS);
  return Math.round((wall.getTime() - wholeSecondMs) / MINUTE_MS);
}

/** The wall clock of a zone at an instant; `epochDay` counts local days since 1970-01-01. */
export interface LocalParts {
  year: number;
  /** 1..12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  epochDay: number;
}

export function localParts(instantMs: number, zone: LocationZone): LocalParts {
  const wallMs = instantMs + zoneOffsetMinutes(zone, instantMs) * MINUTE_MS;
  const wall = new Date(wallMs);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    epochDay: Math.floor(wallMs / DAY_MS),
  };
}

/** The local date ('YYYY-MM-DD') of an instant in a zone. */
export function localDateOf(instant: Date | number, zone: LocationZone): string {
  const { year, month, day } = localParts(+instant, zone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
}
