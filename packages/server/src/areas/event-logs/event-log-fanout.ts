import { sql } from 'drizzle-orm';
import type { Database } from '../../infra/db/database';

/** The NOTIFY channel that tells every server which locations have new log entries. */
export const EVENT_LOGS_CHANNEL = 'pd_event_logs';
/** NOTIFY payloads must stay under 8000 bytes: location ids are sent in chunks of this many. */
const SITES_PER_NOTIFY = 100;
/** At most one announcement (and one push per stream) per location this often under a burst. */
export const PUSH_EVERY_MS = 1_000;
/** A first change waits this long, so the writes of one happening go out together. */
const SETTLE_MS = 50;

/**
 * Says that something new was logged at a location: the schedules area calls it after a schedule
 * event, this area after device reports and command steps. Cheap and never throws; announcements
 * are coalesced (docs/api/schedules-events.md).
 */
export interface EventLogNotifier {
  changed(siteId: string): void;
}

type Poke = () => void;

/**
 * Tells the event-log streams of every server that their location has new entries, as the alert
 * fan-out does for users: the server that logged something sends NOTIFY with the location ids;
 * each server LISTENs and pokes its streams of those locations, which push `{siteId, at}` (the
 * console then reloads). Each server announces a location at most once a second (the first change
 * at once, the rest of a burst in one announcement after), and each stream pushes at most once a
 * second, however many servers announce. A poke carries no data, so a lost one costs latency only.
 */
export class EventLogFanout implements EventLogNotifier {
  private readonly streams = new Map<string, Set<Poke>>();
  private stopListening: (() => Promise<void>) | undefined;
  private readonly pendingSites = new Set<string>();
  private readonly pendingDevices = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private lastFlushMs = -Infinity;
  private stopped = false;

  constructor(
    private readonly database: Pick<Database, 'db' | 'listen'>,
    private readonly log: { warn(obj: object, msg: string): void },
    private readonly sitesOfDevices: (devIds: string[]) => Promise<string[]>,
  ) {}

  async start(): Promise<void> {
    this.stopListening ??= await this.database.listen(EVENT_LOGS_CHANNEL, (payload) =>
      this.deliver(payload),
    );
  }

  /** Sends what is pending and stops listening. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flushing;
    await this.flush();
    const stop = this.stopListening;
    this.stopListening = undefined;
    await stop?.();
  }

  changed(siteId: string): void {
    this.pendingSites.add(siteId);
    this.schedule();
  }

  /** Something was logged about these devices (or kids): their locations are looked up. */
  changedDevices(devIds: readonly string[]): void {
    for (const devId of devIds) this.pendingDevices.add(devId);
    this.schedule();
  }

  private schedule(): void {
    if (this.timer || this.flushing || this.stopped) return;
    const wait = Math.max(SETTLE_MS, this.lastFlushMs + PUSH_EVERY_MS - performance.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flushing = this.flush().finally(() => {
        this.flushing = undefined;
        if (this.pendingSites.size > 0 || this.pendingDevices.size > 0) this.schedule();
      });
    }, wait);
    this.timer.unref();
  }

  private async flush(): Promise<void> {
    if (this.pendingSites.size === 0 && this.pendingDevices.size === 0) return;
    this.lastFlushMs = performance.now();
    const sites = new Set(this.pendingSites);
    const devIds = [...this.pendingDevices];
    this.pendingSites.clear();
    this.pendingDevices.clear();
    try {
      if (devIds.length > 0) for (const site of await this.sitesOfDevices(devIds)) sites.add(site);
      const list = [...sites];
      for (let i = 0; i < list.length; i += SITES_PER_NOTIFY) {
        const payload = JSON.stringify(list.slice(i, i + SITES_PER_NOTIFY));
        await this.database.db.execute(sql`select pg_notify(${EVENT_LOGS_CHANNEL}, ${payload})`);
      }
    } catch (err) {
      this.log.warn({ err }, 'announcing new event log entries failed');
    }
  }

  /**
   * Calls `push` when the location may have new entries: at once, or, within a second of the
   * last push, once at the end of that second. Returns the unsubscribe.
   */
  subscribe(siteId: string, push: Poke): () => void {
    let lastPushMs = -Infinity;
    let timer: NodeJS.Timeout | undefined;
    const poke = () => {
      if (timer) return;
      const wait = lastPushMs + PUSH_EVERY_MS - performance.now();
      const run = () => {
        timer = undefined;
        lastPushMs = performance.now();
        push();
      };
      if (wait <= 0) return run();
      timer = setTimeout(run, wait);
      timer.unref();
    };
    let set = this.streams.get(siteId);
    if (!set) {
      set = new Set();
      this.streams.set(siteId, set);
    }
    set.add(poke);
    return () => {
      clearTimeout(timer);
      set.delete(poke);
      if (set.size === 0 && this.streams.get(siteId) === set) this.streams.delete(siteId);
    };
  }

  private deliver(payload: string): void {
    let siteIds: unknown;
    try {
      siteIds = JSON.parse(payload);
    } catch {
      return;
    }
    if (!Array.isArray(siteIds)) return;
    for (const siteId of siteIds) {
      if (typeof siteId !== 'string') continue;
      for (const poke of this.streams.get(siteId) ?? []) poke();
    }
  }
}
