import { and, count, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database';
import { rowsOf } from '../../infra/db/rows';
import { devices, permissions } from '../../infra/db/schema';
import { serverHeartbeats, serverSamples } from '../../infra/db/schema-server-status';
import type { CounterSample } from './status-rates';

export type Heartbeat = typeof serverHeartbeats.$inferSelect;
export type Counters = Omit<CounterSample, 'serverId' | 'takenAt'>;

export interface MailCounts {
  queued: number;
  sent: number;
  retrying: number;
  failed: number;
}

/** PostgreSQL's "undefined column" (an outbox without delivery states). */
const UNDEFINED_COLUMN = '42703';

/** The heartbeats and counter samples of the servers, and the figures System Status reads. */
export class SystemStatusRepository {
  constructor(private readonly db: Db) {}

  /** Records that a server is running now, with its running totals. */
  async beat(server: Omit<Heartbeat, 'lastSeen'>, at: Date, counters: Counters): Promise<void> {
    await this.db
      .insert(serverHeartbeats)
      .values({ ...server, lastSeen: at })
      .onConflictDoUpdate({
        target: serverHeartbeats.serverId,
        set: { lastSeen: at, host: server.host, version: server.version },
      });
    await this.db
      .insert(serverSamples)
      .values({ serverId: server.serverId, takenAt: at, ...counters })
      .onConflictDoNothing();
  }

  /** Deletes samples taken, and heartbeats last seen, before `before`. */
  async prune(before: Date): Promise<void> {
    await this.db.delete(serverSamples).where(lt(serverSamples.takenAt, before));
    await this.db.delete(serverHeartbeats).where(lt(serverHeartbeats.lastSeen, before));
  }

  heartbeats(): Promise<Heartbeat[]> {
    return this.db.select().from(serverHeartbeats).orderBy(serverHeartbeats.startedAt);
  }

  async samplesSince(since: Date): Promise<CounterSample[]> {
    const rows = await this.db
      .select()
      .from(serverSamples)
      .where(gte(serverSamples.takenAt, since));
    return rows.map(({ takenAt, ...row }) => ({ ...row, takenAt: takenAt.getTime() }));
  }

  async holdsOwnerAnywhere(userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ userId: permissions.userId })
      .from(permissions)
      .where(and(eq(permissions.userId, userId), eq(permissions.permLvl, 'owner')))
      .limit(1);
    return row !== undefined;
  }

  /** Devices (kids not counted) online now, and heard from since `since`. */
  async deviceCounts(since: Date): Promise<{ connected: number; seenSince: number }> {
    const [row] = await this.db
      .select({
        connected: sql<number>`count(*) filter (where ${devices.online})`.mapWith(Number),
        seenSince: count(),
      })
      .from(devices)
      .where(
        and(
          isNull(devices.parentDevId),
          sql`(${devices.online} or ${devices.lastContact} >= ${since.toISOString()})`,
        ),
      );
    return { connected: row?.connected ?? 0, seenSince: row?.seenSince ?? 0 };
  }

  /**
   * The outbox's messages by delivery state; null while the outbox has no `delivery_state`
   * column (mail through the queue, issue 19 item 2, adds it).
   */
  async mailCounts(): Promise<MailCounts | null> {
    let rows: { state: string; n: number }[];
    try {
      rows = rowsOf(
        await this.db.execute(
          sql`select delivery_state as state, count(*)::int as n from outbox group by 1`,
        ),
      );
    } catch (error) {
      if (codeOf(error) === UNDEFINED_COLUMN) return null;
      throw error;
    }
    const counts: MailCounts = { queued: 0, sent: 0, retrying: 0, failed: 0 };
    for (const { state, n } of rows) {
      if (state in counts) counts[state as keyof MailCounts] = Number(n);
    }
    return counts;
  }
}

function codeOf(error: unknown): unknown {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ('code' in e && typeof e.code === 'string') return e.code;
  }
  return undefined;
}
