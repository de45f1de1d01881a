import {
  type Database,
  LiveClock,
  TEST_DEVICE_KEY,
  buildDeviceWorld,
  migrate,
  openDatabase,
  createPostgresDatabase,
  freePort,
  type ServerProcess,
  startServerProcess,
} from '@powerdeck/server';
import type { DevicePlan } from '@powerdeck/simulator';
import { sql } from 'drizzle-orm';
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BenchModule, type BenchResult } from './bench';
import {
  type BridgedMosquittos,
  jemallocEnv,
  startBridgedMosquittos,
} from './support/bridged-mosquitto';
import { databasePids } from './support/bench-database';
import { childMessage } from './support/child-message';
import {
  commandRoundTrips,
  commandable,
  openTargets,
  roundTripFigures,
} from './support/command-round-trip';
import { type ProcessGroups, countCpu, cpuFigures } from './support/process-cpu';
import { mib, residentBytes } from './support/process-memory';

/**
 * A fleet larger than one process may hold files for: PostgreSQL, two server processes on a core
 * Mosquitto (shared subscriptions), edge Mosquittos bridged to it that the devices connect to, and
 * the fleet split over several processes (one per edge). Measures, per fleet size, the command
 * round trip (POST through a server → device ack → result on that server's stream), status ingest
 * counted per message the servers receive (and what was lost), and memory per connected device
 * (the servers' and the Mosquittos' resident memory; the fleet processes are not counted). With
 * the round trip and the ingest it prints where the machine's CPU went meanwhile (servers,
 * Mosquittos, PostgreSQL, fleet or flood processes, the rest), and for the ingest that per
 * message: what a 2-core machine can take at most is 2 s of CPU a second over the whole's cost.
 *
 * Env: BENCH_SCALE_DEVICES (default "2000"), BENCH_SCALE_EDGE_DEVICES (devices per edge and per
 * fleet process, 16,700: one Mosquitto or Node process may hold 20,000 files here),
 * BENCH_COMMANDS (1000), BENCH_FLOOD_DEVICES (3000, over the edges), BENCH_FLOOD_ROUNDS (20),
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432; a fresh database per size),
 * BENCH_SCALE_PROFILE (a directory: the first server writes a CPU profile there when it stops,
 * and a heap snapshot once the fleet is online), BENCH_MOSQUITTO_JEMALLOC (the path of
 * libjemalloc.so.2: every Mosquitto runs on it, see jemallocEnv).
 */
const ORIGIN = 'http://bench.local';
const support = join(import.meta.dirname, 'support');
const sizes = (process.env.BENCH_SCALE_DEVICES ?? '2000').split(',').map(Number);
const perEdge = Number(process.env.BENCH_SCALE_EDGE_DEVICES ?? 16_700);
const commands = Number(process.env.BENCH_COMMANDS ?? 1000);
const floodDevices = Number(process.env.BENCH_FLOOD_DEVICES ?? 3000);
const floodRounds = Number(process.env.BENCH_FLOOD_ROUNDS ?? 20);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432';
const profileDir = process.env.BENCH_SCALE_PROFILE;
const jemalloc = process.env.BENCH_MOSQUITTO_JEMALLOC;

const sleep = (msTime: number) => new Promise((r) => setTimeout(r, msTime));

function child(file: string, args: string[]): ChildProcess {
  return fork(join(support, file), args, {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/** Splits a plan into `parts` runs of nearly equal length. */
function split<T>(items: readonly T[], parts: number): T[][] {
  const size = Math.ceil(items.length / parts);
  return Array.from({ length: parts }, (_, i) => items.slice(i * size, (i + 1) * size));
}

interface Server {
  process: ServerProcess;
  base: string;
}

/** One figure of a server's /metrics (the sum of its series), NaN when absent. */
async function metric(server: Server, token: string, name: string): Promise<number> {
  const response = await fetch(`${server.base}/metrics`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const text = await response.text();
  let total = Number.NaN;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const rest = line.slice(name.length);
    if (!rest.startsWith(' ') && !rest.startsWith('{')) continue;
    const value = Number(line.slice(line.lastIndexOf(' ') + 1));
    total = (Number.isNaN(total) ? 0 : total) + value;
  }
  return total;
}

/** The processes of the deployment itself: servers, Mosquittos, PostgreSQL. */
async function serverSide(
  servers: readonly Server[],
  brokers: BridgedMosquittos,
  database: Database,
): Promise<ProcessGroups> {
  const mosquittos = [brokers.core, ...brokers.edges];
  return {
    [`servers (${servers.length})`]: servers.map((s) => s.process.child.pid),
    [`Mosquittos (${mosquittos.length})`]: mosquittos.map((m) => m.pid),
    PostgreSQL: await databasePids(database),
  };
}

async function devicesOnline(database: Database): Promise<number> {
  const result = await database.db.execute(
    sql`select count(*)::int as n from devices where online and parent_dev_id is null`,
  );
  return Number((result as { rows?: { n?: unknown }[] }).rows?.[0]?.n ?? 0);
}

/** Waits until `read` gives `want` (or more), at most `ms`; its last value. */
async function until(read: () => Promise<number>, want: number, ms: number): Promise<number> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (value < want && Date.now() < deadline) {
    await sleep(500);
    value = await read();
  }
  return value;
}

/** Waits until a counter has not moved for two seconds (at most two minutes). */
async function settle(read: () => Promise<number>): Promise<void> {
  const deadline = Date.now() + 120_000;
  let last = -1;
  for (let value = await read(); value !== last && Date.now() < deadline; value = await read()) {
    last = value;
    await sleep(2_000);
  }
}

interface Memory {
  servers: number[];
  brokers: number[];
}

function memoryNow(servers: readonly Server[], brokers: BridgedMosquittos): Memory {
  return {
    servers: servers.map((s) => residentBytes(s.process.child.pid)),
    brokers: [brokers.core, ...brokers.edges].map((m) => residentBytes(m.pid)),
  };
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

async function runWith(count: number): Promise<BenchResult[]> {
  const fresh = await createPostgresDatabase(adminUrl);
  const database = await openDatabase({ kind: 'postgres', url: fresh.url });
  const dir = mkdtempSync(join(tmpdir(), 'pd-scale-'));
  const servers: Server[] = [];
  const fleets: ChildProcess[] = [];
  let brokers: BridgedMosquittos | undefined;
  try {
    await migrate(database);
    const world = await buildDeviceWorld(database, new LiveClock(), { count });
    const edgePlans = split(world.plan, Math.ceil(count / perEdge));
    brokers = await startBridgedMosquittos(
      edgePlans.map((plan) => plan.map((p) => p.devId)),
      TEST_DEVICE_KEY,
      jemalloc ? jemallocEnv(jemalloc) : undefined,
    );
    const token = randomBytes(16).toString('hex');
    if (profileDir) mkdirSync(profileDir, { recursive: true });
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const profile =
        profileDir && i === 0
          ? [
              '--cpu-prof',
              `--cpu-prof-dir=${profileDir}`,
              '--heapsnapshot-signal=SIGUSR2',
              `--diagnostic-dir=${profileDir}`,
            ]
          : [];
      const process = await startServerProcess(
        {
          HOST: '127.0.0.1',
          PORT: String(port),
          DEMO: 'false',
          DATABASE_URL: fresh.url,
          MQTT_URL: brokers.serviceUrl,
          PUBLIC_ORIGIN: ORIGIN,
          METRICS_TOKEN: token,
        },
        90_000,
        profile,
      );
      servers.push({ process, base: `http://127.0.0.1:${port}` });
    }
    const before = memoryNow(servers, brokers);

    const started = performance.now();
    fleets.push(
      ...edgePlans.map((plan, i) => {
        const planFile = join(dir, `plan-${i}.json`);
        writeFileSync(planFile, JSON.stringify(plan));
        return child('fleet-process.ts', [brokers?.edges[i]?.url ?? '', planFile, TEST_DEVICE_KEY]);
      }),
    );
    const readies = await Promise.all(
      fleets.map((fleet) =>
        childMessage<{ online: number; devices: number; ms: number }>(fleet, 'ready', 900_000),
      ),
    );
    const online = sum(readies.map((r) => r.online));
    const seen = await until(() => devicesOnline(database), online, 120_000);
    const upSeconds = (performance.now() - started) / 1000;
    const after = memoryNow(servers, brokers);
    const heapUsed = await Promise.all(
      servers.map((s) => metric(s, token, 'nodejs_heap_size_used_bytes')),
    );

    let fleetGone = false;
    for (const fleet of fleets) fleet.once('exit', () => (fleetGone = true));
    const targets = await openTargets(
      commandable(world.plan)
        .slice(0, 20)
        .map((device, i) => ({ base: (servers[i % 2] as Server).base, device })),
      world.cookies.admin,
    );
    const counting = countCpu({
      ...(await serverSide(servers, brokers, database)),
      [`fleet processes (${fleets.length})`]: fleets.map((f) => f.pid),
    });
    const trips = await commandRoundTrips({
      targets,
      commands,
      siteId: world.siteId,
      cookie: world.cookies.admin,
      origin: ORIGIN,
      gone: () => fleetGone,
    });
    const spent = counting();
    for (const t of targets) t.stream.close();

    const serverMemory = sum(after.servers);
    const brokerMemory = sum(after.brokers);
    const perDevice = (bytes: number) => Math.round(bytes / 102.4 / seen) / 10;
    const results: BenchResult[] = [
      {
        name: `scale: command round trip, ${count} devices over ${edgePlans.length} edge Mosquittos, 2 servers (${seen} online as the servers recorded it, fleet up in ${upSeconds.toFixed(1)} s)`,
        figures: {
          ...roundTripFigures(trips),
          'fleet processes': fleets.length,
          ...cpuFigures(spent),
        },
        ...(trips.failures.length > 0 || fleetGone
          ? {
              note: `${fleetGone ? 'a fleet process died; ' : ''}first failures: ${trips.failures.slice(0, 3).join('; ')}`,
            }
          : {}),
      },
      {
        name: `scale: memory with ${seen} devices connected`,
        figures: {
          'server RSS MiB (each)': after.servers.map(mib).join(' / '),
          'server RSS before the fleet MiB': before.servers.map(mib).join(' / '),
          'server JS heap used MiB': heapUsed.map(mib).join(' / '),
          'core Mosquitto RSS MiB': mib(after.brokers[0] ?? Number.NaN),
          'edge Mosquitto RSS MiB (each)': after.brokers.slice(1).map(mib).join(' / '),
          'Mosquitto RSS before the fleet MiB (core, edges)': before.brokers.map(mib).join(' / '),
          'Mosquitto allocator': jemalloc ? 'jemalloc' : 'glibc',
          'servers + brokers KB per device': perDevice(serverMemory + brokerMemory),
          'servers KB per device': perDevice(serverMemory),
          'brokers KB per device': perDevice(brokerMemory),
          'growth since before the fleet, KB per device': perDevice(
            serverMemory + brokerMemory - sum(before.servers) - sum(before.brokers),
          ),
        },
        note: 'RSS from /proc/{pid}/status (VmRSS) of the 2 server processes and every Mosquitto (core and edges), divided by the top-level devices online (kids ride on their parent’s connection); the fleet processes are not counted.',
      },
    ];

    if (profileDir) {
      servers[0]?.process.child.kill('SIGUSR2');
      await snapshotWritten(profileDir);
    }

    // Status ingest: the fleet goes, then a flood from the same device ids on every edge.
    await Promise.all(
      fleets.map((fleet) => {
        if (fleet.exitCode !== null || fleet.signalCode !== null) return Promise.resolve();
        const exited = new Promise<void>((r) => fleet.once('exit', () => r()));
        fleet.send('stop');
        return exited;
      }),
    );
    results.push(await ingest(servers, token, brokers, edgePlans, database, dir));
    return results;
  } finally {
    for (const fleet of fleets) if (fleet.exitCode === null) fleet.kill('SIGKILL');
    // SIGTERM: the profiled server writes its CPU profile on the way out
    await Promise.all(servers.map((s) => s.process.stop(60_000)));
    await brokers?.stop();
    await database.close();
    await fresh.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Waits until a heap snapshot in `dir` is complete (its size stops changing). */
async function snapshotWritten(dir: string): Promise<void> {
  const size = () => {
    const file = readdirSync(dir).find((f) => f.endsWith('.heapsnapshot'));
    return Promise.resolve(file ? statSync(join(dir, file)).size : 0);
  };
  await until(size, 1, 300_000);
  await settle(size);
}

async function ingest(
  servers: readonly Server[],
  token: string,
  brokers: BridgedMosquittos,
  edgePlans: readonly DevicePlan[][],
  database: Database,
  dir: string,
): Promise<BenchResult> {
  const received = async () =>
    sum(await Promise.all(servers.map((s) => metric(s, token, 'powerdeck_device_messages_total'))));
  // the fleet's last words (offline) are handled and counted before the flood starts
  await until(async () => -(await devicesOnline(database)), 0, 120_000);
  await settle(received);
  const floods = edgePlans.map((plan, i) => {
    const jobFile = join(dir, `flood-${i}.json`);
    const devices = plan.slice(0, Math.ceil(floodDevices / edgePlans.length));
    writeFileSync(
      jobFile,
      JSON.stringify({
        devices: devices.map((d) => ({ devId: d.devId, devClass: d.devClass })),
        rounds: floodRounds,
        deviceKey: TEST_DEVICE_KEY,
      }),
    );
    return child('flood-process.ts', [brokers.edges[i]?.url ?? '', jobFile]);
  });
  await Promise.all(floods.map((f) => childMessage(f, 'connected', 300_000)));
  await settle(received);
  const counting = countCpu({
    ...(await serverSide(servers, brokers, database)),
    [`flood processes (${floods.length})`]: floods.map((f) => f.pid),
  });
  const received0 = await received();
  const t0 = performance.now();
  const done = floods.map((f) => childMessage<{ sent: number; ms: number }>(f, 'done', 600_000));
  for (const f of floods) f.send('go');
  const finished = await Promise.all(done);
  const sent = sum(finished.map((d) => d.sent));
  const publishMs = Math.max(...finished.map((d) => d.ms));
  let got = (await received()) - received0;
  const deadline = Date.now() + 60_000;
  while (got < sent && Date.now() < deadline) {
    await sleep(50);
    got = (await received()) - received0;
  }
  const handledMs = performance.now() - t0;
  const spent = counting();
  // a late duplicate would show as more received than sent
  await sleep(2_000);
  const total = (await received()) - received0;
  return {
    name: `scale: status ingest, ${floods.length} flood processes (one per edge), ${Math.ceil(floodDevices / edgePlans.length) * edgePlans.length} devices × ${floodRounds} reports (QoS 1), 2 servers`,
    figures: {
      sent,
      'received by the servers': total,
      lost: Math.max(0, sent - total),
      'publish rate msg/s': Math.round(sent / (publishMs / 1000)),
      'handled rate msg/s': Math.round(got / (handledMs / 1000)),
      ...cpuFigures(spent, { count: got, unit: 'msg' }),
    },
    note:
      'received = the sum of powerdeck_device_messages_total over both servers (every MQTT message the hub took, before any coalescing), from the flood’s start until it reached what was sent (60 s at most after the last publish was acknowledged by its edge). ' +
      'CPU = user + system time from /proc over that same span, per message received and as cores kept busy; PostgreSQL = every process pg_stat_activity lists (backends and background writers); everything else = the machine’s busy time less the named groups (the kernel’s network work, the bench, the idle fleet processes).',
  };
}

const bench: BenchModule = {
  name: 'scale (bridged Mosquitto, two servers)',
  async run() {
    const results: BenchResult[] = [];
    for (const size of sizes) {
      try {
        results.push(...(await runWith(size)));
      } catch (error) {
        results.push({
          name: `scale: ${size} devices`,
          figures: { error: String(error) },
          note: 'did not complete',
        });
      }
    }
    return results;
  },
};
export default bench;
