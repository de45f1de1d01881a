import { describe, expect, it } from 'vitest';
import {
  type PingEffect,
  type PingRuntime,
  type PingTiming,
  samplePing,
  startPingRuntime,
} from './ping-monitor';
import type { PingTarget } from './ping-target';

const SEC = 1000;
const timing: PingTiming = { windowMs: 900 * SEC, holdOffMs: 300 * SEC };
const START = Date.UTC(2025, 2, 10, 12);
const cycle = { action: 'cycle' as const, maxReboots: 3 };
const alertOnly = { action: 'none' as const, maxReboots: 3 };

/**
 * Runs samples every `everyMs` from `fromMs` to `toMs` (inclusive) and collects the effects, each
 * with the time it happened.
 */
function run(
  start: PingRuntime,
  opts: {
    fromMs: number;
    toMs: number;
    everyMs?: number;
    replied?: (nowMs: number) => boolean;
    target?: Pick<PingTarget, 'action' | 'maxReboots'>;
    timing?: PingTiming;
  },
) {
  let runtime = start;
  const effects: (PingEffect & { at: number })[] = [];
  const every = opts.everyMs ?? 90 * SEC;
  for (let now = opts.fromMs; now <= opts.toMs; now += every) {
    const step = samplePing(
      runtime,
      { replied: opts.replied?.(now) ?? false, nowMs: now },
      opts.target ?? cycle,
      opts.timing ?? timing,
    );
    runtime = step.runtime;
    effects.push(...step.effects.map((e) => ({ ...e, at: now })));
  }
  return { runtime, effects };
}

const kinds = (effects: PingEffect[]) =>
  effects.map((e) => (e.kind === 'state' ? `state:${e.state}` : e.kind));

describe('ping state machine', () => {
  it('starts unknown', () => {
    expect(startPingRuntime(START)).toMatchObject({
      state: 'unknown',
      lastReplyMs: null,
      rebootsInRow: 0,
      rebootsToday: 0,
      capped: false,
    });
  });

  it('stays unknown until a whole window passes without a reply, then fails', () => {
    const start = startPingRuntime(START);
    const before = run(start, {
      fromMs: START + 90 * SEC,
      toMs: START + 810 * SEC,
      target: alertOnly,
    });
    expect(before.effects).toEqual([]);
    expect(before.runtime.state).toBe('unknown');
    const after = samplePing(
      before.runtime,
      { replied: false, nowMs: START + 900 * SEC },
      alertOnly,
      timing,
    );
    expect(kinds(after.effects)).toEqual(['state:fail']);
    expect(after.runtime.state).toBe('fail');
  });

  it('passes on a reply, remembering when, and reports a change only once', () => {
    const first = samplePing(
      startPingRuntime(START),
      { replied: true, nowMs: START + SEC },
      cycle,
      timing,
    );
    expect(kinds(first.effects)).toEqual(['state:pass']);
    expect(first.runtime.lastReplyMs).toBe(START + SEC);
    const again = samplePing(
      first.runtime,
      { replied: true, nowMs: START + 91 * SEC },
      cycle,
      timing,
    );
    expect(again.effects).toEqual([]);
    expect(again.runtime.lastReplyMs).toBe(START + 91 * SEC);
  });

  it('fails a passing target a window after its last reply', () => {
    const passing = samplePing(
      startPingRuntime(START),
      { replied: true, nowMs: START },
      alertOnly,
      timing,
    );
    const quiet = samplePing(
      passing.runtime,
      { replied: false, nowMs: START + 899 * SEC },
      alertOnly,
      timing,
    );
    expect(quiet.effects).toEqual([]);
    const failed = samplePing(
      quiet.runtime,
      { replied: false, nowMs: START + 900 * SEC },
      alertOnly,
      timing,
    );
    expect(kinds(failed.effects)).toEqual(['state:fail']);
  });

  it('with action none it only alerts: no reboot, ever', () => {
    const { effects } = run(startPingRuntime(START), {
      fromMs: START,
      toMs: START + 10 * 3600 * SEC,
      target: alertOnly,
    });
    expect(kinds(effects)).toEqual(['state:fail']);
  });

  it('reboots on failure, then holds off and waits a whole window before the next', () => {
    const { effects, runtime } = run(startPingRuntime(START), {
      fromMs: START,
      toMs: START + 2400 * SEC,
    });
    // fail + reboot at 900 s; hold-off to 1200 s; judged afresh from there: a window later, the
    // first sample from 2100 s on (samples are 90 s apart)
    expect(effects.map((e) => [kinds([e])[0], (e.at - START) / SEC])).toEqual([
      ['state:fail', 900],
      ['reboot', 900],
      ['reboot', 2160],
    ]);
    expect(runtime).toMatchObject({ rebootsInRow: 2, rebootsToday: 2, state: 'fail' });
  });

  it('does not reboot during the hold-off even with a shorter window', () => {
    const short: PingTiming = { windowMs: 60 * SEC, holdOffMs: 600 * SEC };
    const { effects } = run(startPingRuntime(START), {
      fromMs: START,
      toMs: START + 1000 * SEC,
      everyMs: 10 * SEC,
      timing: short,
    });
    const reboots = effects.filter((e) => e.kind === 'reboot').map((e) => (e.at - START) / SEC);
    // 60 s; then the hold-off (to 660 s) and a window (to 720 s)
    expect(reboots).toEqual([60, 720]);
  });

  it('stops at the cap of reboots in a row and reports it once', () => {
    const { effects, runtime } = run(startPingRuntime(START), {
      fromMs: START,
      toMs: START + 6 * 3600 * SEC,
      target: { action: 'cycle', maxReboots: 2 },
    });
    expect(kinds(effects)).toEqual(['state:fail', 'reboot', 'reboot', 'capReached']);
    expect(runtime).toMatchObject({ capped: true, rebootsInRow: 2, rebootsToday: 2 });
  });

  it('a reply resets the run: the cap is lifted and reboots in a row start over', () => {
    const capped = run(startPingRuntime(START), {
      fromMs: START,
      toMs: START + 3 * 3600 * SEC,
      target: { action: 'cycle', maxReboots: 1 },
    });
    expect(kinds(capped.effects)).toEqual(['state:fail', 'reboot', 'capReached']);
    const back = START + 3 * 3600 * SEC + 90 * SEC;
    const passed = samplePing(capped.runtime, { replied: true, nowMs: back }, cycle, timing);
    expect(kinds(passed.effects)).toEqual(['state:pass']);
    expect(passed.runtime).toMatchObject({ capped: false, rebootsInRow: 0, rebootsToday: 1 });
    // silent again: it reboots again (once more, the cap of one)
    const again = run(passed.runtime, {
      fromMs: back + 90 * SEC,
      toMs: back + 3 * 3600 * SEC,
      target: { action: 'cycle', maxReboots: 1 },
    });
    expect(kinds(again.effects)).toEqual(['state:fail', 'reboot', 'capReached']);
    expect(again.runtime.rebootsToday).toBe(2);
  });

  it("counts reboots per day of the device's clock, starting over at its midnight", () => {
    // the device runs 8 hours behind UTC: its midnight is 08:00 UTC
    const utcOffsetMs = -8 * 3600 * SEC;
    const once = { action: 'cycle' as const, maxReboots: 1 };
    const zoned: PingTiming = { ...timing, utcOffsetMs };
    const beforeMidnight = Date.UTC(2025, 2, 11, 7, 30);
    const start = startPingRuntime(beforeMidnight - 900 * SEC, utcOffsetMs);
    const first = samplePing(start, { replied: false, nowMs: beforeMidnight }, once, zoned);
    expect(first.runtime.rebootsToday).toBe(1);
    // 07:33 UTC (in the hold-off) is still the same device day
    const sameDay = samplePing(
      first.runtime,
      { replied: false, nowMs: Date.UTC(2025, 2, 11, 7, 33) },
      once,
      zoned,
    );
    expect(sameDay.runtime.rebootsToday).toBe(1);
    // a sample after 08:00 UTC (the device's midnight) starts the count again; the run goes on
    // (a cap of one: this failure reports the cap instead of rebooting)
    const nextDay = samplePing(
      sameDay.runtime,
      { replied: false, nowMs: Date.UTC(2025, 2, 11, 8, 0, 30) },
      once,
      zoned,
    );
    expect(kinds(nextDay.effects)).toEqual(['capReached']);
    expect(nextDay.runtime.rebootsToday).toBe(0);
    expect(nextDay.runtime.rebootsInRow).toBe(1);
    // in UTC (no offset) the same instants are one day: midnight UTC is not crossed
    const utc = samplePing(
      startPingRuntime(beforeMidnight - 900 * SEC),
      { replied: false, nowMs: beforeMidnight },
      once,
      timing,
    );
    const utcLater = samplePing(
      utc.runtime,
      { replied: false, nowMs: Date.UTC(2025, 2, 11, 8, 0, 30) },
      once,
      timing,
    );
    expect(utcLater.runtime.rebootsToday).toBe(1);
  });
});
