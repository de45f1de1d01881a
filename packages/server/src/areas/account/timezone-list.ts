import { TIMEZONE_LIST, type TimezoneOption } from '@powerdeck/domain';

/**
 * accountManagement svc=getTimezoneList (spec §7): labels with their GMT offset, written the way
 * locations store it ("-8.00"). The list and the IANA zone of each label live in domain.
 */
export const TIMEZONES: readonly TimezoneOption[] = TIMEZONE_LIST.map(({ label, offset }) => ({
  label,
  offset,
}));
