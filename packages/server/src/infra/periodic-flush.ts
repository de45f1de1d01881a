/**
 * Rows a batching writer puts in one statement at most: on PGlite 100 devices take 7-10 ms, and a
 * device costs the same in a statement of 2,000 (docs/operations.md, "The embedded database's
 * longest statements"), so other queries wait for at most one such statement.
 */
export const ROWS_PER_STATEMENT = 100;

/**
 * The write loop of a batching writer: while started, writes what is queued every `everyMs` (back
 * to back when a write takes longer than that), never two writes at once. `flush` writes what is
 * queued now (after a write already running); `stop` ends the loop and writes what is left.
 */
export class PeriodicFlush {
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  private running: Promise<void> | undefined;

  constructor(
    private readonly write: () => Promise<void>,
    private readonly hasWork: () => boolean,
    private readonly everyMs: number,
  ) {}

  start(): void {
    if (this.started) return;
    this.started = true;
    this.schedule(this.everyMs);
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => {
      const began = performance.now();
      void this.flush().finally(() => {
        if (this.started) this.schedule(Math.max(this.everyMs, performance.now() - began));
      });
    }, delayMs);
    this.timer.unref();
  }

  async flush(): Promise<void> {
    while (this.running) await this.running;
    if (!this.hasWork()) return;
    this.running = this.write().finally(() => (this.running = undefined));
    await this.running;
  }

  async stop(): Promise<void> {
    this.started = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}
