import { describe, expect, it } from 'vitest';
import { matchProbes, probeVoltage } from './browser-probe';

describe('matchProbes', () => {
  it('measures each probe from its publish time to the first time the page showed its value', () => {
    const t0s = [1000, 1100, 1200];
    const paints = [
      { text: '120.0', dom: 990, painted: 995 },
      { text: '200.0', dom: 1010, painted: 1020 },
      { text: '200.2', dom: 1230, painted: 1250 },
      // the same value again later does not count
      { text: '200.0', dom: 1500, painted: 1510 },
    ];
    expect(matchProbes(t0s, paints)).toEqual({ dom: [10, 30], painted: [20, 50], missed: 1 });
  });

  it('gives each of 1,000 probes in a row a value of its own, shown with one decimal', () => {
    const shown = new Set(Array.from({ length: 1000 }, (_, i) => probeVoltage(i).toFixed(1)));
    expect(shown.size).toBe(1000);
    expect(probeVoltage(3).toFixed(1)).toBe('200.3');
  });
});
