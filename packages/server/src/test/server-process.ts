import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '../../../..');

/** A Powerdeck server run as `npm run serve` runs it: its own process, configured by variables. */
export interface ServerProcess {
  readonly child: ChildProcess;
  /** Everything it wrote so far (standard output and error). */
  output(): string;
  /** Ends it at once, as a crash or `kill -9` would; resolves once it is gone. */
  kill(): Promise<void>;
  /** Stops it (SIGTERM, then SIGKILL after `graceMs`) and removes its data directory. */
  stop(graceMs?: number): Promise<void>;
}

/** Variables of the test's own environment that would change the server's configuration. */
const CONFIG_VARIABLES = [
  'HOST',
  'PORT',
  'DEMO',
  'DATABASE_URL',
  'MQTT_URL',
  'SMTP_URL',
  'PUBLIC_ORIGIN',
  'TRUST_PROXY',
  'METRICS_TOKEN',
];

/**
 * Node's flags of a server as it ships (package.json's `serve`, the Dockerfile): the young
 * generation capped at 4 MiB a semi-space (~30 MB less resident memory per server), and the old
 * generation let grow only 30 % past what survived its last full collection (at 50,000 devices
 * ~150 MB less per server), at no measured cost in ingest or command latency (docs/operations.md,
 * "Memory").
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--heap-growing-percent=30'] as const;

/** The built server (packages/server/scripts/build.js; `npm run build`), as it ships. */
export const SERVER_ENTRY = 'packages/server/dist/main.js';

/**
 * Starts the built server (SERVER_ENTRY) with SERVER_NODE_FLAGS and `env` over a clean environment and
 * resolves once it logs "Powerdeck is listening"; rejects with its output if it exits first or
 * takes longer than `timeoutMs`.
 */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 90_000,
  /** Node's own options before the script (a benchmark's `--cpu-prof`). */
  nodeOptions: readonly string[] = [],
): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'powerdeck-server-'));
  const inherited = { ...process.env };
  for (const name of CONFIG_VARIABLES) delete inherited[name];
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeOptions, SERVER_ENTRY], {
    cwd: repoRoot,
    env: { ...inherited, DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let listening = () => {};
  const output = outputWatch('"msg":"Powerdeck is listening"', () => listening());
  child.stdout.on('data', (chunk: Buffer) => output.collect(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => output.collect(chunk.toString()));
  const exited = new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) done();
    else child.once('exit', () => done());
  });
  const kill = async () => {
    child.kill('SIGKILL');
    await exited;
  };
  const server: ServerProcess = {
    child,
    output: output.text,
    kill,
    async stop(graceMs = 10_000) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const forced = setTimeout(() => child.kill('SIGKILL'), graceMs);
        await exited;
        clearTimeout(forced);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    await new Promise<void>((ready, fail) => {
      const timer = setTimeout(
        () => fail(new Error(`the server did not start in ${timeoutMs} ms:\n${output.text()}`)),
        timeoutMs,
      );
      listening = () => {
        clearTimeout(timer);
        ready();
      };
      if (output.seen()) listening();
      void exited.then(() => {
        clearTimeout(timer);
        fail(new Error(`the server stopped while starting:\n${output.text()}`));
      });
    });
  } catch (error) {
    await server.stop(0);
    throw error;
  }
  return server;
}

/**
 * Keeps a process's output and calls `onSeen` once `marker` has appeared in it (a line may come
 * split over two chunks). Only new text is searched: a busy server writes megabytes of log, and
 * searching all of it at every chunk kept the benchmarks' own process busy (quadratic: 22 s of
 * CPU in a fault drill, which the drill's API latencies then measured).
 */
export function outputWatch(marker: string, onSeen: () => void) {
  let output = '';
  let seen = false;
  return {
    collect(chunk: string): void {
      if (!seen && (output.slice(1 - marker.length) + chunk).includes(marker)) {
        seen = true;
        onSeen();
      }
      output += chunk;
    },
    seen: () => seen,
    text: () => output,
  };
}
