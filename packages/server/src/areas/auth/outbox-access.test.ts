import type { SessionUser } from '@powerdeck/domain';
import { describe, expect, it } from 'vitest';
import { mayReadOutbox } from './outbox-access';

const user = (tier: SessionUser['tier']): SessionUser => ({
  userId: 'u1',
  email: 'someone@example.com',
  firstName: 'Some',
  lastName: 'One',
  tier,
});

describe('mayReadOutbox', () => {
  it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1'])(
    'an anonymous request from loopback %s without proxy headers may read it',
    (socketAddress) => {
      expect(mayReadOutbox({ socketAddress, headers: {}, user: null })).toBe(true);
    },
  );

  it('an anonymous or STANDARD request from another machine may not', () => {
    for (const who of [null, user('STANDARD')]) {
      expect(mayReadOutbox({ socketAddress: '203.0.113.5', headers: {}, user: who })).toBe(false);
    }
    expect(mayReadOutbox({ socketAddress: undefined, headers: {}, user: null })).toBe(false);
  });

  it.each([
    ['x-forwarded-for', '203.0.113.5'],
    ['x-forwarded-host', 'console.example.com'],
    ['forwarded', 'for=203.0.113.5'],
    ['x-real-ip', '203.0.113.5'],
    ['via', '1.1 proxy'],
  ])('a loopback request that came through a proxy (%s) may not', (name, value) => {
    expect(
      mayReadOutbox({ socketAddress: '127.0.0.1', headers: { [name]: value }, user: null }),
    ).toBe(false);
  });

  it('a signed-in SUPPORT user may, from anywhere and through a proxy', () => {
    expect(
      mayReadOutbox({
        socketAddress: '203.0.113.5',
        headers: { 'x-forwarded-for': '198.51.100.7' },
        user: user('SUPPORT'),
      }),
    ).toBe(true);
  });
});
