import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';
import {
  type MailTransport,
  outboxTransport,
  smtpTransport,
  startMailDelivery,
} from './mail-delivery';
import { DEFAULT_MAIL_RETRY, type MailRetryPolicy } from './mail-queue';
import { type Mailer, createQueuedMailer } from './mailer';
import { OutboxRepository } from './outbox.repository';

/** Tests shorten the retries and hand in their own transport. */
export interface MailOptions {
  /** Default: SMTP when SMTP_URL is set, else the outbox (the demo). */
  transport?: MailTransport;
  retry?: MailRetryPolicy;
  pollingIntervalSeconds?: number;
}

export interface Mail {
  mailer: Mailer;
  /** Creates the mail queues and starts their workers. */
  start(): Promise<void>;
  /** Closes the SMTP connections (after the job queue stopped). */
  close(): void;
}

/** The app's mail: a mailer that queues, and the worker that delivers (docs/operations.md, "Mail"). */
export function createMail(deps: {
  db: Db;
  jobs: JobQueue;
  smtpUrl: string | null;
  from: string;
  log: Pick<FastifyBaseLogger, 'error' | 'info'>;
  options?: MailOptions;
}): Mail {
  const { jobs, log, options = {} } = deps;
  const outbox = new OutboxRepository(deps.db);
  const transport =
    options.transport ??
    (deps.smtpUrl ? smtpTransport(deps.smtpUrl, deps.from) : outboxTransport(log));
  const retry = options.retry ?? DEFAULT_MAIL_RETRY;
  return {
    mailer: createQueuedMailer({ outbox, jobs, retry, log }),
    start: () =>
      startMailDelivery({
        jobs,
        outbox,
        transport,
        log,
        ...(options.pollingIntervalSeconds === undefined
          ? {}
          : { pollingIntervalSeconds: options.pollingIntervalSeconds }),
      }),
    close: () => transport.close(),
  };
}
