import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstPaint } from './first-paint';

type Listener = (list: { getEntriesByName: (name: string) => unknown[] }) => void;

/** A PerformanceObserver whose paints the test reports. */
function fakeObserver() {
  const listeners: Listener[] = [];
  class FakeObserver {
    static supportedEntryTypes = ['paint'];
    constructor(listener: Listener) {
      listeners.push(listener);
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return (name: string) =>
    listeners.forEach((listener) =>
      listener({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) }),
    );
}

describe('firstPaint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('waits for the first contentful paint, not the first paint', async () => {
    const paint = fakeObserver();
    let done = false;
    const waiting = firstPaint().then(() => (done = true));
    paint('first-paint');
    await Promise.resolve();
    expect(done).toBe(false);
    paint('first-contentful-paint');
    await waiting;
    expect(done).toBe(true);
  });

  it('waits no longer than a second', async () => {
    vi.useFakeTimers();
    fakeObserver();
    const waiting = firstPaint();
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(waiting).resolves.toBeUndefined();
  });

  it('does not wait where no paint is reported', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    await expect(firstPaint()).resolves.toBeUndefined();
  });
});
