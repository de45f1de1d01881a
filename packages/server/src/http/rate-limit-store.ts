import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../infra/db/database';
import { rowsOf } from '../infra/db/rows';

/** Every this many counts, one server also deletes a bounded batch of windows long over. */
const PRUNE_EVERY = 500;
const PRUNE_BATCH = 1_000;

/**
 * A @fastify/rate-limit store that counts in the database (table rate_limit_counters), so the
 * per-address limits hold across every server sharing it, not per process. One statement per
 * counted call: the first hit of a window starts it, later hits add one until it ends. Times are
 * the database's, so servers whose clocks differ still agree on a window.
 */
export function databaseRateLimitStore(
  db: Db,
  log: Pick<FastifyBaseLogger, 'warn'>,
): FastifyRateLimitStoreCtor {
  let counted = 0;

  const prune = () =>
    db.execute(sql`
      DELETE FROM rate_limit_counters WHERE key IN (
        SELECT key FROM rate_limit_counters
        WHERE resets_at < clock_timestamp() - interval '1 minute'
        LIMIT ${PRUNE_BATCH})`);

  async function count(key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
    const window = sql`clock_timestamp() + ${windowMs}::double precision * interval '1 millisecond'`;
    const result = await db.execute(sql`
      INSERT INTO rate_limit_counters AS c (key, hits, resets_at)
      VALUES (${key}, 1, ${window})
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN c.resets_at <= clock_timestamp() THEN 1 ELSE c.hits + 1 END,
        resets_at = CASE WHEN c.resets_at <= clock_timestamp() THEN ${window} ELSE c.resets_at END
      RETURNING hits,
        greatest(0, ceil(extract(epoch FROM resets_at - clock_timestamp()) * 1000))::float8 AS ttl`);
    const [row] = rowsOf<{ hits: number; ttl: number }>(result);
    if (!row) throw new Error('rate limit count returned no row');
    return { current: Number(row.hits), ttl: Number(row.ttl) };
  }

  class DatabaseStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      count(key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
      counted += 1;
      if (counted % PRUNE_EVERY === 0)
        void prune().catch((error: unknown) => log.warn({ err: error }, 'rate limit prune failed'));
    }

    child(): FastifyRateLimitStore {
      return new DatabaseStore();
    }
  }
  return DatabaseStore;
}
