import type { TimezoneOption } from '@powerdeck/domain';

/**
 * accountManagement svc=getTimezoneList (spec §7): labels with their GMT offset, written the way
 * locations store it ("-8.00"; half hours as .50, Nepal's 45 minutes as .75).
 */
export const TIMEZONES: readonly TimezoneOption[] = [
  ['(GMT-12:00) International Date Line West', '-12.00'],
  ['(GMT-11:00) Midway Island, Samoa', '-11.00'],
  ['(GMT-10:00) Hawaii', '-10.00'],
  ['(GMT-09:00) Alaska', '-9.00'],
  ['(GMT-08:00) Pacific Time (US & Canada)', '-8.00'],
  ['(GMT-07:00) Mountain Time (US & Canada)', '-7.00'],
  ['(GMT-06:00) Central Time (US & Canada)', '-6.00'],
  ['(GMT-05:00) Eastern Time (US & Canada)', '-5.00'],
  ['(GMT-04:00) Atlantic Time (Canada)', '-4.00'],
  ['(GMT-03:30) Newfoundland', '-3.50'],
  ['(GMT-03:00) Buenos Aires, Brasilia', '-3.00'],
  ['(GMT-02:00) Mid-Atlantic', '-2.00'],
  ['(GMT-01:00) Azores, Cape Verde Islands', '-1.00'],
  ['(GMT+00:00) London, Lisbon, Casablanca', '0.00'],
  ['(GMT+01:00) Berlin, Paris, Madrid, Rome', '1.00'],
  ['(GMT+02:00) Athens, Cairo, Helsinki', '2.00'],
  ['(GMT+03:00) Moscow, Nairobi, Riyadh', '3.00'],
  ['(GMT+03:30) Tehran', '3.50'],
  ['(GMT+04:00) Abu Dhabi, Baku', '4.00'],
  ['(GMT+04:30) Kabul', '4.50'],
  ['(GMT+05:00) Karachi, Tashkent', '5.00'],
  ['(GMT+05:30) Chennai, Kolkata, Mumbai, New Delhi', '5.50'],
  ['(GMT+05:45) Kathmandu', '5.75'],
  ['(GMT+06:00) Almaty, Dhaka', '6.00'],
  ['(GMT+06:30) Yangon', '6.50'],
  ['(GMT+07:00) Bangkok, Hanoi, Jakarta', '7.00'],
  ['(GMT+08:00) Beijing, Perth, Singapore', '8.00'],
  ['(GMT+09:00) Osaka, Seoul, Tokyo', '9.00'],
  ['(GMT+09:30) Adelaide, Darwin', '9.50'],
  ['(GMT+10:00) Brisbane, Melbourne, Sydney', '10.00'],
  ['(GMT+11:00) Solomon Islands, New Caledonia', '11.00'],
  ['(GMT+12:00) Auckland, Fiji', '12.00'],
].map(([label, offset]) => ({ label: label ?? '', offset: offset ?? '' }));
