import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { outbox } from '../db/schema';

/** Where a message is on its way out (see docs/operations.md, "Mail"). */
export const DELIVERY_STATES = ['queued', 'sent', 'retrying', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** When it was queued. */
  sentAt: string;
  state: DeliveryState;
  /** Delivery attempts that failed. */
  attempts: number;
  lastError: string | null;
  deliveredAt: string | null;
}

/** A message as the delivery worker hands it to the transport. */
export interface StoredMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string> | null;
  state: DeliveryState;
  lastError: string | null;
}

export interface NewMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

/** An error text as stored: bounded, so a chatty SMTP server cannot bloat the row. */
const MAX_ERROR_LENGTH = 500;

/** The outbox table: every e-mail the console sends, with where its delivery stands. */
export class OutboxRepository {
  constructor(private readonly db: Db) {}

  /** Stores a message as queued; answers its id (the mail job carries it). */
  async enqueue(message: NewMail): Promise<number> {
    const [row] = await this.db
      .insert(outbox)
      .values({
        toAddress: message.to,
        subject: message.subject,
        bodyText: message.text,
        html: message.html ?? null,
        headers: message.headers ?? null,
        deliveryState: 'queued',
      })
      .returning({ id: outbox.id });
    if (!row) throw new Error('outbox insert returned no row');
    return row.id;
  }

  async find(id: number): Promise<StoredMail | null> {
    const [row] = await this.db.select().from(outbox).where(eq(outbox.id, id));
    if (!row) return null;
    return {
      id: row.id,
      to: row.toAddress,
      subject: row.subject,
      text: row.bodyText,
      html: row.html,
      headers: row.headers,
      state: row.deliveryState,
      lastError: row.lastError,
    };
  }

  /** Delivered now (the database's clock). */
  async markSent(id: number): Promise<void> {
    await this.db
      .update(outbox)
      .set({ deliveryState: 'sent', deliveredAt: sql`now()` })
      .where(eq(outbox.id, id));
  }

  /** One more failed attempt (the job queue retries it, or dead-letters it: markFailed). */
  async markAttemptFailed(id: number, error: string): Promise<void> {
    await this.db
      .update(outbox)
      .set({
        deliveryState: 'retrying',
        attempts: sql`${outbox.attempts} + 1`,
        lastError: error.slice(0, MAX_ERROR_LENGTH),
      })
      .where(and(eq(outbox.id, id), ne(outbox.deliveryState, 'sent')));
  }

  /**
   * Gives up on a message not sent (its job was dead-lettered, or could not be queued); `error`
   * is recorded only when no attempt recorded one.
   */
  async markFailed(id: number, error: string): Promise<void> {
    await this.db
      .update(outbox)
      .set({
        deliveryState: 'failed',
        lastError: sql`coalesce(${outbox.lastError}, ${error.slice(0, MAX_ERROR_LENGTH)})`,
      })
      .where(and(eq(outbox.id, id), ne(outbox.deliveryState, 'sent')));
  }

  /**
   * A message that failed for good goes back to `queued` (its attempts start over; its last error
   * stays until the next attempt); false when no failed message has this id.
   */
  async requeue(id: number): Promise<boolean> {
    const rows = await this.db
      .update(outbox)
      .set({ deliveryState: 'queued', attempts: 0 })
      .where(and(eq(outbox.id, id), eq(outbox.deliveryState, 'failed')))
      .returning({ id: outbox.id });
    return rows.length > 0;
  }

  /** How many messages are in each state (System Status, /metrics). */
  async deliveryCounts(): Promise<Record<DeliveryState, number>> {
    const rows = await this.db
      .select({ state: outbox.deliveryState, count: sql<number>`count(*)::int` })
      .from(outbox)
      .groupBy(outbox.deliveryState);
    const counts: Record<DeliveryState, number> = { queued: 0, sent: 0, retrying: 0, failed: 0 };
    for (const row of rows) counts[row.state] = Number(row.count);
    return counts;
  }

  /** Newest first; with `states`, only the messages in those states. */
  async list(
    options: { limit?: number; states?: readonly DeliveryState[] } = {},
  ): Promise<OutboxMessage[]> {
    const rows = await this.db
      .select()
      .from(outbox)
      .where(options.states ? inArray(outbox.deliveryState, [...options.states]) : undefined)
      .orderBy(desc(outbox.sentAt), desc(outbox.id))
      .limit(options.limit ?? 100);
    return rows.map((row) => ({
      id: String(row.id),
      to: row.toAddress,
      subject: row.subject,
      text: row.bodyText,
      html: row.html,
      sentAt: row.sentAt.toISOString(),
      state: row.deliveryState,
      attempts: row.attempts,
      lastError: row.lastError,
      deliveredAt: row.deliveredAt?.toISOString() ?? null,
    }));
  }
}
