import http from 'node:http';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One request on a connection of its own (as packages/server/src/several-servers.int.test.ts
 * sends them), so that the round-robin proxy routes each one anew.
 */
export function request(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    json?: unknown;
    form?: Record<string, string>;
    timeoutMs?: number;
  } = {},
): Promise<Answer> {
  const body =
    options.json !== undefined
      ? JSON.stringify(options.json)
      : options.form
        ? new URLSearchParams(options.form).toString()
        : undefined;
  const type =
    options.json !== undefined
      ? 'application/json'
      : options.form
        ? 'application/x-www-form-urlencoded'
        : undefined;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return new Promise((done, fail) => {
    const req = http.request(
      url,
      {
        method: options.method ?? 'GET',
        agent: false,
        timeout: timeoutMs,
        headers: { ...options.headers, ...(type ? { 'content-type': type } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          done({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        );
        res.on('error', fail);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    req.on('error', fail);
    req.end(body);
  });
}

/** The session cookie a sign-in answer sets, as a Cookie header. */
export const cookieOf = (answer: Answer) =>
  (answer.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');

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
