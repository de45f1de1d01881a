import { describe, expect, it } from 'vitest';
import { SOURCES, decodeCursor, encodeCursor, timestampOfMicros } from './event-log-cursor';

describe('event log cursor', () => {
  it('reads back what it wrote', () => {
    const cmd = {
      us: '1714564800123456',
      src: SOURCES.cmd,
      id: '0b4e7a52-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
    };
    expect(decodeCursor(encodeCursor(cmd))).toEqual(cmd);
    const dev = { us: '1714564800000000', src: SOURCES.dev, id: '42' };
    expect(decodeCursor(encodeCursor(dev))).toEqual(dev);
  });

  it('refuses what it did not write', () => {
    for (const text of [
      '',
      'x.y',
      '!!',
      Buffer.from('1.2.abc').toString('base64url'),
      Buffer.from('1.1.42').toString('base64url'),
      Buffer.from('1.4.42').toString('base64url'),
      Buffer.from('1.2.42.9').toString('base64url'),
    ]) {
      expect(decodeCursor(text), text).toBeUndefined();
    }
  });

  it('keeps microseconds exact', () => {
    expect(timestampOfMicros('1714564800123456')).toBe('2024-05-01T12:00:00.123456Z');
    expect(timestampOfMicros('1714564800000001')).toBe('2024-05-01T12:00:00.000001Z');
  });
});
