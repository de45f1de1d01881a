/** A wattage reading at an instant; null wattage counts as no reading. */
export interface PowerSample {
  atMs: number;
  wattage: number | null;
}

/** The energy of one bucket and how much of it was measured. */
export interface EnergyBucket {
  bucketStartMs: number;
  kwh: number;
  /** Milliseconds of the bucket covered by readings (the rest is unmeasured, not zero). */
  coveredMs: number;
}

export interface IntegrateOptions {
  /** Bucket length; buckets start at multiples of it since the Unix epoch. */
  bucketMs: number;
  /** Consecutive readings further apart than this are a gap (default 5 minutes). */
  maxGapMs?: number;
}

export const DEFAULT_MAX_GAP_MS = 5 * 60_000;
const WATT_MS_PER_KWH = 3_600_000_000;

/**
 * Energy per bucket from wattage readings: the trapezoid between consecutive readings no more
 * than `maxGapMs` apart, split at bucket boundaries. Across a longer gap (the device offline, a
 * reconnect), and before the first and after the last reading, each side's value holds for at
 * most `maxGapMs / 2`; the rest of the gap is unmeasured (`coveredMs` says how much was
 * measured). Negative wattage counts as zero. Buckets with nothing measured are left out; the
 * answer is sorted by bucket.
 */
export function integrateEnergy(
  samples: readonly PowerSample[],
  { bucketMs, maxGapMs = DEFAULT_MAX_GAP_MS }: IntegrateOptions,
): EnergyBucket[] {
  if (!(bucketMs > 0)) throw new Error('bucketMs must be positive');
  const points = cleanSamples(samples);
  const buckets = new Map<number, EnergyBucket>();
  const add = (t0: number, w0: number, t1: number, w1: number) => {
    // A linear segment from (t0, w0) to (t1, w1), cut at bucket boundaries.
    let start = t0;
    while (start < t1) {
      const bucketStartMs = Math.floor(start / bucketMs) * bucketMs;
      const end = Math.min(t1, bucketStartMs + bucketMs);
      const ws = w0 + ((w1 - w0) * (start - t0)) / (t1 - t0);
      const we = w0 + ((w1 - w0) * (end - t0)) / (t1 - t0);
      let bucket = buckets.get(bucketStartMs);
      if (bucket === undefined) {
        bucket = { bucketStartMs, kwh: 0, coveredMs: 0 };
        buckets.set(bucketStartMs, bucket);
      }
      bucket.kwh += (((ws + we) / 2) * (end - start)) / WATT_MS_PER_KWH;
      bucket.coveredMs += end - start;
      start = end;
    }
  };
  const hold = maxGapMs / 2;
  for (let i = 0; i < points.length; i++) {
    const [t, w] = points[i] as [number, number];
    const prev = points[i - 1];
    if (prev === undefined || t - prev[0] > maxGapMs) add(t - hold, w, t, w);
    const next = points[i + 1];
    if (next === undefined || next[0] - t > maxGapMs) add(t, w, t + hold, w);
    else add(t, w, next[0], next[1]);
  }
  return [...buckets.values()].sort((a, b) => a.bucketStartMs - b.bucketStartMs);
}

/** Readings with a wattage, in time order, one per instant (the last given wins). */
function cleanSamples(samples: readonly PowerSample[]): [number, number][] {
  const byTime = new Map<number, number>();
  for (const { atMs, wattage } of samples) {
    if (wattage === null || !Number.isFinite(wattage) || !Number.isFinite(atMs)) continue;
    byTime.set(atMs, Math.max(0, wattage));
  }
  return [...byTime.entries()].sort((a, b) => a[0] - b[0]);
}
