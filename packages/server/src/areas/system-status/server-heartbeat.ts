import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Clock } from '../../infra/clock';
import { SERVER_VERSION } from '../../infra/server-version';
import type { Counters, SystemStatusRepository } from './system-status.repository';

/** Samples and heartbeats older than this are deleted (the sparklines need 15 minutes). */
export const KEEP_MS = 60 * 60 * 1000;

type Log = { warn(obj: object, message: string): void };

/**
 * This server's row of System Status: its heartbeat with its running totals, written when it
 * starts and then every `everyMs` until stopped. A failed write is logged and tried again at the
 * next beat (the page then shows this server as gone after 30 s, which is the truth it can tell).
 */
export class ServerHeartbeat {
  readonly serverId = randomUUID();
  private timer: NodeJS.Timeout | undefined;
  private startedAt: Date | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly repo: SystemStatusRepository,
    private readonly clock: Clock,
    private readonly counters: () => Counters,
    private readonly log: Log,
    private readonly everyMs: number,
  ) {}

  start(): Promise<void> {
    this.startedAt ??= this.clock.now();
    this.timer ??= setInterval(() => void this.beat(), this.everyMs).unref();
    return this.beat();
  }

  /** One heartbeat now (and the pruning of what is older than an hour); never throws. */
  beat(): Promise<void> {
    // one at a time: a slow database does not pile beats up
    this.running ??= this.write()
      .catch((error: unknown) => this.log.warn({ err: error }, 'server heartbeat not written'))
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async write(): Promise<void> {
    const at = this.clock.now();
    const server = {
      serverId: this.serverId,
      host: hostname(),
      version: SERVER_VERSION,
      startedAt: this.startedAt ?? at,
    };
    await this.repo.beat(server, at, this.counters());
    await this.repo.prune(new Date(at.getTime() - KEEP_MS));
  }
}
