import { describe, expect, it } from 'vitest';
import { formatInLocation, formatLocationDateTime } from './location-time';

const pacificDst = { timezone: '-8.00', dst: true };

describe('formatLocationDateTime', () => {
  it('shows a summer moment with the summer offset when the location keeps DST', () => {
    // 2024-07-05 04:30:00 UTC is 21:30 PDT (UTC-7) the evening before.
    expect(formatLocationDateTime(Date.UTC(2024, 6, 5, 4, 30), pacificDst)).toBe(
      'Jul/04/2024 09:30:00 PM',
    );
  });

  it('shows a winter moment of the same location with the standard offset', () => {
    // 2024-01-05 05:30:00 UTC is 21:30 PST (UTC-8).
    expect(formatLocationDateTime(Date.UTC(2024, 0, 5, 5, 30), pacificDst)).toBe(
      'Jan/04/2024 09:30:00 PM',
    );
  });

  it('keeps the fixed offset all year when DST is off', () => {
    const fixed = { timezone: '-8.00', dst: false };
    expect(formatLocationDateTime(Date.UTC(2024, 6, 5, 4, 30), fixed)).toBe(
      'Jul/04/2024 08:30:00 PM',
    );
  });

  it('follows the offset across the change itself (an hour of wall time is skipped)', () => {
    // US spring forward 2024-03-10: 01:59:59 PST is followed by 03:00:00 PDT.
    const before = Date.UTC(2024, 2, 10, 9, 59, 59);
    expect(formatInLocation(before, 'HH:mm:ss', pacificDst)).toBe('01:59:59');
    expect(formatInLocation(before + 1000, 'HH:mm:ss', pacificDst)).toBe('03:00:00');
  });

  it('reads half-hour zones east of UTC', () => {
    expect(
      formatLocationDateTime(Date.UTC(2024, 0, 1, 0, 0), { timezone: '5.50', dst: true }),
    ).toBe('Jan/01/2024 05:30:00 AM');
  });

  it('gives an empty text for a moment that cannot be read', () => {
    expect(formatLocationDateTime('not a date', pacificDst)).toBe('');
  });
});
