import { describe, expect, it } from 'vitest';
import {
  DATE_FORMAT,
  formatDate,
  formatDateTime,
  formatDay,
  formatPickerValue,
  formatTime,
  timezoneOffsetMinutes,
} from './dates';
import {
  batteryStateTexts,
  cycleStateTexts,
  findMeTexts,
  pingStateTexts,
  powerConditionLabel,
  sequenceStateTexts,
} from './device-texts';
import {
  batteryPercent,
  formatAmperage,
  formatBattery,
  formatPowerStatus,
  formatVoltage,
  formatWattage,
  statusTimeToMs,
} from './numbers';

// 2024-03-05 14:07:09 UTC
const MOMENT = Date.UTC(2024, 2, 5, 14, 7, 9);

describe('display precision', () => {
  it('voltage has 1 decimal, amperage 2, wattage 1', () => {
    expect(formatVoltage(120.456)).toBe('120.5');
    expect(formatAmperage(3.1)).toBe('3.10');
    expect(formatWattage(371)).toBe('371.0');
  });

  it('power status values have 2 decimals', () => {
    expect(formatPowerStatus(0.9876)).toBe('0.99');
    expect(formatPowerStatus(12)).toBe('12.00');
  });

  it('a missing reading shows empty', () => {
    expect(formatVoltage(undefined)).toBe('');
    expect(formatAmperage(null)).toBe('');
    expect(formatWattage(Number.NaN)).toBe('');
  });
});

describe('battery and status time', () => {
  it('battery level times 100 is percent', () => {
    expect(batteryPercent(0)).toBe(0);
    expect(batteryPercent(0.57)).toBe(57);
    expect(batteryPercent(1)).toBe(100);
    expect(formatBattery(0.874)).toBe('87%');
    expect(formatBattery(undefined)).toBe('');
  });

  it('battery percent is clamped to 0-100', () => {
    expect(batteryPercent(1.2)).toBe(100);
    expect(batteryPercent(-0.1)).toBe(0);
  });

  it('status time times 1000 is milliseconds', () => {
    expect(statusTimeToMs(1_700_000_000)).toBe(1_700_000_000_000);
  });
});

describe('dates', () => {
  it('formats MMM/DD/YYYY hh:mm:ss A in a location offset', () => {
    expect(formatDateTime(MOMENT, '0.00')).toBe('Mar/05/2024 02:07:09 PM');
    expect(formatDateTime(MOMENT, '-8.00')).toBe('Mar/05/2024 06:07:09 AM');
  });

  it('formats hh:mm:ss A and MMM/DD/YYYY', () => {
    expect(formatTime(MOMENT, '0.00')).toBe('02:07:09 PM');
    expect(formatDay(MOMENT, '-8.00')).toBe('Mar/05/2024');
    expect(formatDay(Date.UTC(2024, 2, 5, 2), '-8.00')).toBe('Mar/04/2024');
  });

  it('formats picker values with and without time', () => {
    expect(formatPickerValue(MOMENT, false, '0.00')).toBe('2024-03-05');
    expect(formatPickerValue(MOMENT, true, '0.00')).toBe('2024-03-05 14:07:09');
  });

  it('reads the decimal part of an offset as a fraction of an hour', () => {
    expect(timezoneOffsetMinutes('-8.00')).toBe(-480);
    expect(timezoneOffsetMinutes('5.50')).toBe(330);
    expect(timezoneOffsetMinutes('+10.00')).toBe(600);
    expect(timezoneOffsetMinutes('abc')).toBeUndefined();
  });

  it('an invalid date shows empty', () => {
    expect(formatDate('not a date', DATE_FORMAT)).toBe('');
  });

  it('formats in local time without an offset', () => {
    expect(formatDay(new Date(2024, 0, 31, 12))).toBe('Jan/31/2024');
  });
});

describe('device texts', () => {
  it('power condition labels for the kf1500 family cover 0-4', () => {
    expect(powerConditionLabel('kf1500', 0)).toBe('Normal');
    expect(powerConditionLabel('f1500e', 4)).toBe('Power Lost');
  });

  it('the km4315 family has no label for 4', () => {
    expect(powerConditionLabel('km4315', 3)).toBe('Over Voltage');
    expect(powerConditionLabel('km4315', 4)).toBeUndefined();
  });

  it('a class without power conditions has no label', () => {
    expect(powerConditionLabel('dc12ip', 0)).toBeUndefined();
  });

  it('names battery, sequencing, cycle and ping states', () => {
    expect(Object.keys(batteryStateTexts)).toEqual(['discharging', 'charging', 'full']);
    expect(Object.keys(sequenceStateTexts)).toEqual([
      'completed',
      'power-on',
      'power-off',
      'failed',
    ]);
    expect(cycleStateTexts['in-progress-failed']).toBe('In Progress Failed');
    expect(pingStateTexts).toEqual({ pass: 'Pass', unknown: 'Unknown', fail: 'Fail' });
  });

  it('Find Me shows Find Me, Sending..., Done or Find Me-Failed', () => {
    expect(Object.values(findMeTexts)).toEqual(['Find Me', 'Sending...', 'Done', 'Find Me-Failed']);
  });
});
