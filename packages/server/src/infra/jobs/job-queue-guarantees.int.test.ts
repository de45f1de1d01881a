import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/database';
import { testDatabases, type OpenedTestDatabase } from '../../test/databases';
import { type Job, type JobQueue, createJobQueue } from './job-queue';

/**
 * What the app relies on the job queue for (issue 19 item 1), each on two queues over one
 * database where it matters: exactly once, retries with back-off, dead letter, restarts.
 */
const log = { error: vi.fn(), warn: vi.fn() };
const POLLING = { pollingIntervalSeconds: 0.5 };
const WAIT = { timeout: 30_000, interval: 50 };

interface Payload {
  n: number;
}

describe.each(testDatabases())('job queue guarantees on $name', (testDatabase) => {
  let opened: OpenedTestDatabase;
  let database: Database;
  const started: JobQueue[] = [];
  let queues = 0;
  const newQueueName = () => `guarantee-${++queues}`;

  const start = async (maintenanceIntervalSeconds?: number) => {
    const jobs = await createJobQueue(database, {
      log,
      ...(maintenanceIntervalSeconds === undefined ? {} : { maintenanceIntervalSeconds }),
    });
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
    log.warn.mockClear();
  });
  afterAll(async () => {
    await opened.dispose();
  });

  it('completes each job exactly once across two servers, even when first attempts fail', async () => {
    const [first, second] = [await start(), await start()];
    const queue = newQueueName();
    await first.createQueue(queue, { retryLimit: 3 });
    const count = 60;
    for (let n = 0; n < count; n++) await (n % 2 ? first : second).send(queue, { n });

    // every job with an odd n fails its first attempt, wherever it runs
    const attempts = new Map<number, number>();
    const completed: { by: string; n: number }[] = [];
    const worker =
      (by: string) =>
      ([job]: Job<Payload>[]): Promise<void> => {
        if (!job) return Promise.resolve();
        const n = job.data.n;
        attempts.set(n, (attempts.get(n) ?? 0) + 1);
        if (n % 2 === 1 && job.retryCount === 0) return Promise.reject(new Error('first try'));
        completed.push({ by, n });
        return Promise.resolve();
      };
    first.work(queue, POLLING, worker('first'));
    second.work(queue, POLLING, worker('second'));

    await vi.waitFor(() => {
      expect(completed.length).toBeGreaterThanOrEqual(count);
    }, WAIT);
    await Promise.all([first.stop(), second.stop()]);
    expect(completed.map((c) => c.n).sort((a, b) => a - b)).toEqual(
      Array.from({ length: count }, (_, n) => n),
    );
    // one attempt for an even job, two for an odd one: no job ran on both servers at once
    for (const [n, times] of attempts) expect(times, `job ${n}`).toBe(n % 2 ? 2 : 1);
    expect(new Set(completed.map((c) => c.by))).toEqual(new Set(['first', 'second']));
  });

  it('backs off: with retryBackoff each retry waits about twice as long as the one before', async () => {
    const jobs = await start();
    const queue = newQueueName();
    await jobs.createQueue(queue, { retryLimit: 2, retryDelay: 1, retryBackoff: true });
    const id = (await jobs.send(queue, { n: 1 })) ?? '';
    const attemptedAt: number[] = [];
    jobs.work<Payload>(queue, POLLING, () => {
      attemptedAt.push(Date.now());
      return Promise.reject(new Error('still down'));
    });

    await vi.waitFor(async () => {
      expect((await jobs.getJob(queue, id))?.state).toBe('failed');
    }, WAIT);
    expect(attemptedAt).toHaveLength(3);
    const [a = 0, b = 0, c = 0] = attemptedAt;
    // retry 1 waits 1-2 s, retry 2 waits 2-4 s (a fixed 1 s delay would give ~1 s twice)
    expect(b - a).toBeGreaterThanOrEqual(1_000);
    expect(c - b).toBeGreaterThanOrEqual(2_000);
  });

  it('moves a job that failed its last retry to the dead-letter queue, with its data', async () => {
    const jobs = await start();
    const queue = newQueueName();
    const deadLetter = `${queue}-dead`;
    await jobs.createQueue(deadLetter);
    await jobs.createQueue(queue, { deadLetter, retryLimit: 1 });
    const id = (await jobs.send(queue, { n: 42 })) ?? '';
    let attempts = 0;
    jobs.work<Payload>(queue, POLLING, () => {
      attempts++;
      return Promise.reject(new Error('never works'));
    });
    const dead: Payload[] = [];
    jobs.work<Payload>(deadLetter, POLLING, (batch) => {
      dead.push(...batch.map((job) => job.data));
      return Promise.resolve();
    });

    await vi.waitFor(() => {
      expect(dead).toEqual([{ n: 42 }]);
    }, WAIT);
    expect(attempts).toBe(2);
    expect((await jobs.getJob(queue, id))?.state).toBe('failed');
  });

  it('leaves a job with no dead letter while retries remain', async () => {
    const jobs = await start();
    const queue = newQueueName();
    const deadLetter = `${queue}-dead`;
    await jobs.createQueue(deadLetter);
    await jobs.createQueue(queue, { deadLetter, retryLimit: 1 });
    const id = (await jobs.send(queue, { n: 5 })) ?? '';
    let attempts = 0;
    jobs.work<Payload>(queue, POLLING, () => {
      attempts++;
      return attempts === 1 ? Promise.reject(new Error('once')) : Promise.resolve();
    });
    const dead: Payload[] = [];
    jobs.work<Payload>(deadLetter, POLLING, (batch) => {
      dead.push(...batch.map((job) => job.data));
      return Promise.resolve();
    });

    await vi.waitFor(async () => {
      expect((await jobs.getJob(queue, id))?.state).toBe('completed');
    }, WAIT);
    expect(attempts).toBe(2);
    // a marker queued after the completion: once it is handed out, an earlier copy would have been
    await jobs.send(deadLetter, { n: -1 });
    await vi.waitFor(() => {
      expect(dead).toContainEqual({ n: -1 });
    }, WAIT);
    expect(dead).toEqual([{ n: -1 }]);
  });

  it('hands a job out again when its server died mid-job, and it completes once on another', async () => {
    const dying = await start();
    const queue = newQueueName();
    await dying.createQueue(queue);
    const id = (await dying.send(queue, { n: 9 }, { expireInSeconds: 1, retryLimit: 1 })) ?? '';
    const handledBy: string[] = [];
    let running = false;
    dying.work<Payload>(queue, POLLING, () => {
      handledBy.push('dying');
      running = true;
      // never finishes: the server is gone before the job is recorded as done
      return new Promise<void>(() => {});
    });
    await vi.waitFor(() => {
      expect(running).toBe(true);
    }, WAIT);
    // stop gives up on the stuck handler after 5 s and leaves the job active
    await dying.stop();
    expect((await (await start()).getJob(queue, id))?.state).toBe('active');

    // a server started later expires the stuck job and takes it over
    const later = await start(1);
    later.work<Payload>(queue, POLLING, ([job]) => {
      handledBy.push(`later:${job?.retryCount}`);
      return Promise.resolve();
    });
    await vi.waitFor(async () => {
      expect((await later.getJob(queue, id))?.state).toBe('completed');
    }, WAIT);
    expect(handledBy).toEqual(['dying', 'later:1']);
  }, 40_000);
});
