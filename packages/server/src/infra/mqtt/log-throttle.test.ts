import { describe, expect, it } from 'vitest';
import { LogThrottle } from './log-throttle';

describe('LogThrottle', () => {
  it('logs the first occurrence of a key, then one per window with the count left out', () => {
    let now = 0;
    const throttle = new LogThrottle(60_000, () => now);

    expect(throttle.next('A')).toEqual({ skipped: 0 });
    now = 10_000;
    expect(throttle.next('A')).toBeUndefined();
    now = 59_999;
    expect(throttle.next('A')).toBeUndefined();
    now = 60_000;
    expect(throttle.next('A')).toEqual({ skipped: 2 });
    now = 70_000;
    expect(throttle.next('A')).toBeUndefined();
    now = 200_000;
    expect(throttle.next('A')).toEqual({ skipped: 1 });
  });

  it('keeps each key apart', () => {
    const throttle = new LogThrottle(60_000, () => 0);
    expect(throttle.next('A')).toEqual({ skipped: 0 });
    expect(throttle.next('B')).toEqual({ skipped: 0 });
    expect(throttle.next('A')).toBeUndefined();
    expect(throttle.next('B')).toBeUndefined();
  });

  it('forgets the key logged longest ago past its size, which is then logged again', () => {
    const throttle = new LogThrottle(60_000, () => 0, 2);
    throttle.next('A');
    throttle.next('B');
    throttle.next('C');
    expect(throttle.next('A')).toEqual({ skipped: 0 });
    expect(throttle.next('C')).toBeUndefined();
  });
});
