import {
  type Database,
  LiveClock,
  TEST_DEVICE_KEY,
  buildApp,
  buildDeviceWorld,
  clearRetained,
  connectDeviceLink,
  loadConfig,
  migrate,
  startEmbeddedBroker,
} from '@powerdeck/server';
import type { DevicePlan } from '@powerdeck/simulator';
import { sql } from 'drizzle-orm';
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openBenchDatabase, databasePids } from './support/bench-database';
import { childMessage } from './support/child-message';
import {
  commandRoundTrips,
  commandable,
  openTargets,
  roundTripFigures,
} from './support/command-round-trip';
import { type BenchModule, type BenchResult, ms } from './bench';
import { type ProcessGroups, countCpu, cpuFigures } from './support/process-cpu';

/**
 * Device link: command round trip (POST set outlet → device ack → result and status on an SSE
 * stream) with N simulated devices connected, and status ingest with nothing lost. The fleet, the
 * broker and the server (this process) run in three processes. Both print where the CPU went
 * meanwhile (server, broker, PostgreSQL, fleet or flood, the rest of the machine).
 *
 * Env: BENCH_DEVICES (default "1000,10000"), BENCH_COMMANDS (1000), BENCH_DATABASE_URL
 * (PostgreSQL; PGlite in memory otherwise), BENCH_MQTT_URL (an external broker allowing anonymous
 * devices; the embedded broker otherwise), BENCH_FLOOD_DEVICES (1000), BENCH_FLOOD_ROUNDS (20).
 */
const ORIGIN = 'http://bench.local';
const support = join(import.meta.dirname, 'support');
const counts = (process.env.BENCH_DEVICES ?? '1000,10000').split(',').map(Number);
const commands = Number(process.env.BENCH_COMMANDS ?? 1000);

function child(file: string, args: string[]): ChildProcess {
  return fork(join(support, file), args, {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

async function runWith(deviceCount: number): Promise<BenchResult[]> {
  const serviceToken = randomBytes(16).toString('hex');
  const external = process.env.BENCH_MQTT_URL;
  const broker = external
    ? undefined
    : await startEmbeddedBroker({ deviceKey: TEST_DEVICE_KEY, serviceToken, logLevel: 'warn' });
  const url = external ?? broker?.url ?? '';
  const { database, dispose } = await openBenchDatabase(process.env.BENCH_DATABASE_URL, 'pd_bench');
  await migrate(database);
  const clock = new LiveClock();
  const link = await connectDeviceLink({ url, ...(broker ? { serviceToken } : {}) });
  const app = await buildApp({
    config: loadConfig({
      LOG_LEVEL: 'warn',
      PUBLIC_ORIGIN: ORIGIN,
      DATA_DIR: join(tmpdir(), 'powerdeck-bench'),
      WEB_DIST: join(tmpdir(), 'powerdeck-bench-no-web'),
    }),
    db: database,
    clock,
    devices: { link, ...(external ? { shareGroup: `bench-${serviceToken.slice(0, 6)}` } : {}) },
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const world = await buildDeviceWorld(database, clock, { count: deviceCount });
  const dir = mkdtempSync(join(tmpdir(), 'pd-bench-'));
  const planFile = join(dir, 'plan.json');
  writeFileSync(planFile, JSON.stringify(world.plan));

  const fleet = child('fleet-process.ts', [url, planFile, TEST_DEVICE_KEY]);
  try {
    // where the CPU goes: this process is the server (and the bench's client)
    const deployment = async (): Promise<ProcessGroups> => ({
      'server (with the bench)': [process.pid],
      ...(broker ? { 'embedded broker': [broker.pid] } : {}),
      ...(database.kind === 'postgres' ? { PostgreSQL: await databasePids(database) } : {}),
    });
    return await measure(
      app,
      base,
      database,
      world,
      url,
      dir,
      fleet,
      deviceCount,
      Boolean(external),
      deployment,
    );
  } finally {
    if (fleet.exitCode === null) fleet.kill('SIGKILL');
    await app.close();
    await link.close();
    // a shared external broker keeps retained messages: leave none of ours behind (once this
    // server no longer listens: the clearing messages are not device messages)
    if (external) await clearRetained(url, world.plan).catch(() => undefined);
    await dispose();
    await broker?.stop();
  }
}

async function measure(
  app: Awaited<ReturnType<typeof buildApp>>,
  base: string,
  database: Database,
  world: Awaited<ReturnType<typeof buildDeviceWorld>>,
  url: string,
  dir: string,
  fleet: ChildProcess,
  deviceCount: number,
  external: boolean,
  deployment: () => Promise<ProcessGroups>,
): Promise<BenchResult[]> {
  const ready = await childMessage<{ online: number; devices: number; ms: number }>(
    fleet,
    'ready',
    Number(process.env.BENCH_FLEET_WAIT_MS ?? 600_000),
  );
  const hub = app.devices.hub;
  const onlineCount = () =>
    world.plan.filter((p) => hub?.contactOf({ devId: p.devId })?.online).length;
  const deadline = Date.now() + 60_000;
  while (onlineCount() < ready.online && Date.now() < deadline) await sleep(200);
  // The fleet's arrival (its first reports, readings and online changes) is written before the
  // commands, so they measure a connected fleet, not one arriving (the fault drill's storm).
  await app.alerts.idle();
  await Promise.all([app.devices.writer.flush(), app.eventLogs.writer.flush()]);

  const targets = await openTargets(
    commandable(world.plan)
      .filter((p) => hub?.contactOf({ devId: p.devId })?.online)
      .slice(0, 20)
      .map((device) => ({ base, device })),
    world.cookies.admin,
  );
  let fleetGone = false;
  fleet.once('exit', () => (fleetGone = true));
  const counting = countCpu({ ...(await deployment()), 'fleet process': [fleet.pid] });
  // the server runs in this process: how long its event loop was held while the commands ran
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  const trips = await commandRoundTrips({
    targets,
    commands,
    siteId: world.siteId,
    cookie: world.cookies.admin,
    origin: ORIGIN,
    gone: () => fleetGone,
  });
  const spent = counting();
  loopDelay.disable();
  for (const t of targets) t.stream.close();
  const failures = trips.failures;
  const results: BenchResult[] = [
    {
      name: `command round trip, ${deviceCount} devices (${ready.online} online, fleet up in ${(ready.ms / 1000).toFixed(1)} s)`,
      figures: {
        ...roundTripFigures(trips),
        'server event loop delay p99 ms': ms(loopDelay.percentile(99) / 1e6),
        'server event loop delay max ms': ms(loopDelay.max / 1e6),
        database: database.kind,
        broker: external ? 'external' : 'embedded',
        ...cpuFigures(spent),
      },
      ...(failures.length > 0 || fleetGone
        ? {
            note: `${fleetGone ? 'the fleet process died; ' : ''}first failures: ${failures.slice(0, 3).join('; ')}`,
          }
        : {}),
    },
  ];

  if (fleet.exitCode === null && fleet.signalCode === null) {
    const exited = new Promise((r) => fleet.once('exit', r));
    fleet.send('stop');
    await exited;
  }
  results.push(await ingest(app, database, world.plan, url, dir, deployment));
  return results;
}

async function ingest(
  app: Awaited<ReturnType<typeof buildApp>>,
  database: Database,
  plan: readonly DevicePlan[],
  url: string,
  dir: string,
  deployment: () => Promise<ProcessGroups>,
): Promise<BenchResult> {
  const devices = plan.slice(0, Number(process.env.BENCH_FLOOD_DEVICES ?? 1000));
  const rounds = Number(process.env.BENCH_FLOOD_ROUNDS ?? 20);
  const jobFile = join(dir, 'flood.json');
  writeFileSync(
    jobFile,
    JSON.stringify({
      devices: devices.map((d) => ({ devId: d.devId, devClass: d.devClass })),
      rounds,
      deviceKey: TEST_DEVICE_KEY,
    }),
  );
  const hub = app.devices.hub;
  const writer = app.devices.writer;
  const flood = child('flood-process.ts', [url, jobFile]);
  await childMessage(flood, 'connected', 120_000);
  // The fleet just went offline: let its last words (10,000 offline messages at 10,000 devices)
  // and the alerting they start be handled before the flood, so they are neither counted nor
  // competing with it. (A quiet second alone is not enough: a busy server can pause that long.)
  const stillOnline = () => plan.filter((p) => hub?.contactOf({ devId: p.devId })?.online).length;
  const deadline0 = Date.now() + 120_000;
  while (stillOnline() > 0 && Date.now() < deadline0) await sleep(200);
  await settle(() => hub?.stats.messages ?? 0);
  await app.alerts.idle();
  await writer.flush();
  const counting = countCpu({ ...(await deployment()), 'flood process': [flood.pid] });
  const received0 = hub?.stats.messages ?? 0;
  const rows0 = writer.stats.rowsWritten;
  const t0 = performance.now();
  flood.send('go');
  const done = await childMessage<{ sent: number; ms: number }>(flood, 'done', 600_000);
  const deadline = Date.now() + 30_000;
  while ((hub?.stats.messages ?? 0) - received0 < done.sent && Date.now() < deadline)
    await sleep(10);
  const handledMs = performance.now() - t0;
  await writer.flush();
  const durableMs = performance.now() - t0;
  const spent = counting();
  const received = (hub?.stats.messages ?? 0) - received0;
  const ids = devices.map((d) => `'${d.devId}'`).join(',');
  const persisted = await database.db.execute(
    sql.raw(
      `SELECT count(*)::int AS n FROM devices WHERE dev_id IN (${ids}) AND (status ->> 'uptime')::int = ${rounds}`,
    ),
  );
  const latest = Number((persisted as { rows?: { n?: unknown }[] }).rows?.[0]?.n ?? 0);
  return {
    name: `status ingest, ${devices.length} devices × ${rounds} reports (QoS 1)`,
    figures: {
      sent: done.sent,
      'received by the hub': received,
      lost: done.sent - received,
      'devices whose last report is stored': `${latest}/${devices.length}`,
      'device rows written': writer.stats.rowsWritten - rows0,
      'publish rate msg/s': Math.round(done.sent / (done.ms / 1000)),
      'handled rate msg/s': Math.round(received / (handledMs / 1000)),
      'durable rate msg/s': Math.round(done.sent / (durableMs / 1000)),
      ...cpuFigures(spent, { count: received, unit: 'msg' }),
    },
    note: 'handled = until the hub has taken the last report; durable = until the last flush committed (reports coalesce per device). CPU = user + system time from /proc until then, per message received and as cores kept busy (the server runs in the bench’s process).',
  };
}

const sleep = (msTime: number) => new Promise((r) => setTimeout(r, msTime));

/** Waits until a counter has not moved for a second (at most a minute). */
async function settle(counter: () => number): Promise<void> {
  const deadline = Date.now() + 60_000;
  let last = -1;
  while (counter() !== last && Date.now() < deadline) {
    last = counter();
    await sleep(1_000);
  }
}

const bench: BenchModule = {
  name: 'device link',
  async run() {
    const results: BenchResult[] = [];
    for (const count of counts) {
      try {
        results.push(...(await runWith(count)));
      } catch (error) {
        results.push({
          name: `${count} devices`,
          figures: { error: String(error) },
          note: 'did not complete',
        });
      }
    }
    return results;
  },
};
export default bench;
