import type { FastifyBaseLogger } from 'fastify';
import { setTimeout as delay } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import type { Database } from '../db/database';

/** pg-boss's tables live in this schema of the app's database (see docs/operations.md). */
const DEFAULT_SCHEMA = 'pgboss';
/** Polling below this is refused (pg-boss's own floor); a worker's default is DEFAULT_POLLING_S. */
const MIN_POLLING_S = 0.5;
const DEFAULT_POLLING_S = 2;
/** How long stop() waits for running handlers (main.ts forces an exit after 10 s). */
const STOP_WAIT_MS = 5_000;

export type QueuePolicy = PgBoss.QueuePolicy;
export type JobState = PgBoss.JobWithMetadata['state'];

export interface SendOptions {
  /** Not handed out before this moment (compared with the database's clock). */
  startAfter?: Date;
  /**
   * With a `short` queue: at most one job per key waits (state `created`); a second send answers
   * null. With a `standard` queue it has no effect.
   */
  singletonKey?: string;
  /**
   * The job's own uuid: a second send with the same id answers null while the first is in the
   * queue (until an hour after it completed, when it is archived).
   */
  id?: string;
  /** Retries after the first attempt fails (default 2). */
  retryLimit?: number;
  /** Seconds before a retry (default 0). */
  retryDelay?: number;
  /** Exponential back-off of the retries (see QueueOptions.retryBackoff). */
  retryBackoff?: boolean;
  /** A job still active this long after it was handed out fails and is retried (default 900). */
  expireInSeconds?: number;
}

/** A queue's defaults; a job's own SendOptions win over them. */
export interface QueueOptions {
  policy?: QueuePolicy;
  /** Retries after the first attempt fails (default 2). */
  retryLimit?: number;
  /** Seconds before a retry (default 0; whole seconds). */
  retryDelay?: number;
  /**
   * Exponential back-off: retry n (from 1) waits between retryDelay·2^(n-1) and retryDelay·2^n
   * seconds (pg-boss adds the random half so that retries of many jobs spread out).
   */
  retryBackoff?: boolean;
  /**
   * Dead letter: a job that fails for good (its last retry failed, or it expired on its last
   * attempt) is copied, with its data and the error as its output, into this queue, which must
   * exist (create it first). Without it a failed job is only kept as `failed` in its own queue.
   */
  deadLetter?: string;
}

export interface WorkOptions {
  /** Jobs handed to one call of the handler (default 1). */
  batchSize?: number;
  /** Seconds between polls of an empty queue, at least 0.5 (default 2). */
  pollingIntervalSeconds?: number;
}

export interface Job<Data> {
  id: string;
  data: Data;
  /** Attempts before this one that failed. */
  retryCount: number;
}

export interface JobInfo<Data> extends Job<Data> {
  state: JobState;
  startAfter: Date;
}

/** One queue at a glance (System Status). */
export interface QueueSummary {
  queue: string;
  /** Created or retrying, not yet handed out. */
  waiting: number;
  active: number;
  /** Failed for good, not yet archived. */
  failed: number;
  /** When its newest finished job (completed, failed or cancelled) finished; null: none yet. */
  lastRunAt: Date | null;
  lastState: JobState | null;
  /** The error message of that job when it failed. */
  lastError: string | null;
}

/**
 * The app's one durable job mechanism (pg-boss, in the app's database). Each job is handed to one
 * handler on one server at a time: a handler that resolves completes its batch, one that throws
 * fails it, and a failed job is retried while its retry limit allows. A job whose completion
 * cannot be recorded (its server died) is handed out again once it expires: handlers must be
 * idempotent or check what they already did.
 */
export interface JobQueue {
  /** Creates the queue unless it exists (a job sent to a missing queue is dropped: null). */
  createQueue(queue: string, options?: QueueOptions): Promise<void>;
  /** The job's id, or null when it was not queued (see SendOptions.singletonKey and id). */
  send<Data extends object>(
    queue: string,
    data: Data,
    options?: SendOptions,
  ): Promise<string | null>;
  /**
   * Queues several jobs in one statement; one that `send` would not queue (a waiting job with its
   * singletonKey or its id) is left out, the others are queued.
   */
  sendMany<Data extends object>(
    queue: string,
    jobs: readonly { data: Data; options?: SendOptions }[],
  ): Promise<void>;
  /** Polls the queue until stop(); the handler gets at most batchSize jobs at once. */
  work<Data extends object>(
    queue: string,
    options: WorkOptions,
    handler: (jobs: Job<Data>[]) => Promise<void>,
  ): void;
  /** Cancels a job not yet completed (waiting, retrying or active); false when there was none. */
  cancel(queue: string, id: string): Promise<boolean>;
  /** A job in the queue or its archive, or null. */
  getJob<Data extends object>(queue: string, id: string): Promise<JobInfo<Data> | null>;
  /** Every queue's jobs by state now, and its newest finished job (queue or archive). */
  summaries(): Promise<QueueSummary[]>;
  /**
   * Stops polling, waits up to 5 s for running handlers (a job still running then stays active
   * and is handed out again when it expires), then for pg-boss's own queries.
   */
  stop(): Promise<void>;
}

type Log = Pick<FastifyBaseLogger, 'error' | 'warn'>;

/**
 * Starts pg-boss on the app's database (installing or migrating its schema) through
 * `database.openJobsSql()`. Cron scheduling is off; maintenance (expiring, archiving, deleting
 * old jobs) runs every minute on one server at a time.
 */
export async function createJobQueue(
  database: Database,
  options: {
    schema?: string;
    log: Log;
    /** Seconds between maintenance runs, which also fail (and retry) expired jobs (default 60). */
    maintenanceIntervalSeconds?: number;
  },
): Promise<JobQueue> {
  const { log } = options;
  const sql = database.openJobsSql();
  // What pg-boss still has under way, so stop() returns only once the database is left alone.
  const inflight = new Set<Promise<unknown>>();
  let closed = false;
  const db: PgBoss.Db = {
    executeSql(text: string, values?: unknown[]) {
      if (closed) return Promise.reject(new Error('the job queue is stopped'));
      const running = sql.executeSql(text, values);
      inflight.add(running);
      const settle = () => inflight.delete(running);
      running.then(settle, settle);
      return running;
    },
  };
  const boss = new PgBoss({
    db,
    schema: options.schema ?? DEFAULT_SCHEMA,
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
    archiveCompletedAfterSeconds: 60 * 60,
    archiveFailedAfterSeconds: 7 * 24 * 60 * 60,
    deleteAfterDays: 7,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  try {
    await boss.start();
  } catch (error) {
    closed = true;
    await sql.close();
    throw error;
  }

  let stopping: Promise<void> | undefined;
  const stopSignal = new AbortController();
  const workers: Promise<void>[] = [];

  async function handle<Data>(
    queue: string,
    jobs: PgBoss.JobWithMetadata<Data>[],
    handler: (jobs: Job<Data>[]) => Promise<void>,
  ): Promise<void> {
    const ids = jobs.map((job) => job.id);
    try {
      await handler(jobs.map(({ id, data, retryCount }) => ({ id, data, retryCount })));
    } catch (error) {
      log.warn({ err: error, queue, jobs: ids }, 'job failed');
      const output = { message: error instanceof Error ? error.message : String(error) };
      // typed without it, but fail(name, ids, data) records data as the jobs' output
      await boss
        .fail(queue, ids, output as unknown as PgBoss.ConnectionOptions)
        .catch((failError: unknown) => {
          log.error({ err: failError, queue, jobs: ids }, 'job failure not recorded');
        });
      return;
    }
    await boss.complete(queue, ids).catch((completeError: unknown) => {
      log.error({ err: completeError, queue, jobs: ids }, 'job completion not recorded');
    });
  }

  // Our own loop around fetch/complete/fail rather than boss.work(): pg-boss 10's worker does not
  // await the completion it records (a failing one is an unhandled rejection) and can start a
  // handler after stop() has returned.
  async function poll<Data>(
    queue: string,
    batchSize: number,
    intervalMs: number,
    handler: (jobs: Job<Data>[]) => Promise<void>,
  ): Promise<void> {
    while (!stopSignal.signal.aborted) {
      // pg-boss answers [] when the fetch fails, and the next poll tries again
      const jobs = await boss.fetch<Data>(queue, { batchSize, includeMetadata: true });
      if (jobs.length > 0) await handle(queue, jobs, handler);
      // a full batch: more may be waiting
      if (jobs.length === batchSize) continue;
      await delay(intervalMs, undefined, { signal: stopSignal.signal, ref: false }).catch(
        () => undefined,
      );
    }
  }

  return {
    async createQueue(queue, queueOptions = {}) {
      const { policy = 'standard', ...retry } = queueOptions;
      // pg-boss refuses a key that is present but undefined
      const defined = Object.fromEntries(
        Object.entries(retry).filter(([, value]) => value !== undefined),
      );
      await boss.createQueue(queue, { name: queue, policy, ...defined });
    },

    send(queue, data, sendOptions = {}) {
      // pg-boss refuses a key that is present but undefined
      const defined = Object.fromEntries(
        Object.entries(sendOptions).filter(([, value]) => value !== undefined),
      ) as PgBoss.SendOptions;
      return boss.send(queue, data, defined);
    },

    async sendMany(queue, jobs) {
      if (jobs.length === 0) return;
      await boss.insert(
        jobs.map(({ data, options: o = {} }) => ({
          name: queue,
          data,
          ...(o.id === undefined ? {} : { id: o.id }),
          ...(o.startAfter === undefined ? {} : { startAfter: o.startAfter }),
          ...(o.singletonKey === undefined ? {} : { singletonKey: o.singletonKey }),
          ...(o.retryLimit === undefined ? {} : { retryLimit: o.retryLimit }),
          ...(o.retryDelay === undefined ? {} : { retryDelay: o.retryDelay }),
          ...(o.retryBackoff === undefined ? {} : { retryBackoff: o.retryBackoff }),
          ...(o.expireInSeconds === undefined ? {} : { expireInSeconds: o.expireInSeconds }),
        })),
      );
    },

    work(queue, workOptions, handler) {
      if (stopping) throw new Error('the job queue is stopped');
      const batchSize = workOptions.batchSize ?? 1;
      const pollingS = workOptions.pollingIntervalSeconds ?? DEFAULT_POLLING_S;
      if (!Number.isInteger(batchSize) || batchSize < 1) {
        throw new Error(`batchSize must be a whole number ≥ 1, not ${batchSize}`);
      }
      if (!(pollingS >= MIN_POLLING_S)) {
        throw new Error(`pollingIntervalSeconds must be ≥ ${MIN_POLLING_S}, not ${pollingS}`);
      }
      const worker = poll(queue, batchSize, pollingS * 1000, handler).catch((error: unknown) => {
        log.error({ err: error, queue }, 'job worker stopped by an error');
      });
      workers.push(worker);
    },

    async cancel(queue, id) {
      // typed void, but pg-boss answers how many jobs it changed
      const result = (await boss.cancel(queue, id)) as unknown as { affected: number };
      return result.affected > 0;
    },

    async getJob<Data extends object>(queue: string, id: string) {
      const job = await boss.getJobById<Data>(queue, id, { includeArchive: true });
      if (!job) return null;
      const { data, retryCount, state, startAfter } = job;
      return { id: job.id, data, retryCount, state, startAfter };
    },

    async summaries() {
      const schema = options.schema ?? DEFAULT_SCHEMA;
      const finished = (table: string) =>
        `select name, state, completed_on, output from ${schema}.${table}
         where completed_on is not null and state in ('completed', 'failed', 'cancelled')`;
      const { rows } = await db.executeSql(
        `select q.name as queue,
           coalesce(n.waiting, 0)::int as waiting, coalesce(n.active, 0)::int as active,
           coalesce(n.failed, 0)::int as failed,
           l.completed_on as "lastRunAt", l.state as "lastState",
           l.output->>'message' as "lastError"
         from ${schema}.queue q
         left join (
           select name,
             count(*) filter (where state in ('created', 'retry')) as waiting,
             count(*) filter (where state = 'active') as active,
             count(*) filter (where state = 'failed') as failed
           from ${schema}.job group by name
         ) n on n.name = q.name
         left join lateral (
           select state, completed_on, output
           from (${finished('job')} union all ${finished('archive')}) f
           where f.name = q.name order by completed_on desc limit 1
         ) l on true
         order by q.name`,
        [],
      );
      return (rows as (Omit<QueueSummary, 'lastState'> & { lastState: string | null })[]).map(
        (row) => ({
          ...row,
          lastRunAt: row.lastRunAt === null ? null : new Date(row.lastRunAt),
          lastState: row.lastState as JobState | null,
        }),
      );
    },

    stop() {
      stopping ??= (async () => {
        stopSignal.abort();
        const waited = new AbortController();
        const gaveUp = await Promise.race([
          Promise.all(workers).then(() => false),
          delay(STOP_WAIT_MS, true, { signal: waited.signal, ref: false }).catch(() => false),
        ]);
        waited.abort();
        if (gaveUp) log.warn({ waitedMs: STOP_WAIT_MS }, 'job handlers still running at stop');
        await boss.stop({ graceful: false, close: false });
        while (inflight.size > 0) {
          await Promise.allSettled([...inflight]);
          // pg-boss may queue a follow-up query on the settled one's callbacks
          await new Promise((resolve) => setImmediate(resolve));
        }
        closed = true;
        await sql.close();
      })();
      return stopping;
    },
  };
}
