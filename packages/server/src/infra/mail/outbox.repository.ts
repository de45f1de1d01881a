import { desc } from 'drizzle-orm';
import type { Db } from '../db/database';
import { outbox } from '../db/schema';

export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

export class OutboxRepository {
  constructor(private readonly db: Db) {}

  async add(message: { to: string; subject: string; text: string }): Promise<void> {
    await this.db
      .insert(outbox)
      .values({ toAddress: message.to, subject: message.subject, bodyText: message.text });
  }

  /** Newest first. */
  async list(limit = 100): Promise<OutboxMessage[]> {
    const rows = await this.db
      .select()
      .from(outbox)
      .orderBy(desc(outbox.sentAt), desc(outbox.id))
      .limit(limit);
    return rows.map((row) => ({
      id: String(row.id),
      to: row.toAddress,
      subject: row.subject,
      text: row.bodyText,
      sentAt: row.sentAt.toISOString(),
    }));
  }
}
