import http from 'node:http';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One request on a connection of its own, so that a round-robin proxy in front of several servers
 * routes each one anew (several-servers.int.test.ts, the fault drill).
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
    req.on('timeout', () => req.destroy(new Error(`no answer from ${url} in ${timeoutMs} ms`)));
    req.on('error', fail);
    req.end(body);
  });
}

/** The session cookie a sign-in answer sets, as a Cookie header. */
export const cookieOf = (answer: Answer) =>
  (answer.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
