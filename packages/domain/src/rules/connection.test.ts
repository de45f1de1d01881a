import { describe, expect, it } from 'vitest';
import { isConnected, isKidConnected } from './connection';

const SYS = 1_700_000_000;

describe('connection rule', () => {
  it('connected when last contact is 119 s before system time', () => {
    expect(isConnected({ lastContact: SYS - 119, sysTime: SYS })).toBe(true);
  });

  it('not connected at exactly 120 s', () => {
    expect(isConnected({ lastContact: SYS - 120, sysTime: SYS })).toBe(false);
  });

  it('not connected at 121 s', () => {
    expect(isConnected({ lastContact: SYS - 121, sysTime: SYS })).toBe(false);
  });

  it('connected when last contact equals system time', () => {
    expect(isConnected({ lastContact: SYS, sysTime: SYS })).toBe(true);
  });

  it('connected when last contact is ahead of system time (clock skew)', () => {
    expect(isConnected({ lastContact: SYS + 500, sysTime: SYS })).toBe(true);
  });

  it('connected when conf is "0.0" however old the contact', () => {
    expect(isConnected({ conf: '0.0', lastContact: SYS - 10_000, sysTime: SYS })).toBe(true);
    expect(isConnected({ conf: '0.0' })).toBe(true);
  });

  it('another conf value does not connect a stale device', () => {
    expect(isConnected({ conf: '1.0', lastContact: SYS - 120, sysTime: SYS })).toBe(false);
    expect(isConnected({ conf: '0', lastContact: SYS - 120, sysTime: SYS })).toBe(false);
  });

  it('not connected without contact data', () => {
    expect(isConnected(null)).toBe(false);
    expect(isConnected(undefined)).toBe(false);
    expect(isConnected({})).toBe(false);
    expect(isConnected({ lastContact: SYS })).toBe(false);
    expect(isConnected({ lastContact: Number.NaN, sysTime: SYS })).toBe(false);
  });
});

describe('child connection rule', () => {
  const fresh = { lastContact: SYS - 10, sysTime: SYS };

  it('a child is connected when contact exists, the parent is active and the check passes', () => {
    expect(isKidConnected(fresh, true)).toBe(true);
  });

  it('a child is not connected when the parent is inactive', () => {
    expect(isKidConnected(fresh, false)).toBe(false);
  });

  it('a child is not connected without contact data', () => {
    expect(isKidConnected(undefined, true)).toBe(false);
  });

  it('a child is not connected when its own contact is stale', () => {
    expect(isKidConnected({ lastContact: SYS - 120, sysTime: SYS }, true)).toBe(false);
  });
});
