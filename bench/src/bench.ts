/** A benchmark module: `bench/src/*.bench.ts` default-exports one; `npm run bench` runs them all. */
export interface BenchResult {
  name: string;
  figures: Record<string, string | number>;
  /** What was not measured, or how the figures should be read. */
  note?: string;
}

export interface BenchModule {
  name: string;
  run(): Promise<BenchResult[]>;
}

/** The p-th percentile (0-100) of a list of numbers, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export const ms = (value: number) => Math.round(value * 10) / 10;
