import type { PingTarget } from './ping-target';

/** Spec §4 ping states: pass, unknown, fail (texts in `pingStateTexts`). */
export const PING_STATES = ['pass', 'unknown', 'fail'] as const;
export type PingState = (typeof PING_STATES)[number];

/** What a device remembers of one target between samples. */
export interface PingRuntime {
  state: PingState;
  /** Device clock (ms) of the last reply; null before the first. */
  lastReplyMs: number | null;
  /** Since when the target is being judged: configured, or the last hold-off ended. */
  judgedFromMs: number;
  /** Auto-reboots since the target last answered. */
  rebootsInRow: number;
  /** No reboot and no judgement before this (the hold-off after a reboot). */
  holdOffUntilMs: number;
  /** The reboot cap was reached: no more reboots until the target answers again. */
  capped: boolean;
  /** Auto-reboots on the device's current day, and which day that is (days since the epoch). */
  rebootsToday: number;
  day: number;
}

/** What the device does after a sample, besides remembering the new runtime. */
export type PingEffect =
  { kind: 'state'; state: PingState } | { kind: 'reboot' } | { kind: 'capReached' };

export interface PingSample {
  replied: boolean;
  /** Device clock, ms. */
  nowMs: number;
}

export interface PingTiming {
  /** The sample window in ms: a target with no reply for this long fails. */
  windowMs: number;
  /** The hold-off after a reboot in ms. */
  holdOffMs: number;
  /** The device's offset from UTC in ms: its day starts at its local midnight. */
  utcOffsetMs?: number;
}

const DAY_MS = 86_400_000;

function dayOf(nowMs: number, utcOffsetMs = 0): number {
  return Math.floor((nowMs + utcOffsetMs) / DAY_MS);
}

/** A target just configured (or the device just booted): unknown until it is judged. */
export function startPingRuntime(nowMs: number, utcOffsetMs = 0): PingRuntime {
  return {
    state: 'unknown',
    lastReplyMs: null,
    judgedFromMs: nowMs,
    rebootsInRow: 0,
    holdOffUntilMs: 0,
    capped: false,
    rebootsToday: 0,
    day: dayOf(nowMs, utcOffsetMs),
  };
}

/**
 * One ping sample of one target, judged the way the device's firmware does: a reply passes the
 * target (and ends a run of reboots); no reply for a whole sample window fails it. A failing
 * target whose action is `cycle` reboots its outlets, then waits out the hold-off before it is
 * judged again, so a slow modem is not cycled while it boots; after `maxReboots` in a row it
 * stops and reports the cap once.
 */
export function samplePing(
  runtime: PingRuntime,
  sample: PingSample,
  target: Pick<PingTarget, 'action' | 'maxReboots'>,
  timing: PingTiming,
): { runtime: PingRuntime; effects: PingEffect[] } {
  const { nowMs } = sample;
  const effects: PingEffect[] = [];
  const day = dayOf(nowMs, timing.utcOffsetMs);
  let next: PingRuntime =
    day === runtime.day ? { ...runtime } : { ...runtime, day, rebootsToday: 0 };
  const enter = (state: PingState) => {
    if (next.state !== state) effects.push({ kind: 'state', state });
    next.state = state;
  };

  if (sample.replied) {
    next = { ...next, lastReplyMs: nowMs, rebootsInRow: 0, capped: false };
    enter('pass');
    return { runtime: next, effects };
  }
  if (nowMs < next.holdOffUntilMs) return { runtime: next, effects };

  const silentSince = Math.max(next.lastReplyMs ?? next.judgedFromMs, next.judgedFromMs);
  if (nowMs - silentSince < timing.windowMs) return { runtime: next, effects };
  enter('fail');
  if (target.action !== 'cycle' || next.capped) return { runtime: next, effects };
  if (next.rebootsInRow >= target.maxReboots) {
    next.capped = true;
    effects.push({ kind: 'capReached' });
    return { runtime: next, effects };
  }
  next.rebootsInRow += 1;
  next.rebootsToday += 1;
  next.holdOffUntilMs = nowMs + timing.holdOffMs;
  // judged afresh once the hold-off is over: a whole window without reply fails it again
  next.judgedFromMs = next.holdOffUntilMs;
  effects.push({ kind: 'reboot' });
  return { runtime: next, effects };
}
