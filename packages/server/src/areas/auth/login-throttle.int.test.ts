import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../demo/builders';
import { users } from '../../infra/db/schema';
import { type OpenedTestDatabase, testDatabases } from '../../test/databases';
import { type TestApp, TestClock, path, startTestApp } from '../../test/test-app';

const PASSWORD = 'correct horse battery';

describe.each(testDatabases())('sign-in throttling by account and address on $name', (testDb) => {
  let opened: OpenedTestDatabase;
  let t: TestApp;
  let ipCounter = 0;
  /** A fresh client address per use, so no test sees another's failures. */
  const newIp = () => `192.0.2.${++ipCounter}`;

  beforeAll(async () => {
    opened = await testDb.open();
    // the in-memory per-minute limit is apart (auth.int.test.ts): out of the way here
    t = await startTestApp(opened.database, { env: { SIGNIN_RATE_LIMIT: '100000' } });
  });
  afterAll(async () => {
    await t.app.close();
    await opened.dispose();
  });

  async function createUser(email: string) {
    const row = buildUser({ email, passwordHash: await t.passwords.hash(PASSWORD) });
    await opened.database.db.insert(users).values(row);
    return row;
  }

  const login = (app: TestApp, email: string, password: string, ip: string) =>
    app.app.inject({
      method: 'POST',
      url: path('auth', 'login'),
      payload: { email, password },
      remoteAddress: ip,
    });

  const retryAfter = (response: LightMyRequestResponse) => Number(response.headers['retry-after']);

  /** Wrong passwords from `ip`, each as soon as the throttle lets it, until `failures` were checked. */
  async function guess(email: string, ip: string, failures: number): Promise<void> {
    let checked = 0;
    while (checked < failures) {
      const response = await login(t, email, `guess-${checked}`, ip);
      if (response.statusCode === 429) {
        t.clock.advance(retryAfter(response) * 1000);
        continue;
      }
      expect(response.statusCode).toBe(401);
      checked++;
    }
  }

  it('the owner at address A signs in after an attacker at address B made 50 failures; B stays throttled, before any hash', async () => {
    await createUser('owner-a@example.com');
    const attacker = newIp();
    await guess('owner-a@example.com', attacker, 50);

    const owner = await login(t, 'owner-a@example.com', PASSWORD, newIp());
    expect(owner.statusCode).toBe(200);

    const verifies = t.passwords.verifies;
    const blocked = await login(t, 'owner-a@example.com', PASSWORD, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      error: 'Too many sign-in attempts. Please wait a few minutes and try again.',
    });
    // 50 failures within the hour: the longest wait, 15 minutes
    expect(retryAfter(blocked)).toBe(15 * 60);
    expect(t.passwords.verifies).toBe(verifies);
  });

  it('the wait of one address on one account doubles with each failure: 1 s, 2 s, 4 s', async () => {
    await createUser('doubling@example.com');
    const ip = newIp();
    await guess('doubling@example.com', ip, 5);
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      const throttled = await login(t, 'doubling@example.com', 'nope', ip);
      expect(throttled.statusCode).toBe(429);
      waits.push(retryAfter(throttled));
      t.clock.advance(retryAfter(throttled) * 1000);
      expect((await login(t, 'doubling@example.com', 'nope', ip)).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4]);
  });

  it('one address failing across 25 accounts is throttled, also on an account it never tried, before any hash', async () => {
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      statuses.push((await login(t, `sprayed-${i}@example.com`, 'Password1', ip)).statusCode);
    }
    expect(statuses.slice(0, 20)).toEqual(Array<number>(20).fill(401));
    expect(statuses.slice(20)).toEqual(Array<number>(5).fill(429));

    await createUser('never-tried@example.com');
    const verifies = t.passwords.verifies;
    const fresh = await login(t, 'never-tried@example.com', PASSWORD, ip);
    expect(fresh.statusCode).toBe(429);
    expect(retryAfter(fresh)).toBeGreaterThan(0);
    expect(t.passwords.verifies).toBe(verifies);
    // another address is not held back by it
    expect((await login(t, 'never-tried@example.com', PASSWORD, newIp())).statusCode).toBe(200);
  });

  it('a successful sign-in clears the failures of its account and address', async () => {
    await createUser('forgetful@example.com');
    const ip = newIp();
    await guess('forgetful@example.com', ip, 5);
    const throttled = await login(t, 'forgetful@example.com', PASSWORD, ip);
    expect(throttled.statusCode).toBe(429);
    t.clock.advance(retryAfter(throttled) * 1000);
    expect((await login(t, 'forgetful@example.com', PASSWORD, ip)).statusCode).toBe(200);
    // five fresh free failures again, not a longer wait
    for (let i = 0; i < 5; i++) {
      expect((await login(t, 'forgetful@example.com', `typo-${i}`, ip)).statusCode).toBe(401);
    }
  });

  it('failures of an account from an address count for a day', async () => {
    await createUser('later@example.com');
    const ip = newIp();
    await guess('later@example.com', ip, 8);
    t.clock.advance(23 * 60 * 60 * 1000);
    // still remembered: a ninth failure, then a 16 s wait
    expect((await login(t, 'later@example.com', 'nope', ip)).statusCode).toBe(401);
    expect((await login(t, 'later@example.com', PASSWORD, ip)).statusCode).toBe(429);
    t.clock.advance(60 * 60 * 1000 + 20_000);
    // the first eight are a day old: one failure counts, no wait
    expect((await login(t, 'later@example.com', 'nope', ip)).statusCode).toBe(401);
    expect((await login(t, 'later@example.com', PASSWORD, ip)).statusCode).toBe(200);
  });

  it("an address's failures across accounts count for an hour", async () => {
    await createUser('after-spray@example.com');
    const ip = newIp();
    for (let i = 0; i < 20; i++) {
      expect((await login(t, `spray-${i}@example.com`, 'x', ip)).statusCode).toBe(401);
    }
    t.clock.advance(59 * 60 * 1000);
    // still remembered: a 21st failure, then a 2 s wait
    expect((await login(t, 'after-spray@example.com', 'nope', ip)).statusCode).toBe(401);
    expect((await login(t, 'after-spray@example.com', PASSWORD, ip)).statusCode).toBe(429);
    t.clock.advance(60 * 1000 + 1000);
    expect((await login(t, 'after-spray@example.com', PASSWORD, ip)).statusCode).toBe(200);
  });

  it('the throttle holds across servers sharing the database', async () => {
    await createUser('shared@example.com');
    const ip = newIp();
    await guess('shared@example.com', ip, 5);
    const other = await startTestApp(opened.database, {
      clock: t.clock,
      env: { SIGNIN_RATE_LIMIT: '100000' },
    });
    try {
      const verifies = other.passwords.verifies;
      const response = await login(other, 'shared@example.com', PASSWORD, ip);
      expect(response.statusCode).toBe(429);
      expect(other.passwords.verifies).toBe(verifies);
    } finally {
      await other.app.close();
    }
  });

  it('behind a proxy named in TRUST_PROXY, the address is the client the proxy names', async () => {
    const proxied = await startTestApp(opened.database, {
      clock: new TestClock(t.clock.now().getTime()),
      env: { SIGNIN_RATE_LIMIT: '100000', TRUST_PROXY: '127.0.0.1' },
    });
    try {
      await createUser('proxied@example.com');
      const via = (client: string, password: string) =>
        proxied.app.inject({
          method: 'POST',
          url: path('auth', 'login'),
          payload: { email: 'proxied@example.com', password },
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': client },
        });
      for (let i = 0; i < 5; i++) expect((await via('198.51.100.1', 'nope')).statusCode).toBe(401);
      expect((await via('198.51.100.1', PASSWORD)).statusCode).toBe(429);
      // the same proxy, another client: not held back
      expect((await via('198.51.100.2', PASSWORD)).statusCode).toBe(200);
    } finally {
      await proxied.app.close();
    }
  });
});
