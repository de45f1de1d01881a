import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { JobQueue } from './job-queue';

export interface PeriodicJob {
  /** The queue (created here, policy `short`: one waiting job at a time across all servers). */
  queue: string;
  /** After a run, the next one is due this much later (unless `run` answers otherwise). */
  everyMs: number;
  /** Each server also queues one this often, in case none waits (a lost send, a crash). */
  safetyEveryMs: number;
  /** Seconds a run may stay active before it is handed out again. */
  expireInSeconds: number;
  /** One run; it may answer how soon the next is due (e.g. sooner, with work left). */
  run(): Promise<{ nextInMs?: number } | void>;
  /** The server is closing: end the run under way early (the next run goes on). */
  stop(): void;
}

/**
 * Work repeated on the durable job queue with one waiting job across all servers (singletonKey),
 * whichever server takes it: each run queues the next one when it ends, the first is queued when
 * the app is ready, and every server re-queues one now and then in case none waits.
 */
export async function installPeriodicJob(
  app: FastifyInstance,
  jobs: JobQueue,
  log: Pick<FastifyBaseLogger, 'warn'>,
  job: PeriodicJob,
): Promise<void> {
  await jobs.createQueue(job.queue, { policy: 'short' });
  let stopped = false;

  const queueNext = async (delayMs: number) => {
    if (stopped) return;
    try {
      await jobs.send(
        job.queue,
        {},
        {
          singletonKey: job.queue,
          startAfter: new Date(Date.now() + delayMs),
          retryLimit: 1,
          expireInSeconds: job.expireInSeconds,
        },
      );
    } catch (err) {
      if (!stopped) log.warn({ err, queue: job.queue }, 'periodic job not queued');
    }
  };

  let safety: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    jobs.work(job.queue, { batchSize: 1, pollingIntervalSeconds: 2 }, async () => {
      let nextInMs = job.everyMs;
      try {
        nextInMs = (await job.run())?.nextInMs ?? job.everyMs;
      } finally {
        await queueNext(nextInMs);
      }
    });
    await queueNext(0);
    safety = setInterval(() => void queueNext(job.everyMs), job.safetyEveryMs);
    safety.unref();
  });
  // before the queue's own stop (an onClose hook) waits for running handlers
  app.addHook('preClose', (done) => {
    stopped = true;
    clearInterval(safety);
    job.stop();
    done();
  });
}
