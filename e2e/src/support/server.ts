import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '../../..');

export interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

async function waitUntilReady(baseUrl: string, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${baseUrl}/data-svc/config/data-svc.php?svc=public`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Server did not become ready within ${timeoutMs} ms:\n${output()}`);
}

/** Starts the server as `npm start` would (after the build), on a fresh data directory. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'powerdeck-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  // the server as built (`npm run build`, which the e2e scripts run first) and as it ships
  const child = spawn(process.execPath, ['packages/server/dist/main.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: 'true',
      PUBLIC_ORIGIN: baseUrl,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      MQTT_URL: '',
      // any free port: the fixed default (1884) may be held by another server on this machine
      MQTT_PORT: '0',
      // The suite signs in far more often a minute than a person would.
      SIGNIN_RATE_LIMIT: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));

  try {
    await waitUntilReady(baseUrl, () => output, 90_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }

  return {
    baseUrl,
    async stop() {
      child.kill('SIGTERM');
      const killTimer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killTimer);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
