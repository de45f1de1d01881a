import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Job, JobQueue } from '../jobs/job-queue';
import { MAIL_DEAD_LETTER_QUEUE, MAIL_QUEUE, type MailJob } from './mail-queue';
import type { OutboxRepository, StoredMail } from './outbox.repository';

/** How a queued message leaves: over SMTP, or (the demo) not at all. */
export interface MailTransport {
  /** Resolves once the message is accepted; throws when it was not (the job is retried). */
  deliver(mail: StoredMail): Promise<void>;
  close(): void;
}

/**
 * A stalled SMTP server fails the attempt well before pg-boss expires the job (15 min), so the
 * attempt is retried rather than left hanging.
 */
const SMTP_TIMEOUTS_MS = {
  connectionTimeout: 30_000,
  greetingTimeout: 30_000,
  socketTimeout: 60_000,
};

/** Sends through the SMTP server of SMTP_URL, from `from`. */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS_MS });
  return {
    async deliver(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html === null ? {} : { html: mail.html }),
        ...(mail.headers === null ? {} : { headers: mail.headers }),
      });
    },
    close() {
      transport.close();
    },
  };
}

/**
 * The demo's mail: nothing leaves the machine. The message stays in the outbox (the console's
 * /outbox page shows it); delivering it only logs its subject and links.
 */
export function outboxTransport(log: Pick<FastifyBaseLogger, 'info'>): MailTransport {
  return {
    deliver(mail) {
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ to: mail.to, subject: mail.subject, links }, 'e-mail kept in outbox');
      return Promise.resolve();
    },
    close() {},
  };
}

export interface MailDeliveryOptions {
  jobs: JobQueue;
  outbox: OutboxRepository;
  transport: MailTransport;
  log: Pick<FastifyBaseLogger, 'error' | 'info'>;
  /** Seconds between polls of an empty mail queue (default 2; tests 0.5). */
  pollingIntervalSeconds?: number;
}

/**
 * Creates the `mail` queue (dead-lettering into `mail-failed`) and works both: a mail job
 * delivers its outbox row and records the outcome (`sent`, or `retrying` with the attempt's
 * error, and the job queue retries with back-off); a dead-lettered job marks its row `failed`.
 * A row already `sent` is not sent again (a job handed out twice: its server died after the
 * attempt). Delivery is at least once: a server dying between the SMTP server's acceptance and
 * the row's update sends that message again.
 */
export async function startMailDelivery(options: MailDeliveryOptions): Promise<void> {
  const { jobs, outbox, transport, log } = options;
  const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };
  await jobs.createQueue(MAIL_DEAD_LETTER_QUEUE);
  await jobs.createQueue(MAIL_QUEUE, { deadLetter: MAIL_DEAD_LETTER_QUEUE });

  async function deliver({ data }: Job<MailJob>): Promise<void> {
    const mail = await outbox.find(data.outboxId);
    if (!mail || mail.state === 'sent') return;
    try {
      await transport.deliver(mail);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await outbox.markAttemptFailed(mail.id, message);
      throw error;
    }
    await outbox.markSent(mail.id);
  }

  jobs.work<MailJob>(MAIL_QUEUE, polling, async (batch) => {
    for (const job of batch) await deliver(job);
  });
  jobs.work<MailJob>(MAIL_DEAD_LETTER_QUEUE, { batchSize: 10, ...polling }, async (batch) => {
    for (const { data } of batch) {
      await outbox.markFailed(data.outboxId, 'the delivery did not finish in time');
      // outside the demo this line (and the outbox table) is where SUPPORT finds which mail failed
      const mail = await outbox.find(data.outboxId);
      log.error(
        { outboxId: data.outboxId, to: mail?.to, subject: mail?.subject, error: mail?.lastError },
        'e-mail failed for good (dead letter)',
      );
    }
  });
}
