/**
 * Whether to log the next occurrence of something about one key (a device's id): the first at
 * once, then at most one per `everyMs`, which says how many it stands for. A device that keeps
 * retrying with credentials the broker refuses (deleted from its location, misconfigured) would
 * otherwise write a warning at every attempt, a fleet of them thousands a minute. At most
 * `maxKeys` keys are remembered; past that the one logged longest ago is forgotten (it is logged
 * again at its next occurrence).
 */
export class LogThrottle {
  private readonly seen = new Map<string, { loggedAt: number; skipped: number }>();

  constructor(
    private readonly everyMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 10_000,
  ) {}

  /** Undefined: leave this one out; else log it, with how many were left out since the last. */
  next(key: string): { skipped: number } | undefined {
    const at = this.now();
    const entry = this.seen.get(key);
    if (entry && at - entry.loggedAt < this.everyMs) {
      entry.skipped++;
      return undefined;
    }
    // re-inserted, so the map stays in the order keys were last logged
    this.seen.delete(key);
    this.seen.set(key, { loggedAt: at, skipped: 0 });
    if (this.seen.size > this.maxKeys) {
      const oldest = this.seen.keys().next();
      if (!oldest.done) this.seen.delete(oldest.value);
    }
    return { skipped: entry?.skipped ?? 0 };
  }
}
