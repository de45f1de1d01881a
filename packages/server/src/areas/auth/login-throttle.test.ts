import { describe, expect, it } from 'vitest';
import { type FailureCount, LOGIN_THROTTLE, backOffMs, loginThrottle } from './login-throttle';

const now = new Date('2024-05-01T12:00:00Z');
const secondsAgo = (s: number) => new Date(now.getTime() - s * 1000);
const none: FailureCount = { count: 0, latest: null };
const failures = (count: number, latestSecondsAgo = 0): FailureCount => ({
  count,
  latest: secondsAgo(latestSecondsAgo),
});

describe('backOffMs', () => {
  it('is free up to the free failures, then doubles from a second, capped at 15 minutes', () => {
    const rule = LOGIN_THROTTLE.account;
    expect([0, 4].map((n) => backOffMs(n, rule))).toEqual([0, 0]);
    expect([5, 6, 7, 8].map((n) => backOffMs(n, rule))).toEqual([1000, 2000, 4000, 8000]);
    expect(backOffMs(14, rule)).toBe(512_000);
    expect(backOffMs(15, rule)).toBe(15 * 60 * 1000);
    expect(backOffMs(1000, rule)).toBe(15 * 60 * 1000);
  });
});

describe('loginThrottle', () => {
  it('lets an attempt through with no failures, or fewer than five for its account and address', () => {
    expect(loginThrottle({ account: none, address: none }, now)).toEqual({ throttled: false });
    expect(loginThrottle({ account: failures(4), address: failures(4) }, now)).toEqual({
      throttled: false,
    });
  });

  it('after five failures of the pair, the next attempt waits a second after the latest', () => {
    expect(loginThrottle({ account: failures(5), address: failures(5) }, now)).toEqual({
      throttled: true,
      retryAfterSeconds: 1,
    });
    expect(loginThrottle({ account: failures(5, 1), address: failures(5, 1) }, now)).toEqual({
      throttled: false,
    });
  });

  it('each further failure of the pair doubles the wait', () => {
    const decide = (count: number) =>
      loginThrottle({ account: failures(count), address: failures(count) }, now);
    expect([6, 7, 8, 9].map(decide)).toEqual(
      [2, 4, 8, 16].map((retryAfterSeconds) => ({ throttled: true, retryAfterSeconds })),
    );
  });

  it('tells the wait left, counted from the latest failure, never under a second', () => {
    // 8 failures: 8 s after the latest; 3 s gone
    expect(loginThrottle({ account: failures(8, 3), address: none }, now)).toEqual({
      throttled: true,
      retryAfterSeconds: 5,
    });
    const almost = { count: 5, latest: new Date(now.getTime() - 999) };
    expect(loginThrottle({ account: almost, address: none }, now)).toEqual({
      throttled: true,
      retryAfterSeconds: 1,
    });
  });

  it('never waits more than 15 minutes', () => {
    expect(loginThrottle({ account: failures(60), address: failures(60) }, now)).toEqual({
      throttled: true,
      retryAfterSeconds: 15 * 60,
    });
  });

  it('an address with 20 failures across accounts is throttled even for an account it never tried', () => {
    expect(loginThrottle({ account: none, address: failures(19) }, now)).toEqual({
      throttled: false,
    });
    expect(loginThrottle({ account: none, address: failures(20) }, now)).toEqual({
      throttled: true,
      retryAfterSeconds: 1,
    });
    expect(loginThrottle({ account: none, address: failures(23) }, now)).toEqual({
      throttled: true,
      retryAfterSeconds: 8,
    });
  });

  it('takes the longer of the two waits', () => {
    expect(loginThrottle({ account: failures(7, 1), address: failures(21, 1) }, now)).toEqual({
      throttled: true,
      retryAfterSeconds: 3,
    });
  });
});
