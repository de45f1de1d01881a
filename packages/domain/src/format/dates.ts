import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/** Date formats of spec §3 (moment-style tokens, read by dayjs). */
export const DATE_TIME_FORMAT = 'MMM/DD/YYYY hh:mm:ss A';
export const TIME_FORMAT = 'hh:mm:ss A';
export const DATE_FORMAT = 'MMM/DD/YYYY';
export const PICKER_DATE_FORMAT = 'YYYY-MM-DD';
export const PICKER_DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** A moment: Unix milliseconds, a Date, or an ISO string. */
export type DateInput = number | Date | string;

/**
 * A location's GMT offset as the time-zone list gives it ("-8.00", "5.50") in minutes. The part
 * after the dot is a decimal fraction of an hour ("5.50" is UTC+5:30), the reading that covers
 * the half-hour zones; undefined for text that is not an offset.
 */
export function timezoneOffsetMinutes(offset: string): number | undefined {
  if (!/^[-+]?\d{1,2}(\.\d{1,2})?$/.test(offset.trim())) return undefined;
  return Math.round(Number(offset) * 60);
}

/**
 * Formats a moment. With a GMT offset ("-8.00") it is shown in the location's time; without one,
 * in the runtime's local time.
 */
export function formatDate(input: DateInput, format: string, gmtOffset?: string): string {
  const minutes = gmtOffset === undefined ? undefined : timezoneOffsetMinutes(gmtOffset);
  const moment = minutes === undefined ? dayjs(input) : dayjs(input).utc().utcOffset(minutes);
  return moment.isValid() ? moment.format(format) : '';
}

/** 'MMM/DD/YYYY hh:mm:ss A', e.g. "Mar/05/2024 02:07:09 PM". */
export function formatDateTime(input: DateInput, gmtOffset?: string): string {
  return formatDate(input, DATE_TIME_FORMAT, gmtOffset);
}

/** 'hh:mm:ss A'. */
export function formatTime(input: DateInput, gmtOffset?: string): string {
  return formatDate(input, TIME_FORMAT, gmtOffset);
}

/** 'MMM/DD/YYYY'. */
export function formatDay(input: DateInput, gmtOffset?: string): string {
  return formatDate(input, DATE_FORMAT, gmtOffset);
}

/** Picker value: 'YYYY-MM-DD', or 'YYYY-MM-DD HH:mm:ss' when time is shown. */
export function formatPickerValue(input: DateInput, withTime = false, gmtOffset?: string): string {
  return formatDate(input, withTime ? PICKER_DATE_TIME_FORMAT : PICKER_DATE_FORMAT, gmtOffset);
}
