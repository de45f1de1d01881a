import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { initialDynsecConfig } from '@powerdeck/server';

/**
 * Mosquitto for the fault drill: the shipped configuration (deploy/mosquitto) with this machine's
 * plugin, a loopback port and files in a directory of its own, as packages/server/src/test/
 * mosquitto.ts starts it, and in addition a restart on the same port keeping its directory (the
 * persistence file and the dynamic-security file), as `docker restart` or systemd would.
 */
export interface FaultBroker {
  url: string;
  /** SIGTERM (Mosquitto saves its persistence file), then the same configuration again. */
  restart(): Promise<{ downMs: number }>;
  stop(): Promise<void>;
}

const repoRoot = resolve(import.meta.dirname, '../../..');
const DEPLOY_CONF = join(repoRoot, 'deploy/mosquitto/mosquitto.conf');
const PLUGIN_PATHS = [
  process.env.MOSQUITTO_DYNSEC_PLUGIN,
  '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/aarch64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/mosquitto_dynamic_security.so',
];

function setOption(conf: string, key: string, value: string): string {
  const pattern = new RegExp(`^${key} .*$`, 'gm');
  if ((conf.match(pattern) ?? []).length !== 1) {
    throw new Error(`${DEPLOY_CONF} should set '${key}' once`);
  }
  return conf.replace(pattern, `${key} ${value}`);
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = net.createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? done(address.port) : fail(new Error('no port')),
      );
    });
  });
}

/** Resolves once Mosquitto says it runs (its listener is open by then). */
function running(child: ChildProcess, timeoutMs: number): Promise<void> {
  return new Promise((done, fail) => {
    let output = '';
    const timer = setTimeout(
      () => fail(new Error(`Mosquitto did not start:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/mosquitto version \S+ running/.test(output)) {
        clearTimeout(timer);
        child.stderr?.off('data', onData);
        child.stdout?.off('data', onData);
        done();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`Mosquitto exited (${code}) while starting:\n${output}`));
    });
  });
}

/**
 * Starts Mosquitto with the servers' identities and `devices` preloaded in its dynamic-security
 * file (as `initialDynsecConfig` writes it for a fleet loaded at once, docs/operations.md).
 */
export async function startFaultBroker(identities: {
  admin: { username: string; password: string };
  service: { username: string; password: string };
  devices: { devId: string; password: string }[];
}): Promise<FaultBroker> {
  const plugin = PLUGIN_PATHS.find((p) => p !== undefined && p !== '' && existsSync(p));
  if (plugin === undefined) throw new Error("Mosquitto's dynamic-security plugin is not installed");
  const dir = await mkdtemp(join(tmpdir(), 'pd-fault-mosquitto-'));
  await writeFile(
    join(dir, 'dynamic-security.json'),
    JSON.stringify(initialDynsecConfig(identities)),
  );
  const port = await freePort();
  let conf = await readFile(DEPLOY_CONF, 'utf8');
  conf = setOption(conf, 'plugin', plugin);
  conf = setOption(conf, 'plugin_opt_config_file', join(dir, 'dynamic-security.json'));
  conf = setOption(conf, 'persistence_location', `${dir}/`);
  conf = setOption(conf, 'listener', `${port} 127.0.0.1`);
  const confPath = join(dir, 'mosquitto.conf');
  await writeFile(confPath, `${conf}\nuser ${userInfo().username}\n`);

  const launch = async () => {
    const child = spawn('mosquitto', ['-c', confPath], { stdio: ['ignore', 'pipe', 'pipe'] });
    await running(child, 60_000);
    child.stdout.resume();
    child.stderr.resume();
    return child;
  };
  const end = async (child: ChildProcess) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  };
  let child = await launch();
  return {
    url: `mqtt://127.0.0.1:${port}`,
    async restart() {
      const t0 = performance.now();
      await end(child);
      // the port is Mosquitto's again at once (it sets SO_REUSEADDR); retry a moment if not
      for (let attempt = 0; ; attempt++) {
        try {
          child = await launch();
          break;
        } catch (error) {
          if (attempt >= 20 || !/Address already in use/.test(String(error))) throw error;
          await new Promise((r) => setTimeout(r, 250));
        }
      }
      return { downMs: performance.now() - t0 };
    },
    async stop() {
      await end(child);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
