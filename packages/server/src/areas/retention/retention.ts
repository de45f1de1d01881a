import { DEFAULT_MAX_GAP_MS } from '@powerdeck/domain';
import type { RetentionSettings } from '../../config';
import type { Clock } from '../../infra/clock';
import type { BatchCounts, RetentionRepository, RetentionTable } from './retention.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days an alert e-mail's claim of its window is kept (the longest window is 4 hours). */
const ALERT_MAIL_CLAIM_DAYS = 2;

/** What one table lost in a run. */
export interface TableResult {
  deleted: number;
  /** Delete statements (or, for commands, transactions) run. */
  batches: number;
}

/** What one retention run did: recorded as its job's output and logged. */
export interface RetentionRun {
  /** The run's moment (the clock's), ISO 8601. */
  at: string;
  batchSize: number;
  /** Per table; a kind kept forever (`off`) is not listed. */
  tables: Partial<Record<RetentionTable, TableResult>>;
  /** False when the time budget ran out (or the server closed) with old rows left. */
  complete: boolean;
  durationMs: number;
}

/** One kind of row: deletes a batch older than its cutoff; `rows` decides whether to go on. */
interface Rule {
  table: RetentionTable;
  keepDays: number | null;
  /** Rows past the cutoff may also be kept: null means "keep everything" for now. */
  cutoff?: (ageCutoff: Date) => Promise<Date | null>;
  step(cutoff: Date, limit: number): Promise<{ rows: number; counts: BatchCounts }>;
}

/**
 * Deletes what is past its retention (RetentionSettings) in bounded batches: each statement
 * removes at most `batchSize` rows of one kind, repeated until fewer come back or the run's time
 * budget is spent (the next run goes on). Several servers may run it at once (the job queue runs
 * one at a time anyway): a row is deleted once whoever finds it.
 */
export class Retention {
  /** This server's latest run, or null before its first. */
  lastRun: RetentionRun | null = null;
  private stopped = false;

  constructor(
    private readonly repo: RetentionRepository,
    private readonly clock: Clock,
    private readonly settings: RetentionSettings,
  ) {}

  /** Ends runs after their current batch (the server is closing); the next run goes on. */
  stop(): void {
    this.stopped = true;
  }

  async run(budgetMs = 60_000): Promise<RetentionRun> {
    const started = Date.now();
    const deadline = started + budgetMs;
    const now = this.clock.now();
    const limit = this.settings.batchSize;
    const result: RetentionRun = {
      at: now.toISOString(),
      batchSize: limit,
      tables: {},
      complete: true,
      durationMs: 0,
    };
    for (const rule of this.rules(now)) {
      if (rule.keepDays === null) continue;
      result.tables[rule.table] ??= { deleted: 0, batches: 0 };
      const byAge = new Date(now.getTime() - rule.keepDays * DAY_MS);
      const cutoff = rule.cutoff ? await rule.cutoff(byAge) : byAge;
      if (cutoff === null) continue;
      for (;;) {
        if (this.stopped || Date.now() >= deadline) {
          result.complete = false;
          break;
        }
        const { rows, counts } = await rule.step(cutoff, limit);
        // commands and their steps go in the same batches
        for (const [table, n] of Object.entries(counts) as [RetentionTable, number][]) {
          const tally = (result.tables[table] ??= { deleted: 0, batches: 0 });
          tally.deleted += n;
          tally.batches++;
        }
        if (rows < limit) break;
        // lets the app's other queries in between batches (PGlite is one connection)
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (!result.complete) break;
    }
    result.durationMs = Date.now() - started;
    this.lastRun = result;
    return result;
  }

  private rules(now: Date): Rule[] {
    const s = this.settings;
    const repo = this.repo;
    const only = (table: RetentionTable, rows: number) => ({ rows, counts: { [table]: rows } });
    return [
      {
        table: 'device_readings',
        keepDays: s.readingsDays,
        // never a reading the minute rollup has not read yet (it reads a gap's worth before
        // its window); nothing while the rollup has not started
        cutoff: async (byAge) => {
          const rolled = await repo.minuteRollupDoneUntil();
          if (rolled === null) return null;
          return new Date(Math.min(byAge.getTime(), rolled.getTime() - DEFAULT_MAX_GAP_MS));
        },
        step: async (cutoff, limit) =>
          only('device_readings', await repo.deleteReadings(cutoff, limit)),
      },
      {
        table: 'device_commands',
        keepDays: s.commandsDays,
        step: async (cutoff, limit) => {
          const { commands, steps } = await repo.deleteCommands(cutoff, now, limit);
          return {
            rows: commands,
            counts: { device_commands: commands, device_command_events: steps },
          };
        },
      },
      {
        table: 'sessions',
        keepDays: s.sessionsDays,
        step: async (cutoff, limit) =>
          only('sessions', await repo.deleteEndedSessions(cutoff, limit)),
      },
      {
        table: 'login_failures',
        keepDays: s.loginFailuresDays,
        step: async (cutoff, limit) =>
          only('login_failures', await repo.deleteLoginFailures(cutoff, limit)),
      },
      {
        table: 'outbox',
        keepDays: s.outboxDays,
        step: async (cutoff, limit) =>
          only('outbox', await repo.deleteDeliveredMail(cutoff, limit)),
      },
      {
        table: 'outbox',
        keepDays: s.outboxFailedDays,
        step: async (cutoff, limit) => only('outbox', await repo.deleteFailedMail(cutoff, limit)),
      },
      {
        table: 'alert_mail_log',
        // a claim only keeps its window (4 hours at most) from being mailed twice while the
        // window's job and its retries run; not a setting
        keepDays: ALERT_MAIL_CLAIM_DAYS,
        step: async (cutoff, limit) =>
          only('alert_mail_log', await repo.deleteAlertMailClaims(cutoff, limit)),
      },
    ];
  }
}
