import { describe, expect, it } from 'vitest';
import { buildModel } from '../testing';
import type { Kf1500Model } from './kf1500';
import { LOAD_PROFILE, loadFactor, weeklyLoadFactors } from './load-profile';

const HOUR = 3_600_000;
/** Wednesday 7 January 2026 and Saturday 10 January 2026, 00:00 local wall time. */
const WEDNESDAY = Date.UTC(2026, 0, 7);
const SATURDAY = Date.UTC(2026, 0, 10);
const at = (day: number, hours: number) => day + hours * HOUR;

describe('load profile', () => {
  it('draws the full load in weekday business hours and less at night', () => {
    expect(loadFactor(at(WEDNESDAY, 10))).toBeCloseTo(LOAD_PROFILE.businessDay, 5);
    expect(loadFactor(at(WEDNESDAY, 15))).toBeCloseTo(LOAD_PROFILE.businessDay, 5);
    expect(loadFactor(at(WEDNESDAY, 3))).toBeCloseTo(LOAD_PROFILE.night, 5);
    expect(loadFactor(at(WEDNESDAY, 22))).toBeCloseTo(LOAD_PROFILE.night, 5);
    expect(loadFactor(at(WEDNESDAY, 12.5))).toBeCloseTo(
      LOAD_PROFILE.businessDay - LOAD_PROFILE.lunchDip,
      5,
    );
  });

  it('draws less in the daytime at weekends than on weekdays', () => {
    expect(loadFactor(at(SATURDAY, 12))).toBeCloseTo(LOAD_PROFILE.weekendDay, 5);
    expect(loadFactor(at(SATURDAY + 24 * HOUR, 14))).toBeCloseTo(LOAD_PROFILE.weekendDay, 5);
    expect(loadFactor(at(SATURDAY, 3))).toBeCloseTo(LOAD_PROFILE.night, 5);
    expect(loadFactor(at(SATURDAY + 2 * 24 * HOUR, 11))).toBeCloseTo(LOAD_PROFILE.businessDay, 5);
  });

  it('ramps smoothly: no step of more than 1 % between two minutes over a whole week', () => {
    const monday = Date.UTC(2026, 0, 5);
    let previous = loadFactor(monday - 60_000);
    let rising = 0;
    for (let m = 0; m < 7 * 24 * 60; m++) {
      const value = loadFactor(monday + m * 60_000);
      expect(Math.abs(value - previous)).toBeLessThan(0.01);
      expect(value).toBeGreaterThanOrEqual(LOAD_PROFILE.night - 1e-9);
      expect(value).toBeLessThanOrEqual(LOAD_PROFILE.businessDay + 1e-9);
      if (value > previous) rising++;
      previous = value;
    }
    // the morning ramp takes its time: an hour and a half of minutes rising, each workday
    expect(rising).toBeGreaterThan(5 * 80);
  });

  it('averages the profile over steps of a week from Monday, for the demo history', () => {
    const hourly = weeklyLoadFactors(60);
    expect(hourly).toHaveLength(168);
    expect(hourly[10]).toBeCloseTo(LOAD_PROFILE.businessDay, 5); // Monday 10:00
    expect(hourly[5 * 24 + 12]).toBeCloseTo(LOAD_PROFILE.weekendDay, 5); // Saturday noon
    expect(hourly[3]).toBeCloseTo(LOAD_PROFILE.night, 5);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    // the finer steps average to the same hours
    const minutes = weeklyLoadFactors(1);
    expect(minutes).toHaveLength(7 * 24 * 60);
    expect(mean(minutes.slice(8 * 60, 9 * 60))).toBeCloseTo(hourly[8] ?? 0, 9);
    expect(minutes[7 * 60 + 30]).toBeCloseTo(loadFactor(Date.UTC(2026, 0, 5, 7, 30, 30)), 9);
  });
});

describe('simulated loads over the day', () => {
  const amps = async (hours: number, settings?: { timezone: string }) => {
    const h = buildModel('m4000', {
      timing: { loadProfile: 'site' },
      ...(settings ? { settings } : {}),
    });
    for (let otlt = 1; otlt <= 8; otlt++) h.model.setLoad(otlt, otlt === 1 ? 2 : 0);
    // the harness clock starts on Wednesday 1 January 2025, 00:00 UTC
    await h.scheduler.advance(hours * HOUR);
    return h.model.status().amperage ?? 0;
  };

  it('follows the profile on the scheduler clock in the device time zone', async () => {
    const night = await amps(3);
    expect(night).toBeGreaterThan(0.85);
    expect(night).toBeLessThan(0.95);
    expect(await amps(11)).toBeGreaterThan(1.9);
    // 11:00 UTC is 03:00 in a device set to GMT-8
    expect(await amps(11, { timezone: '-8.00' })).toBeLessThan(0.95);
    // Saturday 4 January, noon
    expect(await amps(3 * 24 + 12)).toBeLessThan(1.3);
  });

  it('draws its set load at any hour with a flat profile (the test timing)', () => {
    const h = buildModel('m4000');
    for (let otlt = 1; otlt <= 8; otlt++) h.model.setLoad(otlt, otlt === 1 ? 2 : 0);
    expect(h.model.status().amperage).toBeGreaterThan(1.9);
  });
});

describe('battery charging after an outage', () => {
  it('draws more from the mains while it charges, back to its load once full', async () => {
    const h = buildModel<Kf1500Model>('kf1500');
    for (let otlt = 1; otlt <= 4; otlt++) h.model.setLoad(otlt, otlt === 1 ? 1 : 0);
    await h.scheduler.advance(3 * HOUR);
    const full = h.model.status();
    expect(full.battstate).toBe('full');
    h.model.setPowerCondition('lost');
    await h.scheduler.advance(20 * 60_000);
    h.model.setPowerCondition('normal');
    const charging = h.model.status();
    expect(charging.battstate).toBe('charging');
    // the charger: about 147 W on top of the outlet's 1 A
    expect((charging.wattage ?? 0) - (full.wattage ?? 0)).toBeGreaterThan(100);
    await h.scheduler.advance(3 * HOUR);
    const after = h.model.status();
    expect(after.battstate).toBe('full');
    expect(Math.abs((after.wattage ?? 0) - (full.wattage ?? 0))).toBeLessThan(10);
  });
});
