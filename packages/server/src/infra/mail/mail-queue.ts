/** The job queue that delivers e-mail: each job carries the id of an outbox row. */
export const MAIL_QUEUE = 'mail';
/** Where pg-boss copies a mail job that failed for good (its outbox row is marked failed). */
export const MAIL_DEAD_LETTER_QUEUE = 'mail-failed';

export interface MailJob {
  outboxId: number;
}

export interface MailRetryPolicy {
  /** Retries after the first attempt; the message fails for good when the last one fails. */
  retryLimit: number;
  /** Whole seconds before the first retry (pg-boss counts in seconds). */
  retryDelaySeconds: number;
  /** Each retry waits about twice as long as the one before (see QueueOptions.retryBackoff). */
  retryBackoff: boolean;
}

/**
 * 8 retries, the first after 30-60 s, each about twice the one before: the last attempt comes
 * between ~2 and ~4 hours after the first (docs/operations.md, "Mail").
 */
export const DEFAULT_MAIL_RETRY: MailRetryPolicy = {
  retryLimit: 8,
  retryDelaySeconds: 30,
  retryBackoff: true,
};
