import { type Answer } from '@powerdeck/server';

/** One timed call: when it started (wall clock), how long it took, and how it ended. */
export interface Timed {
  at: number;
  ms: number;
  /** HTTP status, or 0 when no answer came (connection refused or reset, timeout). */
  status: number;
  error?: string;
}

export async function timed<T>(
  call: () => Promise<Answer>,
  keep: (entry: Timed, answer?: Answer) => T,
): Promise<T> {
  const at = Date.now();
  const t0 = performance.now();
  try {
    const answer = await call();
    return keep({ at, ms: performance.now() - t0, status: answer.status }, answer);
  } catch (error) {
    return keep({ at, ms: performance.now() - t0, status: 0, error: String(error) });
  }
}

/**
 * Calls `fire` at `rate` a second without waiting for earlier calls (an open loop, as independent
 * users would), from a 5 ms tick; `stop` ends it and resolves once every call has finished.
 */
export function paced(rate: number, fire: (n: number) => Promise<unknown>) {
  const running = new Set<Promise<unknown>>();
  const start = performance.now();
  let fired = 0;
  const tick = setInterval(() => {
    const due = Math.floor(((performance.now() - start) / 1000) * rate) - fired;
    for (let k = 0; k < due; k++) {
      const call = fire(fired++).catch(() => undefined);
      running.add(call);
      void call.finally(() => running.delete(call));
    }
  }, 5);
  return {
    get fired() {
      return fired;
    },
    async stop() {
      clearInterval(tick);
      await Promise.all([...running]);
    },
  };
}
