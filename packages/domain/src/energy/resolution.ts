import type { EnergyRange, EnergyResolution } from '../api/energy';

/** A chart draws no more than this many points. */
export const MAX_CHART_POINTS = 2000;

/**
 * The step of each resolution. Raw readings are kept one a minute per device at most (the state
 * writer's downsampling), so raw is as fine as minute but unaggregated.
 */
export const RESOLUTION_STEP_MS: Record<EnergyResolution, number> = {
  raw: 60_000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
};

const HOUR_MS = 3_600_000;

/**
 * The resolution of a chart over a range: live (the last hour) raw readings, 24 hours per
 * minute, 7 and 30 days per hour, 12 months per day; a custom span the finest resolution that
 * draws no more than MAX_CHART_POINTS points (raw up to an hour, as live).
 */
export function resolutionFor(range: EnergyRange, spanMs: number): EnergyResolution {
  switch (range) {
    case 'live':
      return 'raw';
    case '24h':
      return 'minute';
    case '7d':
    case '30d':
      return 'hour';
    case '12m':
      return 'day';
    case 'custom':
      if (spanMs <= HOUR_MS) return 'raw';
      for (const resolution of ['minute', 'hour'] as const)
        if (spanMs / RESOLUTION_STEP_MS[resolution] <= MAX_CHART_POINTS) return resolution;
      return 'day';
  }
}
