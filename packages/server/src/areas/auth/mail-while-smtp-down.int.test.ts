import type { FastifyInstance } from 'fastify';
import type { OutboxMessage } from '@powerdeck/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { buildUser } from '../../demo/builders';
import { users } from '../../infra/db/schema';
import { migrate } from '../../infra/db/migrate';
import { createArgon2Hasher } from '../../infra/passwords';
import { type OpenedTestDatabase, testDatabases } from '../../test/databases';
import { SmtpTestServer } from '../../test/smtp-test-server';
import { TestClock, path, testConfig } from '../../test/test-app';

const WAIT = { timeout: 30_000, interval: 50 };

/**
 * A user's action that mails (sign-up, password reset) does not wait for the SMTP server: with it
 * down the action still succeeds and its mail waits in the outbox; once it is back, the mail goes.
 */
describe.each(testDatabases())('mail while the SMTP server is down on $name', (testDb) => {
  let opened: OpenedTestDatabase;
  let app: FastifyInstance;
  const smtp = new SmtpTestServer();

  beforeAll(async () => {
    opened = await testDb.open();
    await migrate(opened.database);
    await smtp.start();
    await smtp.stop(); // down from the start: connections are refused
    app = await buildApp({
      config: testConfig({ SMTP_URL: smtp.url }),
      db: opened.database,
      clock: new TestClock(),
      passwords: createArgon2Hasher(),
      checkAnswers: true,
      // a retry every second while down (no back-off), so the test waits little once it is back
      mail: {
        retry: { retryLimit: 60, retryDelaySeconds: 1, retryBackoff: false },
        pollingIntervalSeconds: 0.5,
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await smtp.stop();
    await opened.dispose();
  });

  const post = (svc: string, payload: object) =>
    app.inject({ method: 'POST', url: path('auth', svc), payload, remoteAddress: '127.0.0.1' });
  const outbox = async (): Promise<OutboxMessage[]> =>
    (await app.inject({ url: path('auth', 'outbox') })).json<{ messages: OutboxMessage[] }>()
      .messages;

  it('signs up and asks for a reset link while SMTP is down; both mails go once it is back', async () => {
    await opened.database.db
      .insert(users)
      .values(
        buildUser({ email: 'known@example.com', firstName: 'Ada', passwordHash: 'never-checked' }),
      );

    const signup = await post('signup', {
      firstName: 'Nia',
      lastName: 'Okafor',
      email: 'nia@example.com',
      password: 'a-strong-passphrase',
      passwordConfirm: 'a-strong-passphrase',
    });
    expect(signup.statusCode).toBe(200);
    expect((await post('forgotPassword', { email: 'known@example.com' })).statusCode).toBe(200);

    // both are in the outbox, waiting, and the attempts while down are recorded
    await vi.waitFor(async () => {
      const messages = await outbox();
      expect(messages.map((m) => m.to).sort()).toEqual(['known@example.com', 'nia@example.com']);
      for (const m of messages) {
        expect(m.state).toBe('retrying');
        expect(m.lastError).toMatch(/ECONNREFUSED/);
      }
    }, WAIT);
    expect(smtp.received).toEqual([]);

    await smtp.start();
    await vi.waitFor(async () => {
      expect((await outbox()).map((m) => m.state)).toEqual(['sent', 'sent']);
    }, WAIT);
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([
      'known@example.com',
      'nia@example.com',
    ]);
    // each with its plain text and the console's HTML version
    for (const m of await outbox()) {
      expect(m.html).toContain('Powerdeck');
      expect(m.text).toMatch(/^Hello (Ada|Nia),/);
    }
  });
});
