import type { FastifyBaseLogger } from 'fastify';
import type {
  ConnectionWrite,
  DeviceEventWrite,
  DeviceEventsRepository,
  LoggedEvent,
} from './device-events.repository';
import { inParts } from '../../infra/db/rows';
import { PeriodicFlush, ROWS_PER_STATEMENT } from '../../infra/periodic-flush';

export interface DeviceEventWriterOptions {
  /** How often pending reports are written (default 100 ms). */
  flushMs?: number;
  /** Reports kept while the database fails; the oldest go beyond it (default 100,000). */
  maxPending?: number;
  /** Online/offline changes written by one statement at most (default ROWS_PER_STATEMENT). */
  connectionsPerStatement?: number;
}

export interface DeviceEventWriterStats {
  received: number;
  statements: number;
  failures: number;
  dropped: number;
}

/**
 * Writes what devices report to the log in batches, as the StateWriter writes their state: a
 * burst of 10,000 devices costs a few statements, not 10,000 round trips (online/offline changes
 * at most ROWS_PER_STATEMENT a statement, so none holds the database long). The next flush
 * waits at least as long as the last one took. A failed flush keeps its reports for the next
 * one. After each flush `written` hears which locations got new entries (the live push).
 */
export class DeviceEventWriter {
  private events: DeviceEventWrite[] = [];
  /** Resolves the promise `event` gave for the event at the same index of `events`. */
  private eventsWritten: Array<() => void> = [];
  private connections: ConnectionWrite[] = [];
  private readonly loop: PeriodicFlush;
  private readonly loggedListeners = new Set<(events: readonly LoggedEvent[]) => void>();
  private readonly maxPending: number;
  private readonly connectionsPerStatement: number;
  readonly stats: DeviceEventWriterStats = {
    received: 0,
    statements: 0,
    failures: 0,
    dropped: 0,
  };

  constructor(
    private readonly repo: Pick<DeviceEventsRepository, 'insertEvents' | 'insertConnections'>,
    private readonly log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
    private readonly written: (siteIds: string[]) => void,
    options: DeviceEventWriterOptions = {},
  ) {
    this.loop = new PeriodicFlush(
      () => this.write(),
      () => this.events.length > 0 || this.connections.length > 0,
      options.flushMs ?? 100,
    );
    this.maxPending = options.maxPending ?? 100_000;
    this.connectionsPerStatement = options.connectionsPerStatement ?? ROWS_PER_STATEMENT;
  }

  start(): void {
    this.loop.start();
  }

  /**
   * Every report the log kept, after each flush (a repeat another server kept first is not
   * among them): what is raised from a report is raised once (the network alerts).
   */
  onLogged(listener: (events: readonly LoggedEvent[]) => void): () => void {
    this.loggedListeners.add(listener);
    return () => this.loggedListeners.delete(listener);
  }

  /** Queues an event; the promise resolves once a flush has written it (or it was dropped). */
  event(write: DeviceEventWrite): Promise<void> {
    this.stats.received++;
    const written = new Promise<void>((resolve) => {
      this.events.push(write);
      this.eventsWritten.push(resolve);
    });
    this.trim();
    return written;
  }

  connection(write: ConnectionWrite): void {
    this.stats.received++;
    this.connections.push(write);
    this.trim();
  }

  private trim(): void {
    const over = this.events.length + this.connections.length - this.maxPending;
    if (over <= 0) return;
    // the database has been failing for a while: keep the newest
    const fromEvents = Math.min(over, this.events.length);
    this.events.splice(0, fromEvents);
    for (const dropped of this.eventsWritten.splice(0, fromEvents)) dropped();
    this.connections.splice(0, over - fromEvents);
    if (this.stats.dropped === 0) this.log.warn({ over }, 'device event log behind; dropping');
    this.stats.dropped += over;
  }

  /** Writes everything queued so far (waits for a flush already running first). */
  flush(): Promise<void> {
    return this.loop.flush();
  }

  private async write(): Promise<void> {
    const events = this.events;
    const eventsWritten = this.eventsWritten;
    const connections = this.connections;
    this.events = [];
    this.eventsWritten = [];
    this.connections = [];
    const sites = new Set<string>();
    let doneEvents = false;
    let roundsDone = 0;
    const rounds = inRounds(connections).flatMap((round) =>
      inParts(round, this.connectionsPerStatement),
    );
    try {
      const logged = await this.repo.insertEvents(unique(events));
      for (const event of logged) sites.add(event.siteId);
      this.stats.statements++;
      doneEvents = true;
      for (const written of eventsWritten) written();
      if (logged.length > 0) this.tellLogged(logged);
      for (const round of rounds) {
        for (const site of await this.repo.insertConnections(round)) sites.add(site);
        this.stats.statements++;
        roundsDone++;
      }
    } catch (error) {
      this.stats.failures++;
      this.log.error({ err: error }, 'device event log flush failed; will retry');
      if (!doneEvents) {
        this.events.unshift(...events);
        this.eventsWritten.unshift(...eventsWritten);
      }
      this.connections.unshift(...rounds.slice(roundsDone).flat());
    }
    if (sites.size > 0) this.written([...sites]);
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  private tellLogged(logged: readonly LoggedEvent[]): void {
    for (const listener of this.loggedListeners) {
      try {
        listener(logged);
      } catch (error) {
        this.log.error({ err: error }, 'a listener of logged device events failed');
      }
    }
  }
}

/** A report heard twice in one batch is written once. */
function unique(events: readonly DeviceEventWrite[]): DeviceEventWrite[] {
  const seen = new Set<string>();
  return events.filter((e) => {
    if (e.deviceTime === null) return true;
    const key = JSON.stringify([
      e.devId,
      e.type,
      e.outlet,
      e.target ?? null,
      e.value,
      e.deviceTime.getTime(),
    ]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Online/offline messages in order, at most one per device per round: each round is compared
 * with what the rounds before it wrote (a drop and a return within one flush are two entries).
 */
function inRounds(connections: readonly ConnectionWrite[]): ConnectionWrite[][] {
  const rounds: ConnectionWrite[][] = [];
  const count = new Map<string, number>();
  for (const c of connections) {
    const n = count.get(c.devId) ?? 0;
    count.set(c.devId, n + 1);
    (rounds[n] ??= []).push(c);
  }
  return rounds;
}
