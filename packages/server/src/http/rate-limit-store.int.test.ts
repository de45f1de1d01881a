import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenedTestDatabase, testDatabases } from '../test/databases';
import { type TestApp, path, startTestApp } from '../test/test-app';

const LOGIN = path('auth', 'login');

describe.each(testDatabases())('call limits shared by every server on $name', (testDb) => {
  let opened: OpenedTestDatabase;
  let serverA: TestApp;
  let serverB: TestApp;
  beforeAll(async () => {
    opened = await testDb.open();
    // two servers on one database, as behind a load balancer
    serverA = await startTestApp(opened.database, { env: { SIGNIN_RATE_LIMIT: '2' } });
    serverB = await startTestApp(opened.database, { env: { SIGNIN_RATE_LIMIT: '2' } });
  });
  afterAll(async () => {
    await serverA.app.close();
    await serverB.app.close();
    await opened.dispose();
  });

  const signIn = (server: TestApp, n: number) =>
    server.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email: `nobody-${n}@example.com`, password: 'wrong password' },
    });

  it('counts an address across servers: the third attempt is refused by whichever server gets it', async () => {
    expect((await signIn(serverA, 1)).statusCode).toBe(401);
    expect((await signIn(serverB, 2)).statusCode).toBe(401);
    const limited = await signIn(serverA, 3);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn(serverB, 4)).statusCode).toBe(429);
  });

  it('starts a new window once the old one has ended', async () => {
    // end every window now, as if its time had passed
    await opened.database.db.execute(
      sql`UPDATE rate_limit_counters SET resets_at = clock_timestamp() - interval '1 second'`,
    );
    expect((await signIn(serverB, 5)).statusCode).toBe(401);
    expect((await signIn(serverA, 6)).statusCode).toBe(401);
    expect((await signIn(serverB, 7)).statusCode).toBe(429);
  });
});
