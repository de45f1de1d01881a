import { FIRMWARE_ERROR_TEXTS, type FirmwareUpgrade, type TopicAddress } from '@powerdeck/domain';
import type { FastifyBaseLogger } from 'fastify';
import { setMaxListeners } from 'node:events';
import type { Clock } from '../../infra/clock';
import type { JobQueue } from '../../infra/jobs/job-queue';
import { FirmwareRun, type FirmwareRunDeps, addressOf } from './firmware-run';
import type { FirmwareRepository } from './firmware.repository';

/** The durable queue of upgrades waiting for their turn (pg-boss). */
export const FIRMWARE_QUEUE = 'firmware-upgrade';

export interface FirmwareJob {
  upgradeId: string;
  siteId: string;
}

export interface FirmwareEngineOptions {
  /** At most this many upgrades under way per location. */
  concurrencyLimit: number;
  /** A queued upgrade's job comes back this often while the location has no free turn. */
  waitMs: number;
  /** An upgrade under way without a heartbeat for this long lost its server: 'Timed out'. */
  staleMs: number;
  /** Every server sweeps for stale upgrades and waiting locations this often. */
  sweepMs: number;
}

/**
 * Runs the upgrades: each queued upgrade has a durable job; whoever handles it, or any server
 * when an upgrade ends or the sweep runs, gives the location's oldest queued upgrades a turn while
 * fewer than `concurrencyLimit` are under way there (`claim`, under a per-location lock), and
 * drives them here. A job whose upgrade is still waiting comes back after `waitMs`. An upgrade
 * whose server died is failed 'Timed out' by the sweep once its heartbeat is `staleMs` old; it is
 * not resumed (the device may be half-way through a reboot). docs/api/firmware.md.
 */
export class FirmwareEngine {
  private readonly runs = new Map<string, FirmwareRun>();
  private readonly running = new Set<Promise<void>>();
  private readonly abort = abortController();
  private sweepTimer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly deps: {
      repo: FirmwareRepository;
      jobs: JobQueue;
      clock: Clock;
      log: FastifyBaseLogger;
      options: FirmwareEngineOptions;
      /** Undefined without a device link: upgrades wait, queued, for a server that has one. */
      run: Omit<FirmwareRunDeps, 'repo' | 'clock' | 'log'> | undefined;
      changed(upgrade: FirmwareUpgrade): void;
      /** An audit step recorded for an upgrade another server left (the sweep). */
      auditFailed(upgrade: FirmwareUpgrade, error: string): Promise<void>;
    },
  ) {}

  get concurrencyLimit(): number {
    return this.deps.options.concurrencyLimit;
  }

  get canRun(): boolean {
    return this.deps.run !== undefined;
  }

  async createQueue(): Promise<void> {
    await this.deps.jobs.createQueue(FIRMWARE_QUEUE);
  }

  /** Starts working the queue and the sweep (with a device link only). */
  start(): void {
    if (!this.deps.run) return;
    this.deps.jobs.work<FirmwareJob>(
      FIRMWARE_QUEUE,
      { batchSize: 20, pollingIntervalSeconds: 1 },
      (jobs) => this.handle(jobs),
    );
    void this.sweep();
    this.sweepTimer = setInterval(() => void this.sweep(), this.deps.options.sweepMs);
    this.sweepTimer.unref();
  }

  /** Aborts the upgrades this server drives (the sweep of a server still up fails them). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweepTimer);
    this.abort.abort();
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /** Queues the jobs of new upgrades and gives their locations a turn at once. */
  async enqueue(upgrades: readonly { id: string; siteId: string }[]): Promise<void> {
    for (const u of upgrades) {
      await this.deps.jobs.send<FirmwareJob>(
        FIRMWARE_QUEUE,
        { upgradeId: u.id, siteId: u.siteId },
        { id: u.id, retryLimit: 5, retryDelay: 5 },
      );
    }
    for (const siteId of new Set(upgrades.map((u) => u.siteId))) void this.pump(siteId);
  }

  /** The upgrade this server drives for a device or kid, if any (events and reports go to it). */
  runFor(address: TopicAddress): FirmwareRun | undefined {
    return this.runs.get(key(address));
  }

  /** Stale upgrades failed, and every location with waiting upgrades given a turn. */
  async sweep(): Promise<void> {
    if (this.stopped) return;
    const { repo, clock, options, log } = this.deps;
    try {
      const now = clock.now();
      const stale = await repo.failStale(new Date(now.getTime() - options.staleMs), now);
      for (const upgrade of stale) {
        this.deps.changed(upgrade);
        await this.deps.auditFailed(upgrade, FIRMWARE_ERROR_TEXTS.timedOut);
      }
      for (const siteId of await repo.sitesWithQueued()) await this.pump(siteId);
    } catch (err) {
      if (!this.stopped) log.warn({ err }, 'firmware sweep failed');
    }
  }

  private async handle(jobs: { data: FirmwareJob }[]): Promise<void> {
    for (const { data } of jobs) {
      if (this.stopped) return;
      await this.pump(data.siteId);
      const upgrade = await this.deps.repo.find(data.upgradeId);
      if (upgrade?.phase !== 'queued') continue;
      // still waiting for a turn: the job comes back (an upgrade ending also gives turns)
      await this.deps.jobs.send<FirmwareJob>(FIRMWARE_QUEUE, data, {
        startAfter: new Date(Date.now() + this.deps.options.waitMs),
        retryLimit: 5,
        retryDelay: 5,
      });
    }
  }

  /** Gives the location's oldest queued upgrades a turn while it has free ones. */
  private async pump(siteId: string): Promise<void> {
    const { run, repo, clock, options, log } = this.deps;
    if (!run || this.stopped) return;
    try {
      const claimed = await repo.claim(siteId, options.concurrencyLimit, () => clock.now());
      for (const row of claimed) {
        const upgrade = new FirmwareRun(row, { ...run, repo, clock, log }, this.abort.signal);
        const k = key(addressOf(row));
        this.runs.set(k, upgrade);
        const done = upgrade.run().finally(() => {
          if (this.runs.get(k) === upgrade) this.runs.delete(k);
          this.running.delete(done);
          // a turn is free
          void this.pump(siteId);
        });
        this.running.add(done);
      }
    } catch (err) {
      if (!this.stopped) log.warn({ err, siteId }, 'firmware upgrades could not start');
    }
  }
}

/** One signal that every run (and each of its waits) listens to: no listener cap. */
function abortController(): AbortController {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  return controller;
}

function key(address: TopicAddress): string {
  return address.kidId === undefined ? address.devId : `${address.devId}/${address.kidId}`;
}
