import { type LocationZone, locationZone, nextFire } from '@powerdeck/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../infra/clock';
import type { Job, JobQueue, SendOptions } from '../../infra/jobs/job-queue';
import type { ScheduleFiring } from './schedule-firing';
import type { PlannedSchedule, ScheduleRow, SchedulesRepository } from './schedules.repository';

/** The durable queue of firings: one job per schedule's next occurrence. */
export const FIRE_QUEUE = 'schedule-fire';
/** An occurrence is fired up to this late (a server restarting); later it is recorded as missed. */
export const GRACE_MS = 5 * 60_000;
/** Missed occurrences recorded one by one after a long stop; older ones are passed over. */
const CATCH_UP_LIMIT = 100;
/**
 * Firings handed to one worker at once: their schedules are read, and their next occurrences
 * advanced and queued, in one statement each per batch.
 */
const BATCH_SIZE = 50;
/** Batches one server works at once (one waits on the database while another is under way). */
const WORKERS = 2;
const POLLING_SECONDS = 0.5;
const RETRY_LIMIT = 3;

/** What a firing job carries: the occurrence of one version of a schedule. */
export interface FireJob {
  scheduleId: number;
  version: number;
  /** Unix ms. */
  dueAt: number;
}

type Rule = Pick<ScheduleRow, 'time' | 'dayMask' | 'startDate' | 'endDate'>;

/** A schedule's next occurrence, to be set where it still waits for the one just handled. */
interface NextMove {
  id: number;
  version: number;
  next: Date | null;
  expected: Date;
}

const zoneOf = (s: { timezone: string; dst: boolean }): LocationZone =>
  locationZone(s.timezone, s.dst);

/**
 * Keeps one queued job per enabled schedule, for its next occurrence in its location's clock
 * (`schedules.next_fire_at` says which): after a change, after each firing and when the location's
 * time zone or DST setting changes. Needs only the database and the queue, so the site settings
 * can replan a location without the rest of the schedules area.
 */
export class SchedulePlanner {
  constructor(
    private readonly repo: SchedulesRepository,
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
  ) {}

  /** Creates the queue (short policy: one waiting job per singleton key). */
  async createQueue(): Promise<void> {
    await this.jobs.createQueue(FIRE_QUEUE, { policy: 'short' });
  }

  /** The next occurrence of a version just written (null: disabled or past its end date). */
  async plan(
    schedule: Rule & Pick<ScheduleRow, 'id' | 'version' | 'enabled'>,
    zone: { timezone: string; dst: boolean },
  ): Promise<Date | null> {
    const next = schedule.enabled ? nextFire(schedule, zoneOf(zone), this.clock.now()) : null;
    if (await this.repo.setNextFire(schedule.id, schedule.version, next)) {
      if (next) await this.enqueue(schedule.id, schedule.version, next);
    }
    return next;
  }

  /**
   * The location's time zone or DST setting may have changed: each enabled schedule whose next
   * occurrence moved gets it, and a job for it (the job of the old one finds itself stale).
   */
  async replanLocation(siteId: string): Promise<void> {
    const now = this.clock.now();
    for (const schedule of await this.repo.enabledPlanned(siteId)) {
      const next = nextFire(schedule, zoneOf(schedule), now);
      if (next?.getTime() === schedule.nextFireAt?.getTime()) continue;
      if (await this.repo.setNextFire(schedule.id, schedule.version, next, schedule.nextFireAt)) {
        if (next) await this.enqueue(schedule.id, schedule.version, next);
      }
    }
  }

  /**
   * Queues the job of an occurrence. A second one for the same occurrence waiting already is not
   * queued; one queued anyway (the first was being handed out) is harmless: the firing row lets
   * one of them fire.
   */
  async enqueue(scheduleId: number, version: number, dueAt: Date): Promise<void> {
    const { data, options } = this.fireJob(scheduleId, version, dueAt);
    await this.jobs.send(FIRE_QUEUE, data, options);
  }

  /** Queues the jobs of several occurrences in one statement, as enqueue does each. */
  async enqueueMany(
    occurrences: readonly { scheduleId: number; version: number; dueAt: Date }[],
  ): Promise<void> {
    await this.jobs.sendMany(
      FIRE_QUEUE,
      occurrences.map((o) => this.fireJob(o.scheduleId, o.version, o.dueAt)),
    );
  }

  private fireJob(
    scheduleId: number,
    version: number,
    dueAt: Date,
  ): { data: FireJob; options: SendOptions } {
    const data: FireJob = { scheduleId, version, dueAt: dueAt.getTime() };
    const options = {
      startAfter: this.startAfter(dueAt),
      singletonKey: `${scheduleId}:${version}:${data.dueAt}`,
      retryLimit: RETRY_LIMIT,
    };
    return { data, options };
  }

  /**
   * When the job may be handed out. The queue compares it with the database's clock, which runs
   * with this machine's; the app's clock is an adapter (a test moves it), so the wait is what the
   * app's clock says is left. With the system clock this is `dueAt` itself.
   */
  private startAfter(dueAt: Date): Date {
    return new Date(Date.now() + (dueAt.getTime() - this.clock.now().getTime()));
  }
}

/**
 * Runs the firing jobs on this server (every server runs them; the queue hands each job to one,
 * and the firing row makes a duplicate harmless). A job whose schedule changed since (deleted,
 * disabled, edited, its location's clock changed) does nothing. One due less than GRACE_MS ago
 * fires; older is recorded as missed. Then the next occurrence is planned: after a long stop each
 * occurrence missed meanwhile is recorded (up to CATCH_UP_LIMIT).
 */
export class Scheduler {
  private reconciling: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly deps: {
      repo: SchedulesRepository;
      planner: SchedulePlanner;
      firing: ScheduleFiring;
      jobs: JobQueue;
      clock: Clock;
      log: FastifyBaseLogger;
    },
  ) {}

  /**
   * Starts working the queue, then makes sure every enabled schedule has its job, in the
   * background: firings already queued do not wait for it, nor does the server's start.
   */
  start(): void {
    for (let n = 0; n < WORKERS; n++) {
      this.deps.jobs.work<FireJob>(
        FIRE_QUEUE,
        { batchSize: BATCH_SIZE, pollingIntervalSeconds: POLLING_SECONDS },
        (batch) => this.handleBatch(batch),
      );
    }
    this.reconciling = this.reconcile().catch((err: unknown) => {
      if (!this.stopped) this.deps.log.error({ err }, 'schedules not queued again at start');
    });
  }

  /** Ends the start-up reconcile (the queue itself is stopped by the app). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.reconciling;
  }

  /**
   * Start-up: queues the job of every enabled schedule's next occurrence again (a lost job, a
   * database restored from a backup); one already waiting is kept, not doubled. An enabled
   * schedule without a next occurrence recorded gets one.
   */
  private async reconcile(): Promise<void> {
    const { repo, planner } = this.deps;
    for (const schedule of await repo.enabledPlanned()) {
      if (this.stopped) return;
      if (schedule.nextFireAt === null) await planner.plan(schedule, schedule);
      else await planner.enqueue(schedule.id, schedule.version, schedule.nextFireAt);
    }
  }

  /**
   * A batch of jobs: their schedules read at once, each occurrence fired (or missed) side by
   * side, then the next occurrence of each set and queued at once. Of several handlers of one
   * occurrence (a duplicate job, a retry), the one whose move sets it queues the next.
   */
  private async handleBatch(batch: Job<FireJob>[]): Promise<void> {
    const { repo, planner } = this.deps;
    const schedules = await repo.findPlanned([...new Set(batch.map((j) => j.data.scheduleId))]);
    const results = await Promise.allSettled(
      batch.map((job) => this.handle(job.data, schedules.get(job.data.scheduleId))),
    );
    // the same occurrence twice in one batch (a duplicate job) moves once
    const moves = new Map<string, NextMove>();
    for (const result of results) {
      const move = result.status === 'fulfilled' ? result.value : null;
      if (move) moves.set(`${move.id}:${move.version}:${move.expected.getTime()}`, move);
    }
    const advanced = await repo.advanceNextFires([...moves.values()]);
    await planner.enqueueMany(
      [...moves.values()].flatMap((m) =>
        m.next && advanced.has(m.id)
          ? [{ scheduleId: m.id, version: m.version, dueAt: m.next }]
          : [],
      ),
    );
    // the batch is retried; what was done already is not done twice (firing rows, next_fire_at)
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /**
   * One job: fires or records its occurrence if it is still current, and answers the schedule's
   * next occurrence (null: nothing to move, the job was stale or its location's clock changed).
   */
  private async handle(
    job: FireJob,
    schedule: PlannedSchedule | undefined,
  ): Promise<NextMove | null> {
    const { planner, firing, clock, log } = this.deps;
    if (!isCurrent(schedule, job)) return null;
    const zone = zoneOf(schedule);
    const dueAt = new Date(job.dueAt);
    // the location's clock changed without its schedules being replanned: plan anew from now
    if (nextFire(schedule, zone, job.dueAt - 1)?.getTime() !== job.dueAt) {
      await planner.replanLocation(schedule.siteId);
      return null;
    }
    const now = clock.now().getTime();
    if (now - job.dueAt > GRACE_MS) await firing.miss(schedule, dueAt);
    else await firing.fire(schedule, dueAt, { kind: 'schedule', id: String(schedule.id) });

    let next = nextFire(schedule, zone, dueAt);
    for (let n = 0; next && now - next.getTime() > GRACE_MS; n++) {
      if (n === CATCH_UP_LIMIT) {
        log.warn({ scheduleId: schedule.id, from: next }, 'older missed firings not recorded');
        next = nextFire(schedule, zone, now - GRACE_MS);
        break;
      }
      await firing.miss(schedule, next);
      next = nextFire(schedule, zone, next);
    }
    return { id: schedule.id, version: schedule.version, next, expected: dueAt };
  }
}

function isCurrent(
  schedule: PlannedSchedule | undefined,
  job: FireJob,
): schedule is PlannedSchedule {
  return (
    schedule !== undefined &&
    schedule.enabled &&
    schedule.version === job.version &&
    schedule.nextFireAt?.getTime() === job.dueAt
  );
}
