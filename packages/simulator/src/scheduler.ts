/** A pending callback that can be called off. */
export interface Timer {
  cancel(): void;
}

/**
 * The only source of time for models and devices, so tests can drive them without real timers.
 * `now` is Unix milliseconds.
 */
export interface Scheduler {
  now(): number;
  after(delayMs: number, run: () => void): Timer;
}

/** Wall clock and Node timers. */
export const realScheduler: Scheduler = {
  now: () => Date.now(),
  after(delayMs, run) {
    const handle = setTimeout(run, Math.max(0, delayMs));
    return { cancel: () => clearTimeout(handle) };
  },
};

interface Pending {
  at: number;
  seq: number;
  run: () => void;
  cancelled: boolean;
}

/** A clock that only moves when a test says so; due callbacks run in time order. */
export class ManualScheduler implements Scheduler {
  private current: number;
  private seq = 0;
  private queue: Pending[] = [];

  constructor(startMs = Date.UTC(2025, 0, 1)) {
    this.current = startMs;
  }

  now(): number {
    return this.current;
  }

  after(delayMs: number, run: () => void): Timer {
    const item: Pending = {
      at: this.current + Math.max(0, delayMs),
      seq: this.seq++,
      run,
      cancelled: false,
    };
    this.queue.push(item);
    return {
      cancel: () => {
        item.cancelled = true;
      },
    };
  }

  /**
   * Moves the clock forward, running every callback that falls due on the way. After each one it
   * lets pending promise continuations run, so a flow written with `await` schedules its next
   * step before the clock moves on.
   */
  async advance(ms: number): Promise<void> {
    const target = this.current + ms;
    for (;;) {
      this.queue = this.queue.filter((p) => !p.cancelled);
      let next: Pending | undefined;
      for (const p of this.queue) {
        if (p.at <= target && (!next || p.at < next.at || (p.at === next.at && p.seq < next.seq))) {
          next = p;
        }
      }
      if (!next) break;
      this.queue.splice(this.queue.indexOf(next), 1);
      this.current = Math.max(this.current, next.at);
      next.run();
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    this.current = target;
  }

  /** Callbacks still waiting. */
  pending(): number {
    return this.queue.filter((p) => !p.cancelled).length;
  }
}
