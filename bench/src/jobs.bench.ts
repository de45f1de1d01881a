import { createJobQueue, type Database, migrate } from '@powerdeck/server';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { type BenchModule, type BenchResult, ms, percentile } from './bench';
import { openBenchDatabase } from './support/bench-database';

/**
 * The durable job queue's throughput (issue 19): the real JobQueue (pg-boss behind the app's
 * adapter, createJobQueue) on the app's database, migrated as the app does.
 *
 * 1. Enqueue: COUNT jobs sent with sendMany in batches of SEND_BATCH from one queue instance, no
 *    worker running; jobs/s over the wall time of all the batches.
 * 2. Processing: two JobQueue instances on the same database (as two servers would be) work the
 *    COUNT waiting jobs, each handler only recording which job ids it got. jobs/s from the first
 *    fetch to the last completion, both read from pg-boss's own rows (min started_on, max
 *    completed_on: the database's clock). Once both instances are stopped, every job id's handler
 *    calls are counted: duplicates (ids run more than once) and missing (ids never run) should
 *    both be 0.
 * 3. Latency: two fresh instances work an empty queue while jobs are sent one by one (send(),
 *    the two instances in turn) at RATE jobs/s for SECONDS s; latency is the time from the send
 *    call to the handler's start (the same process's clock), so it includes the insert and the
 *    workers' polling.
 *
 * Workers use the options of the app's busiest queue, WORKERS (default `schedule-fire`: the
 * schedules' firings, areas/schedules/scheduler.ts, batches of 50, polling 0.5 s, two work loops
 * per server); `mail` takes the mail delivery's (infra/mail/mail-delivery.ts: one job at a time,
 * polling 2 s, one loop). The queues are `standard` ones with pg-boss's default retry and expiry.
 * Printed, not asserted.
 *
 * Env: BENCH_DATABASE_URL (PostgreSQL; PGlite in memory otherwise), JOBS_BENCH_COUNT (default
 * 20,000), JOBS_BENCH_SEND_BATCH (1,000), JOBS_BENCH_RATE (200 jobs/s), JOBS_BENCH_SECONDS (10),
 * JOBS_BENCH_WORKERS (`schedule-fire` or `mail`).
 */
const COUNT = Number(process.env.JOBS_BENCH_COUNT ?? 20_000);
const SEND_BATCH = Number(process.env.JOBS_BENCH_SEND_BATCH ?? 1_000);
const RATE = Number(process.env.JOBS_BENCH_RATE ?? 200);
const SECONDS = Number(process.env.JOBS_BENCH_SECONDS ?? 10);
/** How long the workers may take once everything is sent, before the run gives up waiting. */
const DRAIN_TIMEOUT_MS = 120_000;
/** What the app's queues ask of their workers (copied: the constants are not exported). */
const WORKER_PROFILES = {
  'schedule-fire': { loops: 2, batchSize: 50, pollingIntervalSeconds: 0.5 },
  mail: { loops: 1, batchSize: 1, pollingIntervalSeconds: 2 },
} as const;
const PROFILE_NAME = (process.env.JOBS_BENCH_WORKERS ??
  'schedule-fire') as keyof typeof WORKER_PROFILES;
const PROFILE = WORKER_PROFILES[PROFILE_NAME];
const THROUGHPUT_QUEUE = 'bench-throughput';
const LATENCY_QUEUE = 'bench-latency';

type JobQueue = Awaited<ReturnType<typeof createJobQueue>>;
interface Payload {
  n: number;
}
type Handler = (jobs: { id: string; data: Payload }[]) => Promise<void>;

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];
const perSecond = (jobs: number, wallMs: number) => Math.round(jobs / (wallMs / 1000));
const count = (value: number) => value.toLocaleString('en-US');

/** What the queues logged (an error would make the figures suspect). */
const logged = { errors: 0, warnings: 0 };
const log = {
  error: (...args: unknown[]) => {
    logged.errors++;
    console.error(...args);
  },
  warn: (...args: unknown[]) => {
    logged.warnings++;
    console.warn(...args);
  },
};

/** Two queue instances on the same database (started one after the other), each with `queue`. */
async function startServers(database: Database, queue: string): Promise<JobQueue[]> {
  const servers: JobQueue[] = [];
  try {
    for (let s = 0; s < 2; s++) {
      const jobs = await createJobQueue(database, { log });
      servers.push(jobs);
      await jobs.createQueue(queue);
    }
  } catch (error) {
    await Promise.all(servers.map((jobs) => jobs.stop()));
    throw error;
  }
  return servers;
}

/** Works `queue` on each server as the profile's queue does (its loops, batch and polling). */
function work(servers: readonly JobQueue[], queue: string, handler: (server: number) => Handler) {
  servers.forEach((jobs, s) => {
    for (let loop = 0; loop < PROFILE.loops; loop++) {
      jobs.work<Payload>(
        queue,
        { batchSize: PROFILE.batchSize, pollingIntervalSeconds: PROFILE.pollingIntervalSeconds },
        handler(s),
      );
    }
  });
}

/** Ids run more than once, and expected ids never run. */
function exactlyOnce(expected: readonly string[], calls: ReadonlyMap<string, number>) {
  let duplicates = 0;
  let extraRuns = 0;
  for (const runs of calls.values()) {
    if (runs > 1) {
      duplicates++;
      extraRuns += runs - 1;
    }
  }
  const missing = expected.filter((id) => !calls.has(id)).length;
  const expectedSet = new Set(expected);
  const unknown = [...calls.keys()].filter((id) => !expectedSet.has(id)).length;
  return { duplicates, extraRuns, missing, unknown };
}

async function waitFor(done: () => boolean | Promise<boolean>, everyMs: number): Promise<boolean> {
  const giveUpAt = performance.now() + DRAIN_TIMEOUT_MS;
  while (performance.now() < giveUpAt) {
    if (await done()) return true;
    await sleep(everyMs);
  }
  return done();
}

async function queueState(database: Database, queue: string) {
  const [row] = rowsOf<{ completed: number; first: string | null; last: string | null }>(
    await database.db.execute(sql`
      SELECT count(*) FILTER (WHERE state = 'completed')::int AS completed,
        min(started_on)::text AS first, max(completed_on)::text AS last
      FROM pgboss.job WHERE name = ${queue}`),
  );
  return {
    completed: Number(row?.completed ?? 0),
    first: row?.first ? Date.parse(row.first) : Number.NaN,
    last: row?.last ? Date.parse(row.last) : Number.NaN,
  };
}

/** Phases 1 and 2: sendMany the COUNT jobs, then two servers work them. */
async function throughput(database: Database): Promise<BenchResult[]> {
  const servers = await startServers(database, THROUGHPUT_QUEUE);
  const [sender] = servers;
  if (!sender) throw new Error('no queue started');
  const ids = Array.from({ length: COUNT }, () => randomUUID());
  const calls = new Map<string, number>();
  const byServer = [0, 0];
  const batchSizes: number[] = [];
  let sendWallMs: number;
  let drained: boolean;
  const batchMs: number[] = [];
  try {
    const sendStarted = performance.now();
    for (let from = 0; from < COUNT; from += SEND_BATCH) {
      const started = performance.now();
      await sender.sendMany<Payload>(
        THROUGHPUT_QUEUE,
        ids
          .slice(from, from + SEND_BATCH)
          .map((id, k) => ({ data: { n: from + k }, options: { id } })),
      );
      batchMs.push(performance.now() - started);
    }
    sendWallMs = performance.now() - sendStarted;

    work(servers, THROUGHPUT_QUEUE, (s) => (batch) => {
      batchSizes.push(batch.length);
      for (const job of batch) calls.set(job.id, (calls.get(job.id) ?? 0) + 1);
      byServer[s] = (byServer[s] ?? 0) + batch.length;
      return Promise.resolve();
    });
    drained = await waitFor(
      async () =>
        calls.size >= COUNT && (await queueState(database, THROUGHPUT_QUEUE)).completed >= COUNT,
      100,
    );
  } finally {
    // stopping waits for running handlers: no call is counted after this
    await Promise.all(servers.map((jobs) => jobs.stop()));
  }
  const state = await queueState(database, THROUGHPUT_QUEUE);
  const processMs = state.last - state.first;
  const once = exactlyOnce(ids, calls);
  const batchCount = batchSizes.length;
  return [
    {
      name: `Enqueue: ${count(COUNT)} jobs with sendMany in batches of ${count(SEND_BATCH)} on ${database.kind}`,
      figures: {
        'jobs sent': COUNT,
        'jobs / s': perSecond(COUNT, sendWallMs),
        'wall time (s)': ms(sendWallMs / 1000),
        'sendMany p50 (ms)': ms(percentile(batchMs, 50)),
        'sendMany p99 (ms)': ms(percentile(batchMs, 99)),
      },
    },
    {
      name: `Processing: ${count(COUNT)} waiting jobs, two queue instances on ${database.kind}, ${PROFILE_NAME} workers (${PROFILE.loops} loop(s) each, batches of ${PROFILE.batchSize}, polling ${PROFILE.pollingIntervalSeconds} s)`,
      figures: {
        'jobs completed': state.completed,
        'jobs / s (first fetch to last completion)': perSecond(state.completed, processMs),
        'run time (s)': ms(processMs / 1000),
        'handler calls': batchCount,
        'mean batch': ms(batchCount === 0 ? Number.NaN : COUNT / batchCount),
        'jobs on instance 1': byServer[0] ?? 0,
        'jobs on instance 2': byServer[1] ?? 0,
        'ids run more than once': once.duplicates,
        'extra runs': once.extraRuns,
        'ids never run': once.missing,
        'unknown ids run': once.unknown,
      },
      note: `${drained ? '' : `gave up waiting after ${DRAIN_TIMEOUT_MS / 1000} s; `}worker options: the ${PROFILE_NAME} queue's (${PROFILE_NAME === 'mail' ? 'infra/mail/mail-delivery.ts' : "areas/schedules/scheduler.ts, the app's busiest queue"}); first fetch and last completion are pg-boss's started_on and completed_on (the database's clock); each handler only records its jobs' ids, counted once both instances had stopped${database.kind === 'pglite' ? '; on PGlite both instances share its one session, so their queries run one at a time' : ''}`,
    },
  ];
}

/** Phase 3: jobs sent one by one at RATE jobs/s while two servers work the queue. */
async function latency(database: Database): Promise<BenchResult> {
  const servers = await startServers(database, LATENCY_QUEUE);
  const total = Math.round(RATE * SECONDS);
  const everyMs = 1000 / RATE;
  const sentAt = new Map<string, number>();
  const startedAt = new Map<string, number>();
  const calls = new Map<string, number>();
  const sendMs: number[] = [];
  let notQueued = 0;
  let sendErrors = 0;
  let sendWallMs: number;
  let drained: boolean;
  try {
    work(servers, LATENCY_QUEUE, () => (batch) => {
      const now = performance.now();
      for (const job of batch) {
        if (!startedAt.has(job.id)) startedAt.set(job.id, now);
        calls.set(job.id, (calls.get(job.id) ?? 0) + 1);
      }
      return Promise.resolve();
    });
    // let the workers' first (empty) polls pass, as on a server that has been up a while
    await sleep(PROFILE.pollingIntervalSeconds * 1000);

    const pending = new Set<Promise<void>>();
    const started = performance.now();
    for (let n = 0; n < total;) {
      const wait = started + n * everyMs - performance.now();
      if (wait > 0) await sleep(wait);
      // every job now due (a late timer sends several at once, keeping the rate)
      for (; n < total && started + n * everyMs <= performance.now(); n++) {
        const jobs = servers[n % servers.length];
        if (!jobs) continue;
        const id = randomUUID();
        const at = performance.now();
        sentAt.set(id, at);
        const sending = jobs.send<Payload>(LATENCY_QUEUE, { n }, { id }).then(
          (queued) => {
            sendMs.push(performance.now() - at);
            if (queued === null) notQueued++;
          },
          (error: unknown) => {
            sendErrors++;
            console.error('send failed', error);
          },
        );
        pending.add(sending);
        void sending.finally(() => pending.delete(sending));
      }
    }
    await Promise.all(pending);
    sendWallMs = performance.now() - started;
    drained = await waitFor(() => startedAt.size >= sentAt.size - notQueued - sendErrors, 50);
  } finally {
    await Promise.all(servers.map((jobs) => jobs.stop()));
  }
  const latencies = [...startedAt].flatMap(([id, at]) => {
    const sent = sentAt.get(id);
    return sent === undefined ? [] : [at - sent];
  });
  const once = exactlyOnce([...sentAt.keys()], calls);
  return {
    name: `Latency: ${count(total)} jobs sent one by one at ${RATE} jobs/s for ${SECONDS} s, two queue instances on ${database.kind}, ${PROFILE_NAME} workers (${PROFILE.loops} loop(s) each, batches of ${PROFILE.batchSize}, polling ${PROFILE.pollingIntervalSeconds} s)`,
    figures: {
      'jobs sent': sentAt.size,
      'send rate reached (jobs/s)': perSecond(sentAt.size, sendWallMs),
      'send call p50 (ms)': ms(percentile(sendMs, 50)),
      'send call p99 (ms)': ms(percentile(sendMs, 99)),
      'jobs run': startedAt.size,
      'latency p50 (ms)': ms(percentile(latencies, 50)),
      'latency p99 (ms)': ms(percentile(latencies, 99)),
      'latency max (ms)': ms(Math.max(...latencies)),
      'ids run more than once': once.duplicates,
      'ids never run': once.missing,
      'sends not queued / failed': `${notQueued} / ${sendErrors}`,
    },
    note: `${drained ? '' : `gave up waiting after ${DRAIN_TIMEOUT_MS / 1000} s; `}latency: from the send() call to the start of the handler given the job (includes the insert and the polling); ${PROFILE_NAME} workers' polling, a worker fetching again at once after a full batch`,
  };
}

async function run(): Promise<BenchResult[]> {
  const { database, dispose } = await openBenchDatabase(
    process.env.BENCH_DATABASE_URL,
    'pd_bench_jobs',
  );
  try {
    await migrate(database);
    const results = [...(await throughput(database)), await latency(database)];
    if (logged.errors + logged.warnings > 0) {
      const last = results.at(-1);
      if (last) {
        last.note = `${last.note ?? ''}; the queues logged ${logged.errors} error(s) and ${logged.warnings} warning(s) (above)`;
      }
    }
    return results;
  } finally {
    await dispose();
  }
}

const bench: BenchModule = { name: 'jobs', run };
export default bench;
