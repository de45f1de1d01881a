import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
/** What `npm run mosquitto:init` runs (package.json). */
const INIT_SCRIPT = 'packages/server/src/infra/mqtt/dynsec-init.ts';

const repoRoot = resolve(import.meta.dirname, '../../../..');
const DEPLOY_MOSQUITTO_CONF = join(repoRoot, 'deploy/mosquitto/mosquitto.conf');
export const DEPLOY_DEVICE_ACL = join(repoRoot, 'deploy/mosquitto/device-topics.acl');

/** Where Debian/Ubuntu (x86-64 and arm64) and the official image put the plugin. */
const PLUGIN_PATHS = [
  '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/aarch64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/mosquitto_dynamic_security.so',
];

export interface MosquittoProcess {
  url: string;
  /** Its directory: the dynamic-security file and the persistence database. */
  dir: string;
  /** Its process id (for its memory and CPU time, read from /proc). */
  pid: number | undefined;
  /** SIGTERM (it saves its persistence), then the same configuration on the same port. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** A bridge between a core Mosquitto (the servers') and an edge one (devices'): bridgeConfiguration. */
export interface BridgeOptions {
  /** The connection's name, unique per bridge (also its client id at the other end). */
  name: string;
  /** The other end's URL with the identity the bridge signs in as (every device topic allowed). */
  remoteUrl: string;
  /** Which end these lines configure: the core (it connects to an edge) or an edge (to the core). */
  at: 'core' | 'edge';
}

/** What devices send (edge → core) and what the cloud sends them (core → edge). */
const FROM_DEVICES = ['online', 'status', 'event', 'ack'];
const TO_DEVICES = ['cmd'];

/**
 * The lines of one bridge between a core and an edge (docs/operations.md, "More devices than one
 * broker's file limit"): what devices send goes to the core at QoS 1 at most (retained copies stay
 * retained), commands go to the edge — every edge gets every command and hands on only those its
 * devices subscribed to; status reports of one edge never reach another. Either end may connect;
 * Mosquitto 2.0 sets no TCP_NODELAY on the socket a bridge opens (set_tcp_nodelay is for accepted
 * sockets), so the end that writes most (the edge) should be the one that accepts: `at: 'core'`.
 */
export function bridgeConfiguration({ name, remoteUrl, at }: BridgeOptions): string {
  const remote = new URL(remoteUrl);
  const topics = (kinds: string[], direction: 'in' | 'out') =>
    kinds.flatMap((kind) => [
      `topic pd/v1/+/${kind} ${direction} 1`,
      `topic pd/v1/+/kids/+/${kind} ${direction} 1`,
    ]);
  return [
    `connection ${name}`,
    `address ${remote.hostname}:${remote.port || '1883'}`,
    `remote_clientid ${name}`,
    `remote_username ${decodeURIComponent(remote.username)}`,
    `remote_password ${decodeURIComponent(remote.password)}`,
    'bridge_protocol_version mqttv311',
    // the other end knows this is a bridge: no loops, retained flags kept
    'try_private true',
    'notifications false',
    'cleansession false',
    'keepalive_interval 30',
    'restart_timeout 1 10',
    ...topics(FROM_DEVICES, at === 'edge' ? 'out' : 'in'),
    ...topics(TO_DEVICES, at === 'edge' ? 'in' : 'out'),
    '',
  ].join('\n');
}

function dynsecPlugin(): string {
  const found = [process.env.MOSQUITTO_DYNSEC_PLUGIN, ...PLUGIN_PATHS].find(
    (path) => path !== undefined && path !== '' && existsSync(path),
  );
  if (found === undefined) {
    throw new Error(
      `Mosquitto's dynamic-security plugin is not installed (looked in ${PLUGIN_PATHS.join(', ')}; ` +
        'set MOSQUITTO_DYNSEC_PLUGIN): install the mosquitto package',
    );
  }
  return found;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = net.createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? done(address.port)
          : fail(new Error('no free port')),
      );
    });
  });
}

/** Replaces the one line of the shipped configuration that starts with `key `. */
function setOption(conf: string, key: string, value: string): string {
  const pattern = new RegExp(`^${key} .*$`, 'gm');
  const matches = conf.match(pattern) ?? [];
  if (matches.length !== 1) {
    throw new Error(
      `${DEPLOY_MOSQUITTO_CONF} should set '${key}' once, sets it ${matches.length}×`,
    );
  }
  return conf.replace(pattern, `${key} ${value}`);
}

/**
 * The shipped configuration (deploy/mosquitto/mosquitto.conf) with only the machine-specific
 * lines changed: this machine's plugin, files in `dir` (the shipped ACL file where it lies), a
 * loopback port, and the current user.
 */
export async function testConfiguration(dir: string, port: number): Promise<string> {
  let conf = await readFile(DEPLOY_MOSQUITTO_CONF, 'utf8');
  conf = setOption(conf, 'plugin', dynsecPlugin());
  conf = setOption(conf, 'plugin_opt_config_file', join(dir, 'dynamic-security.json'));
  conf = setOption(conf, 'acl_file', DEPLOY_DEVICE_ACL);
  conf = setOption(conf, 'persistence_location', `${dir}/`);
  conf = setOption(conf, 'listener', `${port} 127.0.0.1`);
  // Run as root, Mosquitto would become the `mosquitto` user, who cannot read our temp dir.
  return `${conf}\nuser ${userInfo().username}\n`;
}

/**
 * The dynamic-security file `npm run mosquitto:init` writes for these identities, as the
 * deployment makes it (MQTT_URL: the servers, MQTT_DYNSEC_URL: the admin).
 */
export async function initialDynsecFile(identities: {
  admin: { username: string; password: string };
  service: { username: string; password: string };
}): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pd-dynsec-init-'));
  const file = join(dir, 'dynamic-security.json');
  const url = (who: { username: string; password: string }) =>
    `mqtt://${encodeURIComponent(who.username)}:${encodeURIComponent(who.password)}@127.0.0.1`;
  try {
    await run('node', ['--import', 'tsx', join(repoRoot, INIT_SCRIPT), file], {
      cwd: repoRoot,
      env: {
        ...process.env,
        MQTT_URL: url(identities.service),
        MQTT_DYNSEC_URL: url(identities.admin),
      },
    });
    return await readFile(file, 'utf8');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Resolves once Mosquitto says it runs (its listeners are open by then), rejects if it exits. */
export function mosquittoRunning(child: ChildProcess, timeoutMs: number): Promise<void> {
  return new Promise((done, fail) => {
    let output = '';
    const timer = setTimeout(
      () => finish(new Error(`Mosquitto did not start:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/mosquitto version \S+ running/.test(output)) finish();
    };
    const onExit = (code: number | null) =>
      finish(new Error(`Mosquitto exited (${code}) while starting:\n${output}`));
    const onError = (error: Error) =>
      finish(new Error(`cannot run mosquitto (is it installed?): ${error.message}`));
    function finish(error?: Error) {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      child.off('exit', onExit);
      child.off('error', onError);
      if (error) fail(error);
      else done();
    }
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
    child.once('error', onError);
  });
}

/**
 * Starts a Mosquitto of its own with the shipped configuration and a dynamic-security file of this
 * content, on a free loopback port, with `extraConfig` lines after it (a bridge). Fails (never
 * skips) when mosquitto or its plugin is missing.
 */
export async function startMosquitto(
  dynsecFile: string,
  options: {
    extraConfig?: string;
    /** Variables for the mosquitto process (over this one's), e.g. another allocator. */
    env?: Record<string, string>;
    /** How long it may take to start (a dynamic-security file of 10,000 devices: ~1 min). */
    startTimeoutMs?: number;
  } = {},
): Promise<MosquittoProcess> {
  const dir = await mkdtemp(join(tmpdir(), 'pd-mosquitto-'));
  await writeFile(join(dir, 'dynamic-security.json'), dynsecFile);
  let lastError: unknown;
  // The free port may be taken between our probe and Mosquitto's bind: try another then.
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    const confPath = join(dir, 'mosquitto.conf');
    await writeFile(
      confPath,
      `${await testConfiguration(dir, port)}${options.extraConfig ? `\n${options.extraConfig}\n` : ''}`,
    );
    const launch = () =>
      spawn('mosquitto', ['-c', confPath], {
        stdio: ['ignore', 'pipe', 'pipe'],
        ...(options.env ? { env: { ...process.env, ...options.env } } : {}),
      });
    const startTimeoutMs = options.startTimeoutMs ?? 10_000;
    let child = launch();
    try {
      await mosquittoRunning(child, startTimeoutMs);
    } catch (error) {
      lastError = error;
      child.kill('SIGKILL');
      if (error instanceof Error && /Address already in use/.test(error.message)) continue;
      break;
    }
    // Keep reading its log, or a full pipe would stall it.
    child.stdout.resume();
    child.stderr.resume();
    const end = async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    };
    return {
      url: `mqtt://127.0.0.1:${port}`,
      dir,
      get pid() {
        return child.pid;
      },
      async restart() {
        await end();
        // the port is Mosquitto's again at once (it sets SO_REUSEADDR); retry a moment if not
        for (let attempt = 0; ; attempt++) {
          child = launch();
          try {
            await mosquittoRunning(child, startTimeoutMs);
            break;
          } catch (error) {
            if (attempt >= 20 || !/Address already in use/.test(String(error))) throw error;
            await new Promise((retry) => setTimeout(retry, 250));
          }
        }
        child.stdout.resume();
        child.stderr.resume();
      },
      async stop() {
        await end();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  await rm(dir, { recursive: true, force: true });
  throw lastError;
}
