import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/database';
import { testDatabases, type OpenedTestDatabase } from '../../test/databases';
import { type Job, type JobQueue, createJobQueue } from './job-queue';

const log = { error: vi.fn(), warn: vi.fn() };
const POLLING = { pollingIntervalSeconds: 0.5 };
const WAIT = { timeout: 20_000, interval: 50 };

interface Payload {
  n: number;
}

describe.each(testDatabases())('job queue on $name', (testDatabase) => {
  let opened: OpenedTestDatabase;
  let database: Database;
  const started: JobQueue[] = [];
  let queues = 0;
  /** A queue name of its own for each test (pg-boss keeps queues and jobs across instances). */
  const newQueueName = () => `test-${++queues}`;

  const start = async () => {
    const jobs = await createJobQueue(database, { log });
    started.push(jobs);
    return jobs;
  };

  beforeAll(async () => {
    opened = await testDatabase.open();
    database = opened.database;
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((jobs) => jobs.stop()));
    expect(log.error).not.toHaveBeenCalled();
  });
  afterAll(async () => {
    await opened.dispose();
  });

  it('hands a job out only once its startAfter has passed', async () => {
    const jobs = await start();
    const queue = newQueueName();
    await jobs.createQueue(queue);
    const startAfter = new Date(Date.now() + 1_500);
    const id = await jobs.send(queue, { n: 1 }, { startAfter });
    const handedOutAt: number[] = [];
    jobs.work<Payload>(queue, POLLING, () => {
      handedOutAt.push(Date.now());
      return Promise.resolve();
    });

    await vi.waitFor(async () => {
      expect((await jobs.getJob(queue, id ?? ''))?.state).toBe('completed');
    }, WAIT);
    expect(handedOutAt).toHaveLength(1);
    expect(handedOutAt[0]).toBeGreaterThanOrEqual(startAfter.getTime());
  });

  it('hands each of 200 jobs to exactly one of two queues on the same database', async () => {
    const [first, second] = [await start(), await start()];
    const queue = newQueueName();
    await first.createQueue(queue);
    await second.createQueue(queue);
    const count = 200;
    for (let n = 0; n < count; n++) await (n % 2 ? first : second).send(queue, { n });

    const handled: { by: string; n: number }[] = [];
    // Each queue holds its first batch until the other has one too: both take jobs at once.
    const gotFirstBatch = { first: false, second: false };
    const worker =
      (name: keyof typeof gotFirstBatch) =>
      async (batch: Job<Payload>[]): Promise<void> => {
        gotFirstBatch[name] = true;
        await vi.waitFor(() => {
          expect(gotFirstBatch.first && gotFirstBatch.second).toBe(true);
        }, WAIT);
        for (const job of batch) handled.push({ by: name, n: job.data.n });
      };
    first.work(queue, { batchSize: 5, ...POLLING }, worker('first'));
    second.work(queue, { batchSize: 5, ...POLLING }, worker('second'));

    await vi.waitFor(() => {
      expect(handled.length).toBeGreaterThanOrEqual(count);
    }, WAIT);
    // stopping waits for running handlers: nothing can be handed out after this
    await Promise.all([first.stop(), second.stop()]);
    const ns = handled.map((job) => job.n).sort((a, b) => a - b);
    expect(ns).toEqual(Array.from({ length: count }, (_, n) => n));
    expect(new Set(handled.map((job) => job.by))).toEqual(new Set(['first', 'second']));
  });

  it('keeps a job across a stop: a queue started later on the same database hands it out', async () => {
    const sending = await start();
    const queue = newQueueName();
    await sending.createQueue(queue);
    const id = await sending.send(queue, { n: 7 });
    await sending.stop();

    const later = await start();
    const handled: Job<Payload>[] = [];
    later.work<Payload>(queue, POLLING, (batch) => {
      handled.push(...batch);
      return Promise.resolve();
    });
    await vi.waitFor(() => {
      expect(handled).toEqual([{ id, data: { n: 7 }, retryCount: 0 }]);
    }, WAIT);
  });

  it('retries a job whose handler throws, up to its retryLimit, then keeps it as failed', async () => {
    const jobs = await start();
    const queue = newQueueName();
    await jobs.createQueue(queue);
    const id = (await jobs.send(queue, { n: 3 }, { retryLimit: 2, retryDelay: 0 })) ?? '';
    const attempts: number[] = [];
    jobs.work<Payload>(queue, POLLING, ([job]) => {
      attempts.push(job?.retryCount ?? -1);
      return Promise.reject(new Error('handler refused'));
    });

    await vi.waitFor(async () => {
      expect((await jobs.getJob(queue, id))?.state).toBe('failed');
    }, WAIT);
    // failing is the last thing done with an attempt: no further attempt can follow
    expect(attempts).toEqual([0, 1, 2]);
    expect(log.warn).toHaveBeenCalledTimes(3);
    log.warn.mockClear();
  });

  it('never hands out a cancelled job', async () => {
    const jobs = await start();
    const queue = newQueueName();
    await jobs.createQueue(queue);
    const startAfter = new Date(Date.now() + 1_000);
    const cancelled = (await jobs.send(queue, { n: 1 }, { startAfter })) ?? '';
    const kept = await jobs.send(queue, { n: 2 }, { startAfter });
    expect(await jobs.cancel(queue, cancelled)).toBe(true);
    expect(await jobs.cancel(queue, cancelled)).toBe(false);
    const handled: string[] = [];
    jobs.work<Payload>(queue, { batchSize: 2, ...POLLING }, (batch) => {
      handled.push(...batch.map((job) => job.id));
      return Promise.resolve();
    });

    await vi.waitFor(() => {
      expect(handled).toContain(kept);
    }, WAIT);
    // both were due at once and the fetch takes the earlier first: the cancelled one was skipped
    expect(handled).toEqual([kept]);
    expect((await jobs.getJob(queue, cancelled))?.state).toBe('cancelled');
  });

  it('keeps one waiting job per singletonKey on a short queue', async () => {
    const jobs = await start();
    const queue = newQueueName();
    await jobs.createQueue(queue, { policy: 'short' });
    const startAfter = new Date(Date.now() + 60_000);
    const first = await jobs.send(queue, { n: 1 }, { startAfter, singletonKey: 'schedule-1' });
    expect(first).toEqual(expect.any(String));
    expect(await jobs.send(queue, { n: 2 }, { startAfter, singletonKey: 'schedule-1' })).toBe(null);
    expect(await jobs.send(queue, { n: 3 }, { startAfter, singletonKey: 'schedule-2' })).toEqual(
      expect.any(String),
    );
    // replacing: cancel the waiting one, then send anew
    expect(await jobs.cancel(queue, first ?? '')).toBe(true);
    expect(await jobs.send(queue, { n: 4 }, { startAfter, singletonKey: 'schedule-1' })).toEqual(
      expect.any(String),
    );
  });

  it('queues several jobs in one sendMany, leaving out one whose singletonKey waits already', async () => {
    const jobs = await start();
    const queue = newQueueName();
    await jobs.createQueue(queue, { policy: 'short' });
    const startAfter = new Date(Date.now() + 1_000);
    await jobs.send(queue, { n: 1 }, { startAfter, singletonKey: 'schedule-1' });
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    await jobs.sendMany<Payload>(queue, [
      { data: { n: 2 }, options: { id: ids[0], startAfter, singletonKey: 'schedule-1' } },
      { data: { n: 3 }, options: { id: ids[1], startAfter, singletonKey: 'schedule-2' } },
      { data: { n: 4 }, options: { id: ids[2] } },
    ]);
    const queued = await Promise.all(ids.map((id) => jobs.getJob<Payload>(queue, id ?? '')));
    expect(queued.map((job) => job?.data.n ?? null)).toEqual([null, 3, 4]);
    expect(queued[1]?.startAfter).toEqual(startAfter);

    const handled: { n: number; at: number }[] = [];
    jobs.work<Payload>(queue, { batchSize: 10, ...POLLING }, (batch) => {
      for (const job of batch) handled.push({ n: job.data.n, at: Date.now() });
      return Promise.resolve();
    });
    await vi.waitFor(() => {
      expect(handled.map((h) => h.n).sort()).toEqual([1, 3, 4]);
    }, WAIT);
    expect(handled.find((h) => h.n === 3)?.at).toBeGreaterThanOrEqual(startAfter.getTime());
  });

  it('waits in stop() for a running handler and records its job as completed', async () => {
    const jobs = await start();
    const queue = newQueueName();
    await jobs.createQueue(queue);
    const id = (await jobs.send(queue, { n: 1 })) ?? '';
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let handling = false;
    jobs.work<Payload>(queue, POLLING, () => {
      handling = true;
      return released;
    });
    await vi.waitFor(() => {
      expect(handling).toBe(true);
    }, WAIT);

    let stopped = false;
    const stopping = jobs.stop().then(() => (stopped = true));
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    release();
    await stopping;
    const reader = await start();
    expect((await reader.getJob(queue, id))?.state).toBe('completed');
  });

  it('starts two queues at once on a fresh database, which stays usable', async () => {
    const fresh = await testDatabase.open();
    try {
      const both = await Promise.all([
        createJobQueue(fresh.database, { log }),
        createJobQueue(fresh.database, { log }),
      ]);
      started.push(...both);
      const queue = newQueueName();
      await both[0].createQueue(queue);
      expect(await both[1].send(queue, { n: 1 })).toEqual(expect.any(String));
      // PGlite is one session: a failed install script must not leave it in an aborted transaction
      const rows = await fresh.database.rawTransaction((tx) => tx.query('SELECT 1 AS one'));
      expect(rows).toEqual([{ one: 1 }]);
      await Promise.all(started.splice(0).map((jobs) => jobs.stop()));
    } finally {
      await fresh.dispose();
    }
  });

  it('refuses polling faster than every 0.5 s', async () => {
    const jobs = await start();
    expect(() => {
      jobs.work('any', { pollingIntervalSeconds: 0.1 }, () => Promise.resolve());
    }).toThrow(/pollingIntervalSeconds must be ≥ 0.5/);
  });
});
