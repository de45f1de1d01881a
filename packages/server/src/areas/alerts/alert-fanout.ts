import { sql } from 'drizzle-orm';
import type { Database } from '../../infra/db/database';

/** The NOTIFY channel that tells every server which users have new alerts. */
export const ALERTS_CHANNEL = 'pd_alerts';
/** NOTIFY payloads must stay under 8000 bytes: user ids are sent in chunks of this many. */
const USERS_PER_NOTIFY = 100;

type Poke = () => void;

/**
 * Tells the alert streams of every server that their user has new alerts. The server that raised
 * them sends NOTIFY with the user ids; each server LISTENs (PostgreSQL: one connection per
 * server; PGlite: its own session) and pokes its local streams of those users, which then read
 * the new alerts from the database. A poke carries no data, so a lost one costs only latency
 * (the stream catches up at its next poke, the console's polling meanwhile). A session that ends
 * pokes its user's streams too (a trigger, migration 0044), so each checks its session again.
 */
export class AlertFanout {
  private readonly streams = new Map<string, Set<Poke>>();
  private stopListening: (() => Promise<void>) | undefined;

  constructor(private readonly database: Pick<Database, 'db' | 'listen'>) {}

  async start(): Promise<void> {
    this.stopListening ??= await this.database.listen(ALERTS_CHANNEL, (payload) =>
      this.deliver(payload),
    );
  }

  async stop(): Promise<void> {
    const stop = this.stopListening;
    this.stopListening = undefined;
    await stop?.();
  }

  /** Announces new alerts for these users to every server. */
  async publish(userIds: readonly string[]): Promise<void> {
    const unique = [...new Set(userIds)];
    for (let i = 0; i < unique.length; i += USERS_PER_NOTIFY) {
      const payload = JSON.stringify(unique.slice(i, i + USERS_PER_NOTIFY));
      await this.database.db.execute(sql`select pg_notify(${ALERTS_CHANNEL}, ${payload})`);
    }
  }

  /** Calls `poke` whenever the user may have new alerts; returns the unsubscribe. */
  subscribe(userId: string, poke: Poke): () => void {
    let set = this.streams.get(userId);
    if (!set) {
      set = new Set();
      this.streams.set(userId, set);
    }
    set.add(poke);
    return () => {
      set.delete(poke);
      if (set.size === 0 && this.streams.get(userId) === set) this.streams.delete(userId);
    };
  }

  private deliver(payload: string): void {
    let userIds: unknown;
    try {
      userIds = JSON.parse(payload);
    } catch {
      return;
    }
    if (!Array.isArray(userIds)) return;
    for (const userId of userIds) {
      if (typeof userId !== 'string') continue;
      for (const poke of this.streams.get(userId) ?? []) poke();
    }
  }
}
