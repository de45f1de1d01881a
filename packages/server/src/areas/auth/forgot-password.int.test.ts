import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { buildUser } from '../../demo/builders';
import { users } from '../../infra/db/schema';
import { migrate } from '../../infra/db/migrate';
import type { MailMessage, Mailer } from '../../infra/mail/mailer';
import { type OpenedTestDatabase, testDatabases } from '../../test/databases';
import { CountingHasher, TestClock, path, testConfig } from '../../test/test-app';

/** A mailer that holds every message until released, and can be told to fail. */
class HeldMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  held = 0;
  failNext = false;
  private release = HeldMailer.gate();

  // Promise.withResolvers is Node 22+; Node 20.19 must work
  private static gate() {
    let open = () => {};
    const promise = new Promise<void>((resolve) => (open = resolve));
    return { promise, open };
  }

  async send(message: MailMessage): Promise<void> {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('SMTP server unreachable');
    }
    this.held++;
    await this.release.promise;
    this.sent.push(message);
  }

  resend(): Promise<boolean> {
    return Promise.resolve(false);
  }

  releaseAll(): void {
    this.release.open();
    this.release = HeldMailer.gate();
  }
}

describe.each(testDatabases())('forgot password on $name', (testDb) => {
  let opened: OpenedTestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const mailer = new HeldMailer();

  beforeAll(async () => {
    opened = await testDb.open();
    await migrate(opened.database);
    app = await buildApp({
      config: testConfig(),
      db: opened.database,
      clock: new TestClock(),
      passwords: new CountingHasher(),
      mailer,
    });
    await app.ready();
    const passwordHash = 'not-a-real-hash';
    await opened.database.db
      .insert(users)
      .values([buildUser({ email: 'known@example.com', passwordHash })]);
  });
  afterAll(async () => {
    mailer.releaseAll();
    await app.close();
    await opened.dispose();
  });

  const forgot = (email: string) =>
    app.inject({ method: 'POST', url: path('auth', 'forgotPassword'), payload: { email } });

  it('answers a known account before its e-mail is sent, as it answers an unknown one', async () => {
    let answered = false;
    const known = forgot('known@example.com').then((response) => {
      answered = true;
      return response;
    });
    // the mail is being sent and held; the answer must not wait for it
    await vi.waitFor(() => expect(mailer.held).toBe(1));
    await vi.waitFor(() => expect(answered).toBe(true), { timeout: 2000 });
    expect((await known).json()).toEqual({ ok: true });

    const unknown = await forgot('nobody@example.com');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ ok: true });

    mailer.releaseAll();
    await vi.waitFor(() => expect(mailer.sent).toHaveLength(1));
    expect(mailer.sent[0]?.to).toBe('known@example.com');
    expect(mailer.sent[0]?.text).toMatch(/\/reset-password\?token=/);
  });

  it('a mail that fails afterwards does not stop the next ones', async () => {
    mailer.failNext = true;
    expect((await forgot('known@example.com')).statusCode).toBe(200);
    expect((await forgot('known@example.com')).statusCode).toBe(200);
    await vi.waitFor(() => expect(mailer.held).toBe(2));
    mailer.releaseAll();
    await vi.waitFor(() => expect(mailer.sent).toHaveLength(2));
  });
});
