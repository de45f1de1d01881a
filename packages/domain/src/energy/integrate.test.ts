import { describe, expect, it } from 'vitest';
import { type PowerSample, integrateEnergy } from './integrate';

const MIN = 60_000;
const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 0, 15, 10); // an hour boundary

const every = (fromMin: number, toMin: number, watts: number): PowerSample[] =>
  Array.from({ length: toMin - fromMin + 1 }, (_, i) => ({
    atMs: T0 + (fromMin + i) * MIN,
    wattage: watts,
  }));

const total = (buckets: { kwh: number }[]) => buckets.reduce((sum, b) => sum + b.kwh, 0);

describe('integrateEnergy', () => {
  it('a steady load read every minute for an hour is its kWh, the ends held half a gap', () => {
    const buckets = integrateEnergy(every(0, 60, 1000), { bucketMs: HOUR });
    expect(buckets.map((b) => b.bucketStartMs)).toEqual([T0 - HOUR, T0, T0 + HOUR]);
    const [before, hour, after] = buckets;
    expect(hour?.kwh).toBeCloseTo(1, 9);
    expect(hour?.coveredMs).toBe(HOUR);
    expect(before?.coveredMs).toBe(2.5 * MIN);
    expect(after?.coveredMs).toBe(2.5 * MIN);
    expect(after?.kwh).toBeCloseTo((1000 * 2.5) / 60 / 1000, 9);
  });

  it('splits a ramp between two readings at bucket boundaries (trapezoid)', () => {
    const samples = [
      { atMs: T0, wattage: 0 },
      { atMs: T0 + 10 * MIN, wattage: 600 },
    ];
    const buckets = integrateEnergy(samples, { bucketMs: 5 * MIN, maxGapMs: 15 * MIN });
    const inside = buckets.filter((b) => b.bucketStartMs >= T0 && b.bucketStartMs < T0 + 10 * MIN);
    // 0→300 W over 5 minutes, then 300→600 W: 150 W and 450 W on average.
    expect(inside.map((b) => b.kwh)).toEqual([
      expect.closeTo((150 * 5) / 60 / 1000, 12),
      expect.closeTo((450 * 5) / 60 / 1000, 12),
    ]);
    expect(inside.map((b) => b.coveredMs)).toEqual([5 * MIN, 5 * MIN]);
  });

  it('a gap (device offline, then reconnected) is neither zero load nor the last value forever', () => {
    const samples = [...every(0, 2, 1000), ...every(60, 61, 500)];
    const buckets = integrateEnergy(samples, { bucketMs: HOUR, maxGapMs: 5 * MIN });
    const hour = buckets.find((b) => b.bucketStartMs === T0);
    // Measured: 0..2 min, then 1000 W held 2.5 min; 500 W held 2.5 min before the reconnect.
    expect(hour?.coveredMs).toBe(7 * MIN);
    expect(hour?.kwh).toBeCloseTo((1000 * 4.5 + 500 * 2.5) / 60 / 1000, 12);
    // The 53 unmeasured minutes count neither as 1000 W (0.88 kWh) nor as zero coverage.
    expect(hour!.kwh).toBeLessThan(0.2);
    expect(total(buckets)).toBeCloseTo((1000 * 7 + 500 * 6) / 60 / 1000, 12);
  });

  it('readings without a wattage are no readings; order and duplicate instants do not matter', () => {
    const samples: PowerSample[] = [
      { atMs: T0 + 2 * MIN, wattage: 100 },
      { atMs: T0 + MIN, wattage: null },
      { atMs: T0, wattage: 100 },
      { atMs: T0, wattage: 100 },
    ];
    const buckets = integrateEnergy(samples, { bucketMs: HOUR, maxGapMs: 5 * MIN });
    const hour = buckets.find((b) => b.bucketStartMs === T0);
    expect(hour?.coveredMs).toBe(4.5 * MIN);
    expect(hour?.kwh).toBeCloseTo((100 * 4.5) / 60 / 1000, 12);
    expect(integrateEnergy([{ atMs: T0, wattage: null }], { bucketMs: HOUR })).toEqual([]);
  });

  it('negative wattage counts as zero load', () => {
    const buckets = integrateEnergy(every(0, 10, -50), { bucketMs: HOUR });
    expect(total(buckets)).toBe(0);
    expect(buckets.find((b) => b.bucketStartMs === T0)?.coveredMs).toBe(12.5 * MIN);
  });

  it('a window read with a gap of context on each side gives the buckets of the whole series', () => {
    // What the rollup relies on: it integrates [from - maxGap, until + maxGap] and keeps
    // the buckets in [from, until).
    const samples = [...every(0, 40, 800), ...every(47, 90, 200), ...every(93, 180, 650)].map(
      (s, i) => ({ ...s, wattage: (s.wattage ?? 0) + (i % 7) * 13 }),
    );
    const whole = integrateEnergy(samples, { bucketMs: MIN });
    const from = T0 + 45 * MIN;
    const until = T0 + 120 * MIN;
    const windowed = integrateEnergy(
      samples.filter((s) => s.atMs >= from - 5 * MIN && s.atMs <= until + 5 * MIN),
      { bucketMs: MIN },
    ).filter((b) => b.bucketStartMs >= from && b.bucketStartMs < until);
    const expected = whole.filter((b) => b.bucketStartMs >= from && b.bucketStartMs < until);
    expect(windowed.length).toBe(expected.length);
    windowed.forEach((bucket, i) => {
      expect(bucket.bucketStartMs).toBe(expected[i]?.bucketStartMs);
      expect(bucket.coveredMs).toBe(expected[i]?.coveredMs);
      expect(bucket.kwh).toBeCloseTo(expected[i]?.kwh ?? NaN, 12);
    });
  });

  it('refuses a bucket that is not positive', () => {
    expect(() => integrateEnergy([], { bucketMs: 0 })).toThrow('bucketMs');
  });
});
