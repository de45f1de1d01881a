import {
  type CallDef,
  LOCATIONS_PAGE_SIZE,
  type SearchQuery,
  type SitesPage,
  callPath,
  callTable,
} from '@powerdeck/domain';
import autocannon from 'autocannon';
import { type ChildProcess, fork } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BenchModule, type BenchResult, ms, percentile } from './bench';
import { childMessage } from './support/child-message';
import type { HttpServerReady } from './support/http-server-process';
import {
  BENCH_PASSWORD,
  BENCH_USER,
  type LargeDatasetSize,
  describeSize,
  openLargeDataset,
  searchKeywords,
} from './support/large-dataset';

/**
 * HTTP load on the calls of the locations screen (issue 17 item 4): a page of the locations list
 * (`locations svc=getSitesData`, the table view's 18 a page) and the header search
 * (`searchManagement`, req=search and req=autosuggest), for the STANDARD user with 2,000 locations
 * of the large dataset (support/large-dataset.ts: 20,000 locations, 1,000,000 outlets on
 * PostgreSQL). Targets: p99 <= 10 ms for a page, <= 20 ms for search.
 *
 * The server runs in a child process (support/http-server-process.ts: the app as `main.ts` builds
 * it, LOG_LEVEL info with its request log written to a file), so the load generator (autocannon,
 * in this process) does not share its event loop. The user signs in over HTTP like the web app
 * (auth svc=login, the pd_session cookie); every request carries that cookie. Each call is loaded
 * after a warm-up run, for a fixed duration at each number of connections, each connection sending
 * its next request as soon as the last is answered; the requests rotate over every page of the
 * user's list, or over 500 search keywords. Latency is each response's, from autocannon's `response`
 * event (autocannon's own histogram keeps whole milliseconds).
 *
 * Env: BENCH_SCALE (1; e.g. 0.025 for 500 locations), BENCH_HTTP_SECONDS (10),
 * BENCH_HTTP_CONNECTIONS ("1,10"), BENCH_HTTP_WARMUP_SECONDS (3), BENCH_HTTP_LOG_LEVEL (info, the
 * server's default), BENCH_DATABASE_URL or TEST_DATABASE_URL (the PostgreSQL server),
 * BENCH_HTTP_CPU_PROFILE_DIR (a directory: the server process writes its CPU profile there).
 */

const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 10);
const CONNECTIONS = (process.env.BENCH_HTTP_CONNECTIONS ?? '1,10').split(',').map(Number);
const WARMUP_SECONDS = Number(process.env.BENCH_HTTP_WARMUP_SECONDS ?? 3);
const LOG_LEVEL = process.env.BENCH_HTTP_LOG_LEVEL?.trim() || 'info';
const KEYWORDS = 500;
/** Where the server process writes a CPU profile (node --cpu-prof) when it stops; none if unset. */
const CPU_PROFILE_DIR = process.env.BENCH_HTTP_CPU_PROFILE_DIR?.trim();

interface LoadedCall {
  name: string;
  targetP99Ms: number;
  /** The request paths (with their queries), sent in turn. */
  paths: string[];
}

/** A call's path and query as the web app sends it: `svc` first, then the input's fields. */
function callUrl(call: CallDef, input: Record<string, string | number>): string {
  const query = new URLSearchParams(call.svc === null ? {} : { svc: call.svc });
  for (const [name, value] of Object.entries(input)) query.append(name, String(value));
  return `${callPath(call, input)}?${query.toString()}`;
}

function loadedCalls(size: LargeDatasetSize): LoadedCall[] {
  const pages = Math.max(1, Math.ceil(size.userLocations / LOCATIONS_PAGE_SIZE));
  const keywords = searchKeywords(size, KEYWORDS);
  const search = (req: SearchQuery['req']) =>
    keywords
      // autosuggest needs 3 characters (the web app asks only then)
      .filter((keyword) => req === 'search' || keyword.length >= 3)
      .map((keyword) => callUrl(callTable.search.search, { keyword, req }));
  return [
    {
      name: `locations svc=getSitesData (${LOCATIONS_PAGE_SIZE} a page, pages 1-${pages})`,
      targetP99Ms: 10,
      paths: Array.from({ length: pages }, (_, i) =>
        callUrl(callTable.locations.getSitesData, {
          pageNo: i + 1,
          recordsPerPage: LOCATIONS_PAGE_SIZE,
          sortBy: 'alphabetical',
        }),
      ),
    },
    { name: 'searchManagement req=search', targetP99Ms: 20, paths: search('search') },
    { name: 'searchManagement req=autosuggest', targetP99Ms: 20, paths: search('autosuggest') },
  ];
}

interface Load {
  /** Each answered request's latency, ms. */
  times: number[];
  result: autocannon.Result;
}

/** `connections` connections for `seconds`, each sending the next of `paths` once answered. */
function load(
  base: string,
  cookie: string,
  paths: readonly string[],
  connections: number,
  seconds: number,
): Promise<Load> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    let next = 0;
    const instance = autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        headers: { cookie },
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }),
          },
        ],
      },
      (error: unknown, result) => {
        if (error)
          reject(error instanceof Error ? error : new Error('autocannon failed', { cause: error }));
        else resolve({ times, result });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

function figures({ times, result }: Load): BenchResult['figures'] {
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, { count }]) => `${code}: ${count ?? 0}`);
  return {
    connections: result.connections,
    'duration s': result.duration,
    requests: times.length,
    'requests/s': Math.round(times.length / result.duration),
    'p50 ms': ms(percentile(times, 50)),
    'p90 ms': ms(percentile(times, 90)),
    'p99 ms': ms(percentile(times, 99)),
    'max ms': ms(Math.max(...times)),
    'non-2xx': result.non2xx,
    ...(statuses.length > 0 ? { 'non-2xx by status': statuses.join(', ') } : {}),
    'errors (incl. timeouts)': result.errors,
  };
}

/** Signs in as the web app does (auth svc=login, JSON); the session cookie as `name=value`. */
async function signIn(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}${callUrl(callTable.auth.login, {})}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) {
    throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  }
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  if (!server.connected) {
    server.kill('SIGKILL');
    return;
  }
  const exited = new Promise((done) => server.once('exit', done));
  server.send('stop');
  const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Warnings and errors of the server's pino log (levels 40 and up), by level. */
function logProblems(file: string): string {
  const counts = new Map<number, number>();
  for (const match of readFileSync(file, 'utf8').matchAll(/"level":(\d+)/g)) {
    const level = Number(match[1]);
    if (level >= 40) counts.set(level, (counts.get(level) ?? 0) + 1);
  }
  const names: Record<number, string> = { 40: 'warn', 50: 'error', 60: 'fatal' };
  const parts = [...counts].map(([level, count]) => `${count} ${names[level] ?? level}`);
  return parts.length > 0 ? parts.join(', ') : 'none';
}

const bench: BenchModule = {
  name: 'HTTP load: locations page and search',
  async run(): Promise<BenchResult[]> {
    const dataset = await openLargeDataset('pd_bench_http');
    const logDir = mkdtempSync(join(tmpdir(), 'pd-bench-http-'));
    const logFile = join(logDir, 'server.log');
    const logFd = openSync(logFile, 'w');
    let server: ChildProcess | undefined;
    try {
      const { size } = dataset;
      server = fork(
        join(import.meta.dirname, 'support', 'http-server-process.ts'),
        [dataset.url, LOG_LEVEL],
        {
          execArgv: [
            '--import',
            'tsx',
            ...(CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROFILE_DIR}`] : []),
          ],
          stdio: ['ignore', logFd, 'inherit', 'ipc'],
        },
      );
      const { base } = await childMessage<HttpServerReady>(server, 'ready', 60_000);
      const cookie = await signIn(base, BENCH_USER.email, BENCH_PASSWORD);

      // the user's list as the server answers it, before any load
      const calls = loadedCalls(size);
      const first = await fetch(`${base}${calls[0]?.paths[0] ?? ''}`, { headers: { cookie } });
      if (first.status !== 200) throw new Error(`page 1 answered ${first.status}`);
      const { totalRecords } = (await first.json()) as SitesPage;

      const results: BenchResult[] = [];
      const targets: BenchResult['figures'] = {};
      for (const call of calls) {
        if (WARMUP_SECONDS > 0) {
          await load(base, cookie, call.paths, Math.max(...CONNECTIONS), WARMUP_SECONDS);
        }
        for (const connections of CONNECTIONS) {
          const measured = await load(base, cookie, call.paths, connections, SECONDS);
          const label = `${call.name}, ${connections} connection${connections === 1 ? '' : 's'}`;
          results.push({ name: `GET ${label}`, figures: figures(measured) });
          const p99 = percentile(measured.times, 99);
          targets[label] =
            `p99 ${ms(p99)} ms, target ${call.targetP99Ms} ms: ` +
            `${ms(p99) <= call.targetP99Ms ? 'met' : 'NOT met'}` +
            (measured.result.non2xx > 0 ? ` (${measured.result.non2xx} non-2xx)` : '');
        }
      }
      await stopServer(server);
      results.push({
        name: 'targets (p99 of every answered request)',
        figures: targets,
        note:
          `data: ${describeSize(size)} (PostgreSQL, built in ${dataset.buildSeconds.toFixed(0)} s); ` +
          `signed in over HTTP as ${BENCH_USER.email} (STANDARD, ${totalRecords} locations in the list). ` +
          `Server: the real app in a child process on 127.0.0.1 (pool of 10 database connections, ` +
          `LOG_LEVEL ${LOG_LEVEL} to a file; warnings/errors logged: ${logProblems(logFile)}). ` +
          `Load: autocannon in the bench process, keep-alive, no pipelining, ${SECONDS} s per run ` +
          `after a ${WARMUP_SECONDS} s warm-up per call at ${Math.max(...CONNECTIONS)} connections ` +
          `(not counted); every request carries the session cookie; each connection sends its next ` +
          `request once answered (closed loop), so beyond 1 connection latency includes waiting ` +
          `behind the other connections' requests. Counted: every answered request of a run, its ` +
          `time from sending to the last byte. Server, PostgreSQL and autocannon share this ` +
          `machine's CPUs. Neither call has a per-address rate limit in the call table (only ` +
          `sign-in does, used once), so the load meets no 429.`,
      });
      return results;
    } finally {
      if (server) await stopServer(server);
      closeSync(logFd);
      rmSync(logDir, { recursive: true, force: true });
      await dataset.dispose();
    }
  },
};

export default bench;
