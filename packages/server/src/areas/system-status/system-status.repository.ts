import { and, count, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database';
import { devices, permissions } from '../../infra/db/schema';
import { serverHeartbeats, serverSamples } from '../../infra/db/schema-server-status';
import type { CounterSample } from './status-rates';

export type Heartbeat = typeof serverHeartbeats.$inferSelect;
export type Counters = Omit<CounterSample, 'serverId' | 'takenAt'>;

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
}
