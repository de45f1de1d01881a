import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = resolve(import.meta.dirname, '../../..');

/** Environment of a fresh demo start: embedded database and broker, any port. */
function freshDemoEnv(dataDir: string, env: Record<string, string>): NodeJS.ProcessEnv {
  const inherited = { ...process.env };
  for (const name of ['HOST', 'DEMO', 'DATABASE_URL', 'MQTT_URL', 'SMTP_URL', 'PUBLIC_ORIGIN']) {
    delete inherited[name];
  }
  // MQTT_PORT 0: the fixed default (1884) may be held by another server on this machine
  return { ...inherited, PORT: '0', MQTT_PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env };
}

/**
 * Starts the server as `npm start` does on a fresh data directory, waits until it has printed the
 * demo banner and logged the demo fleet's start (logs are written in order, so every earlier line
 * is out by then), stops it, and returns what it wrote.
 */
async function startOnce(env: Record<string, string>): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'powerdeck-main-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: repoRoot,
    env: freshDemoEnv(dataDir, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  try {
    await new Promise<void>((ready, fail) => {
      const collect = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Password for all:') && output.includes('demo fleet connected'))
          ready();
      };
      child.stdout.on('data', collect);
      child.stderr.on('data', collect);
      void exited.then(() => fail(new Error(`the server stopped:\n${output}`)));
    });
  } finally {
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
  return output;
}

const listeningAt = (output: string) =>
  [...output.matchAll(/Server listening at http:\/\/([^"]+):\d+/g)].map((m) => m[1]);

describe('server start-up', () => {
  it('a bad configuration value stops the server with exit code 1, naming the variable', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
      cwd: repoRoot,
      env: { ...process.env, PORT: 'eighty', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/Invalid configuration: PORT /);
  });

  it('a busy MQTT port stops the server with exit code 1, naming MQTT_PORT', async () => {
    const holder = createServer();
    await new Promise<void>((done) => holder.listen(0, '127.0.0.1', done));
    const address = holder.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const dataDir = mkdtempSync(join(tmpdir(), 'powerdeck-main-'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
        cwd: repoRoot,
        env: freshDemoEnv(dataDir, { DEMO: 'false', HOST: '127.0.0.1', MQTT_PORT: String(port) }),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((done) => child.once('exit', done));
      expect(code).toBe(1);
      expect(stderr).toMatch(new RegExp(`127\\.0\\.0\\.1:${port}: the port is in use`));
      expect(stderr).toMatch(/Set MQTT_PORT to a free port/);
    } finally {
      holder.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('a demo started without HOST listens on loopback only and warns of nothing', async () => {
    const output = await startOnce({});
    expect(listeningAt(output)).toEqual(['127.0.0.1']);
    expect(output).not.toMatch(/WARNING/);
    expect(output).not.toMatch(/"level":40/);
  }, 120_000);

  it('a demo started on every interface says loudly what that means, in the log and the banner', async () => {
    const output = await startOnce({ HOST: '0.0.0.0' });
    const warning = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string; host?: string })
      .find((entry) => entry.level === 40);
    expect(warning?.host).toBe('0.0.0.0');
    expect(warning?.msg).toMatch(/Anyone who can reach this address can sign in/);
    const banner = output.slice(output.indexOf('+!!!'));
    expect(banner).toMatch(/WARNING: this demo listens on 0\.0\.0\.0/);
    expect(banner).toMatch(/Set DEMO=false for real use/);
    expect(banner.indexOf('WARNING')).toBeLessThan(banner.indexOf('Password for all:'));
  }, 120_000);
});
