import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../jobs/job-queue';
import { MAIL_QUEUE, type MailJob, type MailRetryPolicy } from './mail-queue';
import type { OutboxRepository } from './outbox.repository';

export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text version (every mail has one). */
  text: string;
  /** The HTML version (renderMail gives both with the console's look). */
  html?: string;
  /** Extra headers, name → value (e.g. List-Unsubscribe). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /**
   * Queues the message: it is stored in the outbox as `queued` and a `mail` job delivers it
   * (infra/mail/mail-delivery.ts). Resolves once it is queued, never waits for the SMTP server.
   */
  send(message: MailMessage): Promise<void>;
  /**
   * Queues a message that failed for good once more, with a full set of retries (SUPPORT, from
   * System Status); false when no failed message has this outbox id.
   */
  resend(outboxId: number): Promise<boolean>;
}

/** The app's mailer: the outbox table and the job queue, whatever the transport. */
export function createQueuedMailer(deps: {
  outbox: OutboxRepository;
  jobs: JobQueue;
  retry: MailRetryPolicy;
  log: Pick<FastifyBaseLogger, 'error'>;
}): Mailer {
  const { outbox, jobs, retry } = deps;

  /** A `mail` job for a queued row; a row no job will deliver is marked failed, never left. */
  async function queueDelivery(outboxId: number): Promise<void> {
    try {
      const jobId = await jobs.send<MailJob>(
        MAIL_QUEUE,
        { outboxId },
        {
          retryLimit: retry.retryLimit,
          retryDelay: retry.retryDelaySeconds,
          retryBackoff: retry.retryBackoff,
        },
      );
      if (jobId === null) throw new Error(`the ${MAIL_QUEUE} queue did not take the job`);
    } catch (error) {
      // never left as `queued` with nothing to deliver it: failed, so SUPPORT sees it
      const reason = `not queued: ${error instanceof Error ? error.message : String(error)}`;
      await outbox.markFailed(outboxId, reason).catch((markError: unknown) => {
        deps.log.error({ err: markError, outboxId }, 'mail not queued nor marked failed');
      });
      throw error;
    }
  }

  return {
    async send(message) {
      await queueDelivery(await outbox.enqueue(message));
    },
    async resend(outboxId) {
      if (!(await outbox.requeue(outboxId))) return false;
      await queueDelivery(outboxId);
      return true;
    },
  };
}
