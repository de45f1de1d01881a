import { describe, expect, it } from 'vitest';
import { isActiveByLastContact } from './device-activity';

const now = new Date('2024-05-01T12:00:00Z');
const secondsAgo = (s: number) => new Date(now.getTime() - s * 1000);

describe('isActiveByLastContact', () => {
  it('counts a device heard from under 120 seconds ago as active', () => {
    expect(isActiveByLastContact(secondsAgo(119), now)).toBe(true);
  });

  it('counts a device silent for 120 seconds or more as inactive', () => {
    expect(isActiveByLastContact(secondsAgo(120), now)).toBe(false);
  });

  it('counts a device never heard from as inactive', () => {
    expect(isActiveByLastContact(null, now)).toBe(false);
  });
});
