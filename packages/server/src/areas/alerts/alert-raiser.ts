import type { DeviceStatusView, LiveEvent } from '@powerdeck/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../infra/clock';
import {
  type AlertDraft,
  commandFailedAlert,
  offlineAlert,
  onlineAlert,
  statusAlerts,
} from './alert-rules';
import type { AlertFanout } from './alert-fanout';
import type { AlertsRepository } from './alerts.repository';

/**
 * Turns the device hub's live events into alerts and announces them to the users' live streams.
 * Offline waits out the location's grace period (a device that drops for a few seconds pages no
 * one): the drop is recorded as pending with its due time, a timer sweeps at that time, and
 * `sweep` raises it if the device is still offline. (The area also sweeps every second, for drops
 * recorded by another server or before a restart.)
 */
export class AlertRaiser {
  private readonly lastStatus = new Map<string, DeviceStatusView>();
  private queue: Promise<void> = Promise.resolve();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly repo: AlertsRepository,
    private readonly clock: Clock,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    private readonly fanout?: Pick<AlertFanout, 'publish'>,
  ) {}

  /** Handles one hub event in order; never throws (alerting must not disturb the hub). */
  onDeviceEvent(event: LiveEvent): void {
    this.queue = this.queue
      .then(() => this.handle(event))
      .catch((err: unknown) => {
        this.log.warn({ err }, 'alert raising failed');
      });
  }

  /** Resolves when every event handed in so far is handled (tests, shutdown). */
  idle(): Promise<void> {
    return this.queue;
  }

  /** Cancels the timers of pending offline alerts (the app is closing). */
  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  /**
   * Raises the offline alerts whose grace period has passed, after the events handed in so far;
   * returns how many devices. A failure is logged and rejects the returned promise only.
   */
  sweep(): Promise<number> {
    const run = this.queue.then(() => this.sweepDue());
    this.queue = run.then(
      () => undefined,
      (err: unknown) => this.log.warn({ err }, 'offline alert sweep failed'),
    );
    return run;
  }

  private sweepAt(dueAt: Date): void {
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        this.sweep().catch(() => undefined);
      },
      Math.max(0, dueAt.getTime() - this.clock.now().getTime()),
    );
    timer.unref();
    this.timers.add(timer);
  }

  private async sweepDue(): Promise<number> {
    const due = await this.repo.claimDueOffline(this.clock.now());
    let raised = 0;
    for (const devId of due) {
      if (await this.repo.isOnline(devId)) continue;
      await this.raise(devId, offlineAlert);
      raised++;
    }
    return raised;
  }

  private async handle(event: LiveEvent): Promise<void> {
    if (event.type === 'resync') return;
    const devId = event.kidId ?? event.devId;
    if (event.type === 'device' && event.change === 'offline') {
      const device = await this.repo.device(devId);
      const now = this.clock.now();
      const grace = await this.repo.graceSeconds(device?.siteId ?? null);
      const dueAt = new Date(now.getTime() + grace * 1000);
      await this.repo.addPendingOffline(devId, now, dueAt);
      this.sweepAt(dueAt);
    } else if (event.type === 'device' && event.change === 'online') {
      const cancelled = await this.repo.cancelPendingOffline(devId);
      if (!cancelled && (await this.repo.lastConnectionAlert(devId)) === 'offline') {
        await this.raise(devId, onlineAlert);
      }
    } else if (event.type === 'status') {
      const before = this.lastStatus.get(devId);
      this.lastStatus.set(devId, event.status);
      if (before) await this.raiseMany(devId, (name) => statusAlerts(name, before, event.status));
    } else if (
      event.type === 'command' &&
      (event.state === 'failed' || event.state === 'expired')
    ) {
      await this.raise(devId, (name) =>
        commandFailedAlert(name, event.svc, event.error ?? event.state),
      );
    }
  }

  private raise(devId: string, draft: (name: string) => AlertDraft): Promise<void> {
    return this.raiseMany(devId, (name) => [draft(name)]);
  }

  private async raiseMany(devId: string, drafts: (name: string) => AlertDraft[]): Promise<void> {
    // Nearly every status report raises nothing: decide that before touching the database.
    if (drafts(devId).length === 0) return;
    const device = await this.repo.device(devId);
    if (!device) return;
    const now = this.clock.now();
    const userIds: string[] = [];
    for (const draft of drafts(device.devName || device.devId))
      userIds.push(...(await this.repo.raise(device, draft, now)));
    if (userIds.length > 0) await this.fanout?.publish(userIds);
  }
}
