import { describe, expect, it } from 'vitest';
import { TIMEZONE_LIST, localDateOf, localParts, locationZone, zoneOffsetMinutes } from './zones';

const iana = (zone: string) => ({ kind: 'iana', zone }) as const;

describe('location time zones', () => {
  it('each label names a zone whose standard offset is the label offset', () => {
    for (const { label, offset, zone } of TIMEZONE_LIST) {
      const year = [Date.UTC(2026, 0, 15), Date.UTC(2026, 6, 15)];
      const standard = Math.min(...year.map((t) => zoneOffsetMinutes(iana(zone), t)));
      expect(standard, label).toBe(Math.round(Number(offset) * 60));
      const sign = standard < 0 ? '-' : '+';
      const hhmm = `${String(Math.floor(Math.abs(standard) / 60)).padStart(2, '0')}:${String(Math.abs(standard) % 60).padStart(2, '0')}`;
      expect(label.startsWith(`(GMT${sign}${hhmm})`), label).toBe(true);
    }
  });

  it('offsets are unique, so a stored offset finds its label', () => {
    const offsets = TIMEZONE_LIST.map((entry) => Number(entry.offset));
    expect(new Set(offsets).size).toBe(TIMEZONE_LIST.length);
  });

  it('DST on follows the zone of the label', () => {
    expect(locationZone('-8.00', true)).toEqual(iana('America/Los_Angeles'));
    expect(locationZone('0.00', true)).toEqual(iana('Europe/London'));
    expect(locationZone('1.00', true)).toEqual(iana('Europe/Berlin'));
    expect(locationZone('-3.50', true)).toEqual(iana('America/St_Johns'));
    expect(locationZone('5.75', true)).toEqual(iana('Asia/Kathmandu'));
    expect(locationZone('9.50', true)).toEqual(iana('Australia/Adelaide'));
    expect(locationZone('10.00', true)).toEqual(iana('Australia/Sydney'));
    expect(locationZone('12.00', true)).toEqual(iana('Pacific/Auckland'));
    expect(locationZone('-12.00', true)).toEqual(iana('Etc/GMT+12'));
    expect(locationZone('-8', true)).toEqual(iana('America/Los_Angeles'));
  });

  it('DST off, or an offset not in the list, is that offset all year', () => {
    expect(locationZone('-8.00', false)).toEqual({ kind: 'fixed', offsetMinutes: -480 });
    expect(locationZone('5.50', false)).toEqual({ kind: 'fixed', offsetMinutes: 330 });
    expect(locationZone('-2.50', true)).toEqual({ kind: 'fixed', offsetMinutes: -150 });
    expect(locationZone('not an offset', true)).toEqual({ kind: 'fixed', offsetMinutes: 0 });
  });

  it('a zone with DST is ahead in summer, a fixed offset is not', () => {
    const winter = Date.UTC(2026, 0, 15);
    const summer = Date.UTC(2026, 6, 15);
    expect(zoneOffsetMinutes(iana('America/Los_Angeles'), winter)).toBe(-480);
    expect(zoneOffsetMinutes(iana('America/Los_Angeles'), summer)).toBe(-420);
    expect(zoneOffsetMinutes(iana('Australia/Sydney'), winter)).toBe(660);
    expect(zoneOffsetMinutes(iana('Australia/Sydney'), summer)).toBe(600);
    expect(zoneOffsetMinutes(locationZone('-8.00', false), summer)).toBe(-480);
  });

  it('the offset changes at the transition instant, not around it', () => {
    const la = iana('America/Los_Angeles');
    const springForward = Date.parse('2026-03-08T10:00:00Z');
    expect(zoneOffsetMinutes(la, springForward - 1)).toBe(-480);
    expect(zoneOffsetMinutes(la, springForward)).toBe(-420);
  });

  it('local parts and date are the wall clock of the zone', () => {
    const instant = Date.parse('2026-01-31T18:20:00Z');
    expect(localParts(instant, iana('Asia/Kathmandu'))).toEqual({
      year: 2026,
      month: 2,
      day: 1,
      hour: 0,
      minute: 5,
      epochDay: Date.UTC(2026, 1, 1) / 86_400_000,
    });
    expect(localDateOf(instant, iana('Asia/Kolkata'))).toBe('2026-01-31');
    expect(localDateOf(new Date(instant), iana('Asia/Kathmandu'))).toBe('2026-02-01');
    expect(localDateOf(Date.parse('2026-01-01T03:00:00Z'), locationZone('-5.00', true))).toBe(
      '2025-12-31',
    );
    expect(localParts(-1, { kind: 'fixed', offsetMinutes: 0 }).epochDay).toBe(-1);
  });
});
