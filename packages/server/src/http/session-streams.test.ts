import { describe, expect, it } from 'vitest';
import { EVICTED_FRAME, type LiveStream, SessionStreams } from './session-streams';

/** A stream as the routes make one: closing ends it and releases its place. */
function stream(streams: SessionStreams, sessionId: string) {
  const written: string[] = [];
  const s = {
    ended: false,
    written,
    release: () => undefined as void,
    res: {
      get writableEnded() {
        return s.ended;
      },
      write: (text: string) => {
        written.push(text);
        return true;
      },
    } as LiveStream['res'],
    close() {
      if (s.ended) return;
      s.ended = true;
      s.release();
    },
  };
  s.release = streams.open(sessionId, s);
  return s;
}

describe('SessionStreams', () => {
  it('opening one more than the cap closes the oldest stream of that session first', () => {
    const streams = new SessionStreams(3);
    const [a, b, c] = [stream(streams, 's1'), stream(streams, 's1'), stream(streams, 's1')];
    const other = stream(streams, 's2');
    expect(streams.count('s1')).toBe(3);
    const d = stream(streams, 's1');
    expect(a.ended).toBe(true);
    expect(a.written).toEqual([EVICTED_FRAME]);
    expect([b, c, d, other].map((s) => s.ended)).toEqual([false, false, false, false]);
    expect(streams.count('s1')).toBe(3);
    expect(streams.count('s2')).toBe(1);
    stream(streams, 's1');
    expect(b.ended).toBe(true);
    expect(c.ended).toBe(false);
  });

  it('a stream that ends by itself frees its place', () => {
    const streams = new SessionStreams(2);
    const a = stream(streams, 's');
    const b = stream(streams, 's');
    b.close();
    expect(streams.count('s')).toBe(1);
    stream(streams, 's');
    expect(a.ended).toBe(false);
    a.close();
    b.close();
    expect(streams.count('s')).toBe(1);
  });

  it('tells the browser to wait a minute before reconnecting a stream closed for the cap', () => {
    expect(EVICTED_FRAME).toMatch(/^: closed: more than 20 live streams on this session\n/);
    expect(EVICTED_FRAME).toMatch(/\nretry: 60000\n\n$/);
  });

  it('closes every stream of every session when the server closes', () => {
    const streams = new SessionStreams();
    const all = [stream(streams, 'x'), stream(streams, 'x'), stream(streams, 'y')];
    streams.closeAll();
    expect(all.every((s) => s.ended)).toBe(true);
    expect(streams.count('x') + streams.count('y')).toBe(0);
  });
});
