import type { DeviceStatusView, LiveEvent } from '@powerdeck/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../infra/clock';
import {
  type AlertDraft,
  type AutoPingReport,
  autoPingAlert,
  commandFailedAlert,
  networkOutletOffAlert,
  offlineAlert,
  onlineAlert,
  scheduleNotSentAlert,
  statusAlerts,
} from './alert-rules';
import type { StatusReplaced } from '../devices/device-state.repository';
import type { AlertFanout } from './alert-fanout';
import { type AlertsRepository, DEVICE_NAME } from './alerts.repository';

/**
 * Turns the device hub's live events into alerts and announces them to the users' live streams.
 * Offline waits out the location's grace period (a device that drops for a few seconds pages no
 * one): the drop is recorded as pending with its due time, a timer sweeps at that time, and
 * `sweep` raises it if the device is still offline. (The area also sweeps every second, for drops
 * recorded by another server or before a restart.)
 *
 * Events that raise alerts are handled one at a time, in order; consecutive offline (or online)
 * changes are handled as one batch (events that raise nothing come between without ending it), so a
 * fleet of 10,000 dropping or reconnecting costs a few statements, not 30,000.
 */
export class AlertRaiser {
  private queue: Promise<void> = Promise.resolve();
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Users with alerts raised but not yet announced: a burst is announced in one NOTIFY. */
  private readonly unannounced = new Set<string>();
  private announceTimer: NodeJS.Timeout | undefined;
  /** The connection batch still taking devices (until another event or the batch starts). */
  private openBatch: ConnectionBatch | undefined;
  /** The status each device last reported to this server (when statuses come from its events). */
  private readonly lastStatus = new Map<string, DeviceStatusView>();

  /**
   * `statusFrom`: 'events' compares each status event with the device's previous one on this
   * server (one server sees every report); 'database' takes the changes the state writer found
   * against the stored status (several servers share the reports: see onStatusesReplaced).
   */
  constructor(
    private readonly repo: AlertsRepository,
    private readonly clock: Clock,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    private readonly fanout?: Pick<AlertFanout, 'publish'>,
    private readonly statusFrom: 'events' | 'database' = 'events',
    /** Queues the e-mails of alerts just raised (alert-mail.ts). */
    private readonly mail?: { queueFor(alertIds: readonly number[]): Promise<void> },
  ) {}

  /** Handles one hub event in order; never throws (alerting must not disturb the hub). */
  onDeviceEvent(event: LiveEvent): void {
    if (event.type === 'device' && (event.change === 'offline' || event.change === 'online')) {
      const devId = event.kidId ?? event.devId;
      if (this.openBatch?.change === event.change) {
        this.openBatch.devIds.add(devId);
        return;
      }
      const batch: ConnectionBatch = { change: event.change, devIds: new Set([devId]) };
      this.enqueue(() => {
        if (this.openBatch === batch) this.openBatch = undefined;
        return batch.change === 'offline'
          ? this.wentOffline([...batch.devIds])
          : this.cameOnline([...batch.devIds]);
      });
      this.openBatch = batch;
      return;
    }
    const raising = this.raisingOf(event);
    if (raising) this.enqueue(raising);
  }

  /**
   * The work of an event that raises an alert, or undefined: only such events take a turn in the
   * queue. Any other (a contact, a device's info, a command under way, a status that changes
   * nothing alerted) would end the connection batch under way for nothing: a reconnecting fleet
   * sends each device's contact and status between its online changes, which made each device a
   * batch of its own, and at 50,000 devices kept ~80,000 tasks waiting. So a status is compared
   * with the device's previous one as it arrives (statuses pass here in order, and only here).
   */
  private raisingOf(event: LiveEvent): (() => Promise<void>) | undefined {
    if (event.type === 'status') {
      // statuses compared in the database come through onStatusesReplaced
      if (this.statusFrom !== 'events') return undefined;
      const devId = event.kidId ?? event.devId;
      const before = this.lastStatus.get(devId);
      this.lastStatus.set(devId, event.status);
      const drafts = (name: string) => statusAlerts(name, before, event.status);
      return drafts(DEVICE_NAME).length > 0 ? () => this.raiseMany(devId, drafts) : undefined;
    }
    if (event.type === 'command' && (event.state === 'failed' || event.state === 'expired')) {
      const { svc, error, state } = event;
      const devId = event.kidId ?? event.devId;
      return () => this.raise(devId, (name) => commandFailedAlert(name, svc, error ?? state));
    }
    return undefined;
  }

  /**
   * Raises the alerts of statuses as they were written (statusFrom 'database'): each new status
   * is compared with the one it replaced in the database, so when several servers share a
   * device's reports (shared subscriptions spread them, a watching server gets them all) a change
   * is alerted once, by the server whose write made it.
   */
  onStatusesReplaced(replaced: readonly StatusReplaced[]): void {
    this.enqueue(async () => {
      for (const { devId, before, after } of replaced) {
        const was = asStatus(before);
        const now = asStatus(after);
        if (was && now) await this.raiseMany(devId, (name) => statusAlerts(name, was, now));
      }
    });
  }

  /**
   * Raises the `network` alerts of auto-ping reports as the event log kept them (`ping` fail,
   * `autoReboot` cycled or capReached): the log keeps a report once however many servers heard
   * it, so it is alerted once.
   */
  onAutoPingLogged(reports: readonly (AutoPingReport & { devId: string })[]): void {
    const relevant = reports.filter((r) => autoPingAlert('', r) !== undefined);
    if (relevant.length === 0) return;
    this.enqueue(async () => {
      for (const report of relevant) {
        const outletName =
          report.type === 'autoReboot' && report.outlet !== null
            ? await this.repo.outletName(report.devId, report.outlet)
            : null;
        await this.raiseMany(report.devId, (name) => {
          const draft = autoPingAlert(name, report, outletName);
          return draft ? [draft] : [];
        });
      }
    });
  }

  /** A confirmed switch-off of an outlet feeding the site's network went out (issue 15). */
  networkOutletOff(devId: string, otlt: number): void {
    this.enqueue(() => this.raise(devId, (name) => networkOutletOffAlert(name, otlt)));
  }

  /**
   * A schedule sent nothing to these devices when it was due (refused, not sent, or missed while
   * no server ran): one `command` alert per device, with the first reason.
   */
  scheduleNotSent(schedule: string, targets: readonly { devId: string; reason: string }[]): void {
    const reasons = new Map<string, string>();
    for (const { devId, reason } of targets) if (!reasons.has(devId)) reasons.set(devId, reason);
    if (reasons.size === 0) return;
    this.enqueue(async () => {
      for (const [devId, reason] of reasons) {
        await this.raise(devId, (name) => scheduleNotSentAlert(name, schedule, reason));
      }
    });
  }

  /** Announces alerts raised elsewhere (a location's energy budget) to the users' live streams. */
  announceTo(userIds: readonly string[]): void {
    for (const userId of userIds) this.unannounced.add(userId);
    if (userIds.length > 0) {
      this.announceTimer ??= setTimeout(() => void this.announce(), ANNOUNCE_WITHIN_MS);
      this.announceTimer.unref();
    }
  }

  private enqueue(task: () => Promise<void>): void {
    this.openBatch = undefined;
    this.queue = this.queue.then(task).catch((err: unknown) => {
      this.log.warn({ err }, 'alert raising failed');
    });
  }

  /** Resolves when every event handed in so far is handled and announced (tests, shutdown). */
  idle(): Promise<void> {
    return this.queue.then(() => this.announce());
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
    this.openBatch = undefined;
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
    const stillOffline = await this.repo.offlineAmong(due);
    for (const devId of stillOffline) await this.raise(devId, offlineAlert);
    return stillOffline.length;
  }

  private async wentOffline(devIds: string[]): Promise<void> {
    const dueTimes = await this.repo.addPendingOffline(devIds, this.clock.now());
    for (const dueAt of dueTimes) this.sweepAt(dueAt);
  }

  /** "Back online" only for a device whose offline alert was raised (not one back in time). */
  private async cameOnline(devIds: string[]): Promise<void> {
    const cancelled = new Set(await this.repo.cancelPendingOffline(devIds));
    const alerted = await this.repo.lastAlertedOffline(devIds.filter((d) => !cancelled.has(d)));
    for (const devId of alerted) await this.raise(devId, onlineAlert);
  }

  private raise(devId: string, draft: (name: string) => AlertDraft): Promise<void> {
    return this.raiseMany(devId, (name) => [draft(name)]);
  }

  private async raiseMany(devId: string, drafts: (name: string) => AlertDraft[]): Promise<void> {
    // Nearly every status report raises nothing: decide that before touching the database.
    const raised = drafts(DEVICE_NAME);
    if (raised.length === 0) return;
    const alerts = await this.repo.raise(devId, raised, this.clock.now());
    this.announceTo(alerts.map((a) => a.userId));
    if (alerts.length === 0 || !this.mail) return;
    try {
      await this.mail.queueFor(alerts.map((a) => a.id));
    } catch (err) {
      this.log.warn({ err, devId }, 'queueing alert e-mails failed');
    }
  }

  private async announce(): Promise<void> {
    clearTimeout(this.announceTimer);
    this.announceTimer = undefined;
    if (this.unannounced.size === 0) return;
    const userIds = [...this.unannounced];
    this.unannounced.clear();
    try {
      await this.fanout?.publish(userIds);
    } catch (err) {
      this.log.warn({ err }, 'announcing new alerts failed');
    }
  }
}

/** A stored status the alert rules can read (anything else raises nothing). */
function asStatus(value: Record<string, unknown>): DeviceStatusView | undefined {
  return Array.isArray(value.otlts) ? (value as unknown as DeviceStatusView) : undefined;
}

/** How long a new alert may wait to be announced with others raised in the same burst. */
const ANNOUNCE_WITHIN_MS = 50;

interface ConnectionBatch {
  change: 'offline' | 'online';
  devIds: Set<string>;
}
