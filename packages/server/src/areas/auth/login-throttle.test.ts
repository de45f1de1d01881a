import { describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE, loginThrottle } from './login-throttle';

const now = new Date('2024-05-01T12:00:00Z');
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);

describe('loginThrottle', () => {
  it('allows sign-in with fewer than five recent failures', () => {
    expect(loginThrottle([1, 2, 3, 4].map(minutesAgo), now)).toEqual({ throttled: false });
  });

  it('throttles after five failures within fifteen minutes', () => {
    expect(loginThrottle([1, 2, 3, 4, 5].map(minutesAgo), now).throttled).toBe(true);
  });

  it('ignores failures older than the window', () => {
    expect(loginThrottle([1, 2, 3, 4, 16, 20].map(minutesAgo), now)).toEqual({
      throttled: false,
    });
  });

  it('tells when the oldest counted failure leaves the window', () => {
    const decision = loginThrottle([1, 2, 3, 4, 10, 14].map(minutesAgo), now);
    // the fifth most recent failure was 10 minutes ago: 5 minutes to wait
    expect(decision).toEqual({ throttled: true, retryAfterSeconds: 5 * 60 });
  });

  it('never asks to wait less than a second', () => {
    const justInside = new Date(now.getTime() - LOGIN_THROTTLE.windowMs + 1);
    const decision = loginThrottle([justInside, ...[1, 2, 3, 4].map(minutesAgo)], now);
    expect(decision).toEqual({ throttled: true, retryAfterSeconds: 1 });
  });
});
