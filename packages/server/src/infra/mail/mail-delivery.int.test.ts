import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type OpenedTestDatabase, testDatabases } from '../../test/databases';
import { type SmtpAnswer, SmtpTestServer } from '../../test/smtp-test-server';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { type JobQueue, createJobQueue } from '../jobs/job-queue';
import { type Mail, createMail } from './mail';
import { renderMail } from './mail-layout';
import type { MailRetryPolicy } from './mail-queue';
import { type DeliveryState, OutboxRepository } from './outbox.repository';

const WAIT = { timeout: 30_000, interval: 50 };
/** Retries at once (or after `delaySeconds`), without back-off: tests never sleep. */
const quickRetry = (retryLimit: number, delaySeconds = 0): MailRetryPolicy => ({
  retryLimit,
  retryDelaySeconds: delaySeconds,
  retryBackoff: false,
});

describe.each(testDatabases())('mail delivery through the queue on $name', (testDatabase) => {
  let opened: OpenedTestDatabase;
  let database: Database;
  let outbox: OutboxRepository;
  let jobs: JobQueue | undefined;
  let mail: Mail | undefined;
  let smtp: SmtpTestServer | undefined;
  const log = { error: vi.fn(), info: vi.fn(), warn: vi.fn() };

  beforeAll(async () => {
    opened = await testDatabase.open();
    database = opened.database;
    await migrate(database);
    outbox = new OutboxRepository(database.db);
  });
  afterEach(async () => {
    await jobs?.stop();
    mail?.close();
    await smtp?.stop();
    jobs = mail = smtp = undefined;
    log.error.mockClear();
  });
  afterAll(async () => {
    await opened.dispose();
  });

  async function startMail(smtpUrl: string, retry: MailRetryPolicy): Promise<Mail> {
    jobs = await createJobQueue(database, { log });
    mail = createMail({
      db: database.db,
      jobs,
      smtpUrl,
      from: 'console@powerdeck.test',
      log,
      options: { retry, pollingIntervalSeconds: 0.5 },
    });
    await mail.start();
    return mail;
  }

  const rowOf = async (subject: string) =>
    (await outbox.list({ limit: 1000 })).find((m) => m.subject === subject);

  it('delivers once the SMTP server is back (refused, then 451, then taken): once, text and HTML, queued → retrying → sent', async () => {
    const subject = 'Recovers';
    // the outbox row as it stood when the server was offered the message, per offer
    const statesSeen: { state: DeliveryState; attempts: number }[] = [];
    smtp = new SmtpTestServer(async (offer) => {
      const row = await rowOf(subject);
      if (row) statesSeen.push({ state: row.state, attempts: row.attempts });
      return offer === 1 ? 'try-later' : 'accept';
    });
    await smtp.start();
    const url = smtp.url;
    await smtp.stop(); // the port refuses connections: the server is down

    // a retry a second: the server is back long before the last one
    const { mailer } = await startMail(url, quickRetry(30, 1));
    await mailer.send({
      to: 'ada@example.com',
      subject,
      ...renderMail({
        heading: 'Hello Ada,',
        paragraphs: ['Something to read.'],
        action: { label: 'Open', url: 'https://console.test/devices/d-1' },
      }),
      headers: { 'List-Unsubscribe': '<https://console.test/unsubscribe?t=x>' },
    });
    const queued = await rowOf(subject);
    expect(queued?.state).toMatch(/^(queued|retrying)$/);

    // down: attempts fail and are recorded
    await vi.waitFor(async () => {
      const row = await rowOf(subject);
      expect(row?.state).toBe('retrying');
      expect(row?.lastError).toMatch(/ECONNREFUSED/);
    }, WAIT);
    await smtp.start();

    await vi.waitFor(async () => {
      expect((await rowOf(subject))?.state).toBe('sent');
    }, WAIT);
    // stopping waits for running handlers: no further attempt can follow
    await jobs?.stop();
    const sent = await rowOf(subject);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.offered).toBe(2);
    // the 451 was recorded before the second offer; both offers saw `retrying`
    expect(statesSeen.map((s) => s.state)).toEqual(['retrying', 'retrying']);
    expect(statesSeen[1]?.attempts).toBe((statesSeen[0]?.attempts ?? 0) + 1);
    expect(sent?.attempts).toBe(statesSeen[1]?.attempts);
    expect(sent?.lastError).toMatch(/451/);
    expect(sent?.deliveredAt).toEqual(expect.any(String));

    const [message] = smtp.received;
    expect(message?.to).toEqual(['ada@example.com']);
    expect(message?.raw).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(message?.raw).toMatch(/^Content-Type: text\/plain/m);
    expect(message?.raw).toMatch(/^Content-Type: text\/html/m);
    expect(message?.raw).toContain('Something to read.');
    expect(message?.raw).toMatch(/^List-Unsubscribe: <https:\/\/console\.test\/unsubscribe\?t=x>/m);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('keeps a message queued, not lost, while the first attempt is under way', async () => {
    const subject = 'Under way';
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let offered = false;
    smtp = new SmtpTestServer(async (): Promise<SmtpAnswer> => {
      offered = true;
      await released;
      return 'accept';
    });
    await smtp.start();
    const { mailer } = await startMail(smtp.url, quickRetry(2));
    await mailer.send({ to: 'b@example.com', subject, text: 'plain only' });
    await vi.waitFor(() => {
      expect(offered).toBe(true);
    }, WAIT);
    expect((await rowOf(subject))?.state).toBe('queued');
    release();
    await vi.waitFor(async () => {
      expect((await rowOf(subject))?.state).toBe('sent');
    }, WAIT);
    expect(smtp.received[0]?.raw).toMatch(/^Content-Type: text\/plain/m);
    expect(smtp.received[0]?.raw).not.toMatch(/text\/html/);
  });

  it('marks a message the SMTP server never takes failed after its last retry (dead letter), and lists it', async () => {
    const subject = 'Never';
    smtp = new SmtpTestServer(() => 'try-later');
    await smtp.start();
    const before = await outbox.deliveryCounts();
    const { mailer } = await startMail(smtp.url, quickRetry(2));
    await mailer.send({ to: 'c@example.com', subject, text: 'will not go' });

    await vi.waitFor(async () => {
      expect((await rowOf(subject))?.state).toBe('failed');
    }, WAIT);
    await jobs?.stop();
    expect(smtp.offered).toBe(3);
    expect(smtp.received).toEqual([]);
    const failed = await outbox.list({ states: ['failed'] });
    expect(failed.map((m) => m.subject)).toContain(subject);
    const row = failed.find((m) => m.subject === subject);
    expect(row?.attempts).toBe(3);
    expect(row?.lastError).toMatch(/451/);
    expect(await outbox.deliveryCounts()).toEqual({ ...before, failed: before.failed + 1 });
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ outboxId: Number(row?.id) }),
      'e-mail failed for good (dead letter)',
    );
  });

  it('without SMTP (the demo) keeps the message in the outbox as sent, HTML included', async () => {
    jobs = await createJobQueue(database, { log });
    mail = createMail({
      db: database.db,
      jobs,
      smtpUrl: null,
      from: 'console@powerdeck.test',
      log,
      options: { retry: quickRetry(2), pollingIntervalSeconds: 0.5 },
    });
    await mail.start();
    const rendered = renderMail({ heading: 'Demo', paragraphs: ['kept'] });
    await mail.mailer.send({ to: 'd@example.com', subject: 'Demo mail', ...rendered });
    await vi.waitFor(async () => {
      expect((await rowOf('Demo mail'))?.state).toBe('sent');
    }, WAIT);
    expect((await rowOf('Demo mail'))?.html).toBe(rendered.html);
  });
});
