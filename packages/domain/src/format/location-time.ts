import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { locationZone, zoneOffsetMinutes } from '../schedules/zones';
import { DATE_TIME_FORMAT, type DateInput } from './dates';

dayjs.extend(utc);

/** A location's clock as stored: the GMT offset of the time zone list and the DST checkbox. */
export interface LocationClock {
  timezone: string;
  dst: boolean;
}

/**
 * Formats a moment in a location's time, with its DST rules: the offset is the one in force at
 * that very instant (a summer evening and a winter evening of one location differ by an hour).
 */
export function formatInLocation(input: DateInput, format: string, clock: LocationClock): string {
  const moment = dayjs(input);
  if (!moment.isValid()) return '';
  const offset = zoneOffsetMinutes(locationZone(clock.timezone, clock.dst), moment.valueOf());
  return moment.utc().utcOffset(offset).format(format);
}

/** 'MMM/DD/YYYY hh:mm:ss A' in the location's time, e.g. "Jul/04/2024 09:30:00 PM". */
export function formatLocationDateTime(input: DateInput, clock: LocationClock): string {
  return formatInLocation(input, DATE_TIME_FORMAT, clock);
}
