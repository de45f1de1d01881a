import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_LOGS_CHANNEL, EventLogFanout, PUSH_EVERY_MS } from './event-log-fanout';

/** A database whose NOTIFY reaches this one server's LISTEN at once. */
function fakeDatabase() {
  let deliver: ((payload: string) => void) | undefined;
  const notified: string[][] = [];
  const database = {
    db: {
      execute: (query: { queryChunks?: unknown[] }) => {
        // the query is `select pg_notify(channel, payload)`: its parameters are the strings
        const params = (query.queryChunks ?? []).filter((c): c is string => typeof c === 'string');
        const payload = params.at(-1) ?? '[]';
        notified.push(JSON.parse(payload) as string[]);
        deliver?.(payload);
        return Promise.resolve({ rows: [] });
      },
    },
    listen: (channel: string, onPayload: (payload: string) => void) => {
      expect(channel).toBe(EVENT_LOGS_CHANNEL);
      deliver = onPayload;
      return Promise.resolve(() => Promise.resolve());
    },
  };
  return { database, notified };
}

describe('event log fan-out', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const start = async () => {
    const { database, notified } = fakeDatabase();
    const fanout = new EventLogFanout(database as never, { warn: () => undefined }, (devIds) =>
      Promise.resolve(devIds.map((d) => `site-of-${d}`)),
    );
    await fanout.start();
    return { fanout, notified };
  };

  it('announces a burst at once and then at most once a second, each location once', async () => {
    const { fanout, notified } = await start();
    fanout.changed('a');
    await vi.advanceTimersByTimeAsync(100);
    expect(notified).toEqual([['a']]);
    for (let i = 0; i < 400; i++) {
      fanout.changed(i % 2 === 0 ? 'a' : 'b');
      await vi.advanceTimersByTimeAsync(2);
    }
    // 0.8 s of changes within the second after the first announcement: held back …
    expect(notified).toEqual([['a']]);
    // … and announced once at its end, both locations
    await vi.advanceTimersByTimeAsync(300);
    expect(notified).toEqual([['a'], ['a', 'b']]);
    await vi.advanceTimersByTimeAsync(PUSH_EVERY_MS * 3);
    expect(notified).toHaveLength(2);
  });

  it('looks up the locations of devices', async () => {
    const { fanout, notified } = await start();
    fanout.changedDevices(['D1', 'D2']);
    fanout.changed('x');
    await vi.advanceTimersByTimeAsync(100);
    expect(notified).toEqual([['x', 'site-of-D1', 'site-of-D2']]);
  });

  it('pushes a stream at most once a second, the last poke of a burst included', async () => {
    const { fanout } = await start();
    const pushes: number[] = [];
    fanout.subscribe('a', () => pushes.push(performance.now()));
    const other: number[] = [];
    fanout.subscribe('b', () => other.push(1));
    for (let i = 0; i < 30; i++) {
      fanout.changed('a');
      await vi.advanceTimersByTimeAsync(100);
    }
    await vi.advanceTimersByTimeAsync(PUSH_EVERY_MS * 2);
    expect(pushes.length).toBeGreaterThanOrEqual(3);
    expect(pushes.length).toBeLessThanOrEqual(4);
    for (let i = 1; i < pushes.length; i++) {
      expect((pushes[i] ?? 0) - (pushes[i - 1] ?? 0)).toBeGreaterThanOrEqual(PUSH_EVERY_MS);
    }
    expect(other).toEqual([]);
  });

  it('stops pushing an unsubscribed stream', async () => {
    const { fanout } = await start();
    const pushes: number[] = [];
    const unsubscribe = fanout.subscribe('a', () => pushes.push(1));
    fanout.changed('a');
    await vi.advanceTimersByTimeAsync(100);
    unsubscribe();
    fanout.changed('a');
    await vi.advanceTimersByTimeAsync(PUSH_EVERY_MS * 2);
    expect(pushes).toEqual([1]);
  });
});
