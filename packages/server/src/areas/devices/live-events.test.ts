import { describe, expect, it } from 'vitest';
import { TestClock } from '../../test/test-app';
import { KEEP_UNWATCHED_MS, LiveEvents, RING_SIZE } from './live-events';

const DEV = '1065A3000001';
const contact = { conf: null, lastContact: 1, sysTime: 1 };

describe('live events', () => {
  it('resumes after a Last-Event-ID with the events after it', () => {
    const events = new LiveEvents(new TestClock());
    events.subscribe(DEV, () => undefined);
    const first = events.publish({ type: 'contact', devId: DEV, contact });
    const second = events.publish({ type: 'device', devId: DEV, change: 'info' });
    expect(second.seq).toBeGreaterThan(first.seq);
    expect(events.since(DEV, first.seq)).toEqual([second]);
    expect(events.since(DEV, second.seq)).toEqual([]);
  });

  it('asks for a full resync when the id is older than the ring or unknown', () => {
    const clock = new TestClock();
    const events = new LiveEvents(clock);
    events.subscribe(DEV, () => undefined);
    const first = events.publish({ type: 'contact', devId: DEV, contact });
    for (let i = 0; i < RING_SIZE + 5; i++)
      events.publish({ type: 'device', devId: DEV, change: 'info' });
    expect(events.since(DEV, first.seq).map((e) => e.event.type)).toEqual(['resync']);
    expect(events.since(DEV, Number.MAX_SAFE_INTEGER).map((e) => e.event.type)).toEqual(['resync']);
  });

  it('an id from before a restart is too old', () => {
    const clock = new TestClock();
    const earlier = new LiveEvents(clock).publish({ type: 'contact', devId: DEV, contact });
    clock.advance(1_000);
    const restarted = new LiveEvents(clock);
    expect(restarted.since(DEV, earlier.seq).map((e) => e.event.type)).toEqual(['resync']);
  });

  it('polling returns what happened after a time, and only to that device', () => {
    const clock = new TestClock();
    const events = new LiveEvents(clock);
    const start = clock.now().getTime();
    // the page's first poll: from then on the device's events are kept for the next ones
    expect(events.sinceTime(DEV, start)).toEqual([]);
    clock.advance(10);
    events.publish({ type: 'contact', devId: DEV, contact });
    events.publish({ type: 'contact', devId: '1065A3000002', contact });
    expect(events.sinceTime(DEV, start)).toHaveLength(1);
    expect(events.sinceTime(DEV, clock.now().getTime())).toHaveLength(0);
  });

  it('fans out to the streams watching the device until they leave', () => {
    const events = new LiveEvents(new TestClock());
    const got: number[] = [];
    const leave = events.subscribe(DEV, (e) => got.push(e.seq));
    events.publish({ type: 'contact', devId: DEV, contact });
    leave();
    events.publish({ type: 'contact', devId: DEV, contact });
    expect(got).toHaveLength(1);
    expect(events.watcherCount(DEV)).toBe(0);
  });

  it('keeps no events of a device nobody watched lately: a resume or poll from before gets a resync', () => {
    const clock = new TestClock();
    const events = new LiveEvents(clock);
    const leave = events.subscribe(DEV, () => undefined);
    const seen = events.publish({ type: 'contact', devId: DEV, contact });
    leave();
    // a browser that lost its stream a moment ago resumes with what it missed
    clock.advance(1_000);
    const missed = events.publish({ type: 'device', devId: DEV, change: 'info' });
    expect(events.since(DEV, seen.seq)).toEqual([missed]);
    // long after the last stream and poll, nothing is kept
    clock.advance(KEEP_UNWATCHED_MS + 1);
    const polledAt = clock.now().getTime();
    clock.advance(10);
    events.publish({ type: 'device', devId: DEV, change: 'info' });
    expect(events.since(DEV, missed.seq).map((e) => e.event.type)).toEqual(['resync']);
    expect(events.sinceTime(DEV, polledAt).map((e) => e.event.type)).toEqual(['resync']);
    // that resume (or poll) is watching again: what follows is kept
    const resyncedAt = clock.now().getTime();
    clock.advance(10);
    const after = events.publish({ type: 'device', devId: DEV, change: 'info' });
    expect(events.sinceTime(DEV, resyncedAt)).toEqual([after]);
  });
});
