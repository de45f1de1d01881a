import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  freePort,
  initialDynsecConfig,
  mosquittoRunning,
  testConfiguration,
} from '@powerdeck/server';

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

/**
 * Starts Mosquitto with the servers' identities and `devices` preloaded in its dynamic-security
 * file (as `initialDynsecConfig` writes it for a fleet loaded at once, docs/operations.md).
 */
export async function startFaultBroker(identities: {
  admin: { username: string; password: string };
  service: { username: string; password: string };
  devices: { devId: string; password: string }[];
}): Promise<FaultBroker> {
  const dir = await mkdtemp(join(tmpdir(), 'pd-fault-mosquitto-'));
  await writeFile(
    join(dir, 'dynamic-security.json'),
    JSON.stringify(initialDynsecConfig(identities)),
  );
  const port = await freePort();
  const confPath = join(dir, 'mosquitto.conf');
  await writeFile(confPath, await testConfiguration(dir, port));

  const launch = async () => {
    const child = spawn('mosquitto', ['-c', confPath], { stdio: ['ignore', 'pipe', 'pipe'] });
    await mosquittoRunning(child, 60_000);
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
