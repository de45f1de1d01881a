import { z } from 'zod';

/** What System Status (`systemStatus svc=get`, issue 19 item 6) answers; times are ISO strings. */

/** A server not seen for this long is shown as gone (each writes its heartbeat every ~10 s). */
export const SERVER_GONE_AFTER_S = 30;
/** The rates' sparklines cover this much of the past. */
export const SYSTEM_STATUS_WINDOW_MINUTES = 15;

const count = z.number().int().min(0);

export const serverStatusSchema = z.object({
  serverId: z.string(),
  host: z.string(),
  version: z.string(),
  startedAt: z.string(),
  lastSeen: z.string(),
  uptimeSeconds: z.number().min(0),
  /** Not seen for SERVER_GONE_AFTER_S. */
  gone: z.boolean(),
  /** The server that answered. */
  self: z.boolean(),
});

/** One point of the rate sparklines: per second, summed over the servers running then. */
export const rateSampleSchema = z.object({
  /** Milliseconds since 1970. */
  at: z.number(),
  statuses: z.number().min(0).nullable(),
  commands: z.number().min(0).nullable(),
});

export const queueStatusSchema = z.object({
  queue: z.string(),
  waiting: count,
  active: count,
  failed: count,
  lastRunAt: z.string().nullable(),
  lastState: z.string().nullable(),
  lastError: z.string().nullable(),
});

export const systemStatusSchema = z.object({
  at: z.string(),
  servers: z.array(serverStatusSchema),
  database: z.object({
    kind: z.enum(['PGlite', 'PostgreSQL']),
    up: z.boolean(),
    migrationsApplied: z.boolean(),
  }),
  broker: z.object({ kind: z.enum(['embedded', 'external']), up: z.boolean() }),
  devices: z.object({ connected: count, seenLast24h: count }),
  rates: z.object({
    /** Now: the newest rate of each running server, summed. */
    statusesPerSecond: z.number().min(0),
    commandsPerSecond: z.number().min(0),
    samples: z.array(rateSampleSchema),
  }),
  /** In the last SYSTEM_STATUS_WINDOW_MINUTES, over every server. */
  commands: z.object({ failures: count, expiries: count }),
  jobs: z.object({ waiting: count, queues: z.array(queueStatusSchema) }),
  /** Outbox messages by delivery state. */
  mail: z.object({ queued: count, sent: count, retrying: count, failed: count }),
});

/**
 * Mail that has not gone out (System Status, SUPPORT only): still retrying, or failed for good.
 * Without its body, which may hold a sign-in link meant for someone else.
 */
export const undeliveredMailSchema = z.object({
  messages: z.array(
    z.object({
      id: z.string(),
      to: z.string(),
      subject: z.string(),
      state: z.enum(['retrying', 'failed']),
      attempts: count,
      lastError: z.string().nullable(),
      /** When it was queued. */
      queuedAt: z.iso.datetime(),
    }),
  ),
});

/** A failed message to send again (its outbox id). */
export const resendMailSchema = z.object({
  outboxId: z
    .string({ message: 'outboxId is required' })
    .trim()
    .regex(/^[1-9]\d{0,14}$/, 'outboxId must be the number of a message'),
});

export const systemStatusMessages = {
  forbidden: 'System Status is for SUPPORT users and location owners.',
} as const;

export const undeliveredMailMessages = {
  forbidden: 'Undelivered mail is for SUPPORT users.',
  notFound: 'No failed message with this id.',
  resent: 'The message is queued again.',
  resendFailed: 'The message could not be queued again.',
} as const;

export type ServerStatus = z.infer<typeof serverStatusSchema>;
export type RateSample = z.infer<typeof rateSampleSchema>;
export type QueueStatus = z.infer<typeof queueStatusSchema>;
export type SystemStatus = z.infer<typeof systemStatusSchema>;
export type UndeliveredMail = z.infer<typeof undeliveredMailSchema>;
export type UndeliveredMessage = UndeliveredMail['messages'][number];
