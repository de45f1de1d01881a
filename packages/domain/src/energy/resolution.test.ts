import { describe, expect, it } from 'vitest';
import { MAX_CHART_POINTS, RESOLUTION_STEP_MS, resolutionFor } from './resolution';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('resolutionFor', () => {
  it('each range has its resolution', () => {
    expect(resolutionFor('live', HOUR)).toBe('raw');
    expect(resolutionFor('24h', DAY)).toBe('minute');
    expect(resolutionFor('7d', 7 * DAY)).toBe('hour');
    expect(resolutionFor('30d', 30 * DAY)).toBe('hour');
    expect(resolutionFor('12m', 365 * DAY)).toBe('day');
  });

  it('the fixed ranges draw no more than 2,000 points', () => {
    const spans = { live: HOUR, '24h': DAY, '7d': 7 * DAY, '30d': 31 * DAY, '12m': 366 * DAY };
    for (const [range, span] of Object.entries(spans)) {
      const resolution = resolutionFor(range as keyof typeof spans, span);
      expect(span / RESOLUTION_STEP_MS[resolution], range).toBeLessThanOrEqual(MAX_CHART_POINTS);
    }
  });

  it('a custom span takes the finest resolution under 2,000 points', () => {
    expect(resolutionFor('custom', HOUR)).toBe('raw');
    expect(resolutionFor('custom', 2 * HOUR)).toBe('minute');
    expect(resolutionFor('custom', 2000 * 60_000)).toBe('minute');
    expect(resolutionFor('custom', 2001 * 60_000)).toBe('hour');
    expect(resolutionFor('custom', 83 * DAY)).toBe('hour');
    expect(resolutionFor('custom', 84 * DAY)).toBe('day');
    for (let span = HOUR; span < 5 * 365 * DAY; span *= 1.7) {
      const resolution = resolutionFor('custom', span);
      expect(span / RESOLUTION_STEP_MS[resolution]).toBeLessThanOrEqual(MAX_CHART_POINTS);
    }
  });
});
