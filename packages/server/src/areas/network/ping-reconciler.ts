import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../infra/clock';

/** A device is sent its configuration again at most this often. */
export const RESEND_EVERY_MS = 10_000;

/** How a send went: the device took it (done), it did not (failed, expired), or it never left. */
export type DeliveryOutcome = 'done' | 'failed' | 'refused';

export interface PingReconcilerDeps {
  /** Every configured device's desired version (reloaded by `refresh`). */
  loadDesired(): Promise<Map<string, number>>;
  /**
   * Sends the device its stored configuration (the newest version) as a `pingConfig` command;
   * resolves once the command is final (or was refused).
   */
  deliver(devId: string): Promise<DeliveryOutcome>;
  /**
   * The device runs version `reported`, newer than the console's: store the console's targets
   * as a version above it (so the device takes them); the new version, or undefined.
   */
  bump(devId: string, reported: number): Promise<number | undefined>;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn'>;
  resendEveryMs?: number;
}

/**
 * Keeps every device on the console's auto-ping configuration, driven by the devices' status
 * reports: a device whose `status.ping.version` is older than the desired version (it was offline
 * when the configuration was saved, the command was lost, it restarted without it) is sent it
 * again at most every 10 s (a send still unanswered by then does not hold the next one back: the
 * device may have reconnected and never received it). A save sends at once (`saved`).
 *
 * With several servers each report reaches one of them: that one re-sends. Desired versions are
 * reloaded from the database every few seconds (`refresh`), so a save on another server is seen.
 */
export class PingReconciler {
  private desired = new Map<string, number>();
  private readonly lastSentMs = new Map<string, number>();
  /** Reports held back by the gap, looked at again when it is over. */
  private readonly retries = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<Promise<unknown>>();
  private readonly resendEveryMs: number;

  constructor(private readonly deps: PingReconcilerDeps) {
    this.resendEveryMs = deps.resendEveryMs ?? RESEND_EVERY_MS;
  }

  /** Reloads the desired versions from the database. */
  async refresh(): Promise<void> {
    const loaded = await this.deps.loadDesired();
    // a save on this server since the load started is not undone
    for (const [devId, version] of this.desired) {
      if ((loaded.get(devId) ?? 0) < version) loaded.set(devId, version);
    }
    this.desired = loaded;
  }

  desiredVersion(devId: string): number | undefined {
    return this.desired.get(devId);
  }

  /** A user saved version `version` of the device's targets: send it now. */
  saved(devId: string, version: number): void {
    if ((this.desired.get(devId) ?? 0) < version) this.desired.set(devId, version);
    this.send(devId);
  }

  /** A status report of a device reached directly (kids do not run auto-ping). */
  onStatus(devId: string, reported: number): void {
    const desired = this.desired.get(devId);
    if (desired === undefined || reported === desired) return;
    const last = this.lastSentMs.get(devId);
    const now = this.deps.clock.now().getTime();
    // A send under way holds the next one back for the gap only: a device that reconnected since
    // (clean session) never receives it, and waiting out its expiry would leave it unconfigured.
    // A second send of a version the device already runs is acknowledged and changes nothing.
    if (last !== undefined && now - last < this.resendEveryMs) {
      // a device reports again only every half minute: look once more when the gap is over
      this.lookAgain(devId, reported, last + this.resendEveryMs - now);
      return;
    }
    if (reported < desired) {
      this.send(devId);
      return;
    }
    // the device runs a version the console never made: make ours newer, then send it
    this.lastSentMs.set(devId, now);
    this.track(
      this.deps.bump(devId, reported).then((version) => {
        if (version === undefined) return;
        this.desired.set(devId, version);
        this.send(devId);
      }),
    );
  }

  private lookAgain(devId: string, reported: number, afterMs: number): void {
    if (this.retries.has(devId)) return;
    const timer = setTimeout(() => {
      this.retries.delete(devId);
      this.onStatus(devId, reported);
    }, afterMs);
    timer.unref();
    this.retries.set(devId, timer);
  }

  /** Resolves when every send started so far is final (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  private send(devId: string): void {
    const sentMs = this.deps.clock.now().getTime();
    this.lastSentMs.set(devId, sentMs);
    this.track(
      this.deps.deliver(devId).then((outcome) => {
        // nothing left the server (the device was inactive): its next report may try again, even
        // with an older send still unanswered (sent to the device's previous connection, it may
        // never be). A send started since keeps its gap.
        if (outcome === 'refused' && this.lastSentMs.get(devId) === sentMs) {
          this.lastSentMs.delete(devId);
        }
      }),
    );
  }

  private track(work: Promise<unknown>): void {
    const tracked = work.catch((err: unknown) => {
      this.deps.log.warn({ err }, 'ping configuration delivery failed');
    });
    this.running.add(tracked);
    void tracked.finally(() => this.running.delete(tracked));
  }
}
