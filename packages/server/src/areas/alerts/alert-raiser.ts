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
import type { AlertsRepository } from './alerts.repository';

/**
 * Turns the device hub's live events into alerts. Offline waits out the location's grace period
 * (a device that drops for a few seconds pages no one): the drop is recorded as pending and
 * `sweep` raises it when it is due and the device is still offline.
 */
export class AlertRaiser {
  private readonly lastStatus = new Map<string, DeviceStatusView>();
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly repo: AlertsRepository,
    private readonly clock: Clock,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
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

  /** Raises the offline alerts whose grace period has passed; returns how many devices. */
  async sweep(): Promise<number> {
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
      await this.repo.addPendingOffline(devId, now, new Date(now.getTime() + grace * 1000));
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
    for (const draft of drafts(device.devName || device.devId))
      await this.repo.raise(device, draft, now);
  }
}
