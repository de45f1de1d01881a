import { describe, expect, it } from 'vitest';
import { isLoopbackAddress, isLoopbackHost } from './loopback';

describe('isLoopbackAddress', () => {
  it.each(['127.0.0.1', '127.8.9.10', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1'])(
    '%s is loopback',
    (address) => expect(isLoopbackAddress(address)).toBe(true),
  );

  it.each([
    '10.0.0.1',
    '203.0.113.5',
    '::ffff:10.0.0.1',
    '0.0.0.0',
    '::',
    'localhost',
    '',
    undefined,
  ])('%s is not loopback', (address) => expect(isLoopbackAddress(address)).toBe(false));
});

describe('isLoopbackHost', () => {
  it('counts loopback addresses and the name localhost', () => {
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('::1')).toBe(true);
    expect(isLoopbackHost('LocalHost')).toBe(true);
  });

  it('does not count wildcards, other addresses or other names', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'console.example.com']) {
      expect(isLoopbackHost(host)).toBe(false);
    }
  });
});
