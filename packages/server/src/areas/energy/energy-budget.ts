import { ALERT_TYPE, type BudgetThreshold, budgetThresholdsCrossed } from '@powerdeck/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../infra/clock';
import type { JobQueue } from '../../infra/jobs/job-queue';
import type { AlertsRepository } from '../alerts/alerts.repository';
import type { EnergyRepository } from './energy.repository';
import type { EnergyService } from './energy.service';

/** The durable queue of the periodic budget check (one waiting job: singletonKey). */
const BUDGET_QUEUE = 'energy-budget-check';
const TICK_KEY = 'tick';
/** How often every location with a budget is checked (besides right after a budget is saved). */
const CHECK_EVERY_MS = 15 * 60_000;

const THRESHOLD_PERCENT: Record<BudgetThreshold, number> = { forecast80: 80, actual100: 100 };

const money = (value: number) =>
  `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The message of a budget alert, with the numbers. */
function budgetAlertMessage(
  threshold: BudgetThreshold,
  name: string,
  figures: { costToDate: number; forecastCost: number; budget: number },
): string {
  const { costToDate, forecastCost, budget } = figures;
  return threshold === 'forecast80'
    ? `${name} is forecast to use ${money(forecastCost)} this month, ` +
        `${String(Math.round((forecastCost / budget) * 100))}% of its ${money(budget)} budget.`
    : `${name} has used ${money(costToDate)} this month, over its ${money(budget)} budget.`;
}

/**
 * Budget alerts (issue 16): when a location's forecast for the month reaches 80 % of its monthly
 * budget and when its cost to date reaches 100 %, every user with a level there who has not muted
 * the location gets an `energy` alert, once per threshold per month (energy_budget_alerts, in the
 * same transaction as the alert). Checked by a periodic durable job and right after a budget is
 * saved.
 */
export class BudgetAlerts {
  constructor(
    private readonly deps: {
      repo: EnergyRepository;
      alerts: AlertsRepository;
      energy: EnergyService;
      clock: Clock;
      jobs: JobQueue;
      /** Tells the users' live streams about new alerts. */
      announce: (userIds: string[]) => void;
      log: Pick<FastifyBaseLogger, 'warn'>;
    },
  ) {}

  /** Raises a location's budget alerts not yet raised this month; returns the thresholds raised. */
  async check(siteId: string): Promise<BudgetThreshold[]> {
    const { repo, energy, clock } = this.deps;
    const site = await repo.site(siteId);
    if (!site || !(site.monthlyBudget > 0)) return [];
    const month = await energy.locationMonth(site);
    const raised: BudgetThreshold[] = [];
    for (const threshold of budgetThresholdsCrossed(month)) {
      const msg = budgetAlertMessage(threshold, site.name, {
        costToDate: month.costToDate ?? 0,
        forecastCost: month.forecastCost ?? 0,
        budget: site.monthlyBudget,
      });
      const at = clock.now();
      const userIds = await repo.transaction(async (tx) => {
        const first = await repo.markBudgetAlert(
          tx,
          siteId,
          month.month,
          THRESHOLD_PERCENT[threshold],
          at,
        );
        if (!first) return undefined;
        return this.deps.alerts.raiseAtLocation(
          siteId,
          [{ kind: 'energy', type: ALERT_TYPE, msg }],
          at,
          tx,
        );
      });
      if (userIds === undefined) continue;
      raised.push(threshold);
      this.deps.announce(userIds);
    }
    return raised;
  }

  /** Checks a location after its budget or rates were saved; failures are logged only. */
  checkSoon(siteId: string): Promise<void> {
    return this.check(siteId).then(
      () => undefined,
      (err: unknown) => this.deps.log.warn({ err, siteId }, 'energy budget check failed'),
    );
  }

  /** Creates the queue and its worker, and makes sure a check is waiting. */
  async start(): Promise<void> {
    const { jobs } = this.deps;
    await jobs.createQueue(BUDGET_QUEUE, { policy: 'short' });
    jobs.work<{ tick: true }>(BUDGET_QUEUE, {}, async () => {
      // the next check first: a failure below still leaves one waiting
      await this.schedule(CHECK_EVERY_MS);
      await this.checkAll();
    });
    await this.schedule(0);
  }

  /** Every location with a budget (the periodic job). */
  async checkAll(): Promise<void> {
    for (const siteId of await this.deps.repo.sitesWithBudget()) await this.checkSoon(siteId);
  }

  private async schedule(afterMs: number): Promise<void> {
    await this.deps.jobs.send(
      BUDGET_QUEUE,
      { tick: true },
      {
        singletonKey: TICK_KEY,
        startAfter: new Date(Date.now() + afterMs),
        retryLimit: 0,
      },
    );
  }
}
