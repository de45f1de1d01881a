import { describe, expect, it } from 'vitest';
import { type CounterSample, summarizeRates } from './status-rates';

const sample = (serverId: string, takenAt: number, statuses: number, commands = 0) => ({
  serverId,
  takenAt,
  statuses,
  commands,
  commandFailures: 0,
  commandExpiries: 0,
});
const STEP = 10_000;
const options = (now: number) => ({ now, windowMs: 60_000, stepMs: STEP });

describe('summarizeRates', () => {
  it('rates are the rise between consecutive samples, summed over servers', () => {
    const samples: CounterSample[] = [
      sample('a', 0, 0),
      sample('a', 10_000, 100, 10),
      sample('b', 5_000, 0),
      sample('b', 15_000, 20),
    ];
    const summary = summarizeRates(samples, new Set(['a', 'b']), options(20_000));
    expect(summary.statusesPerSecond).toBe(12);
    expect(summary.commandsPerSecond).toBe(1);
    // points every 10 s up to now: at 10 s only a's segment, at 20 s a's (held) and b's
    expect(summary.samples.at(-2)).toEqual({ at: 10_000, statuses: 12, commands: 1 });
    expect(summary.samples.at(-1)).toEqual({ at: 20_000, statuses: 12, commands: 1 });
    expect(summary.samples[0]).toEqual({ at: -30_000, statuses: null, commands: null });
  });

  it('a stopped server adds nothing now and its rate ends with its last sample', () => {
    const samples = [sample('a', 0, 0), sample('a', 10_000, 100)];
    const summary = summarizeRates(samples, new Set(), options(40_000));
    expect(summary.statusesPerSecond).toBe(0);
    expect(summary.samples.at(-1)).toEqual({ at: 40_000, statuses: null, commands: null });
    expect(summary.samples.find((p) => p.at === 10_000)?.statuses).toBe(10);
  });

  it('counts failures and expiries of the window only', () => {
    const samples = [
      { ...sample('a', 0, 0), commandFailures: 1 },
      { ...sample('a', 10_000, 0), commandFailures: 3, commandExpiries: 2 },
      { ...sample('a', 100_000, 0), commandFailures: 4, commandExpiries: 2 },
    ];
    const summary = summarizeRates(samples, new Set(['a']), options(100_000));
    // the rise from 0 to 10 s ended before the window (40 s to 100 s)
    expect(summary.failures).toBe(1);
    expect(summary.expiries).toBe(0);
  });

  it('a single sample gives no rate yet', () => {
    const summary = summarizeRates([sample('a', 0, 50)], new Set(['a']), options(5_000));
    expect(summary.statusesPerSecond).toBe(0);
    expect(summary.samples.every((p) => p.statuses === null)).toBe(true);
  });
});
