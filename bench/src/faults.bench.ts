import {
  COMMAND_TTL_MS,
  type CallDef,
  type DeviceClass,
  callPath,
  callTable,
  getDeviceSpec,
} from '@powerdeck/domain';
import {
  deriveDeviceSecret,
  insertPlan,
  openDatabase,
  DEMO_PASSWORD,
  demoEmail,
  SERVICE_USERNAME,
  createPostgresDatabase,
  cookieOf,
  freePort,
  request,
  startRoundRobinProxy,
  type ServerProcess,
  startServerProcess,
} from '@powerdeck/server';
import { type DevicePlan, TOP_LEVEL_CLASSES } from '@powerdeck/simulator';
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type BenchModule, type BenchResult, ms, percentile } from './bench';
import { childMessage } from './support/child-message';
import { type FaultBroker, startFaultBroker } from './support/fault-broker';
import type { FaultFleetJob, FaultFleetRecords } from './support/fault-fleet-process';
import { type Timed, paced, timed } from './support/fault-http';
import { postgresPids } from './support/bench-database';
import { type CpuSpent, countCpu, cpuFigures } from './support/process-cpu';

/**
 * Fault drill (issue #17): two servers on one PostgreSQL database behind a round-robin proxy,
 * Mosquitto with the shipped configuration, a simulated fleet in a process of its own. Under a
 * steady status load and a steady stream of commands it kills one server (`kill -9`, started again
 * after a while as a supervisor would), restarts the broker, and makes every device drop its
 * connection and reconnect at once. Then it compares the devices' own records with the database.
 *
 * Env: BENCH_FAULT_DEVICES (10000), BENCH_FAULT_STATUS_RATE (2000 msg/s), BENCH_FAULT_COMMAND_RATE
 * (50/s), BENCH_FAULT_PROBE_RATE (API reads, 20/s), BENCH_FAULT_PHASE_MS (steady time before and
 * after each fault, 20000), BENCH_FAULT_SERVER_DOWN_MS (the killed server is started again after
 * this, 10000; 0: never), BENCH_FAULT_STORM_DOWN_MS (devices away before the storm, 5000),
 * BENCH_FAULT_STORM_WINDOW_MS (API latency counted from the drop to this long after the reconnect,
 * 30000), BENCH_FAULT_BACK_WAIT_MS (longest wait for devices to come back, 120000),
 * BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432; a fresh database per run),
 * BENCH_FAULT_PROFILE (a directory: the server that is not killed and the fleet process write a
 * CPU profile there when they stop; the drill prints the storm's window on the profiles' clock),
 * BENCH_FAULT_FLEET_NICE (the fleet process's niceness, 0; see FLEET_NICE).
 */
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const DEVICES = num('BENCH_FAULT_DEVICES', 10_000);
const STATUS_RATE = num('BENCH_FAULT_STATUS_RATE', 2_000);
const COMMAND_RATE = num('BENCH_FAULT_COMMAND_RATE', 50);
const PROBE_RATE = num('BENCH_FAULT_PROBE_RATE', 20);
const PHASE_MS = num('BENCH_FAULT_PHASE_MS', 20_000);
const SERVER_DOWN_MS = num('BENCH_FAULT_SERVER_DOWN_MS', 10_000);
const STORM_DOWN_MS = num('BENCH_FAULT_STORM_DOWN_MS', 5_000);
const STORM_WINDOW_MS = num('BENCH_FAULT_STORM_WINDOW_MS', 30_000);
const BACK_WAIT_MS = num('BENCH_FAULT_BACK_WAIT_MS', 120_000);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432';
const PROFILE_DIR = process.env.BENCH_FAULT_PROFILE;
/**
 * The fleet process's CPU priority (niceness). The simulated fleet stands for hardware on the
 * sites' networks, not on the servers' machine; at 0 (as every drill before 6 Dec 2026) it takes
 * an equal share of this 2-core machine with the servers, brokers and database, which on the
 * morning of that day left each server waiting for a core ~70 % of the time. 19 lets the
 * deployment go first (the fleet then sends what CPU is left, possibly less than the rate asked
 * for: the drill prints what it sent). docs/operations.md, "The fault drill and the machine".
 */
const FLEET_NICE = num('BENCH_FAULT_FLEET_NICE', 0);
/** Now on the clock of a V8 CPU profile's timestamps (the monotonic clock, in µs). */
const profileClock = () => Number(process.hrtime.bigint() / 1000n);
/** The drill's devices: ids of their own (12 hex digits), apart from the demo data's. */
const ID_PREFIX = 'FA17';
/** After the last command: its expiry, the sender's grace (a second) and the writers' flush. */
const COMMAND_SETTLE_MS = COMMAND_TTL_MS + 6_000;

const sleep = (msTime: number) => new Promise((r) => setTimeout(r, msTime));
const seconds = (msTime: number | undefined) =>
  msTime === undefined ? 'not reached' : Math.round(msTime / 100) / 10;
const secret = () => randomBytes(18).toString('base64url');
const svcUrl = (base: string, call: CallDef, input: Record<string, string> = {}) =>
  `${base}${callPath(call, input)}?${new URLSearchParams({ svc: call.svc ?? '', ...input }).toString()}`;

/** Top-level devices with outlets, without kids: outlet 1 takes the commands, the last the load. */
function drillPlan(count: number): DevicePlan[] {
  const classes = TOP_LEVEL_CLASSES.filter((c) => getDeviceSpec(c).outletCount >= 1);
  return Array.from({ length: count }, (_, i) => {
    const devClass = classes[i % classes.length] as DeviceClass;
    const devId = ID_PREFIX + i.toString(16).toUpperCase().padStart(8, '0');
    return { devId, devClass, name: `Drill ${i}`, seed: i + 1, kids: [] };
  });
}

interface Connected {
  count: number;
  /** Connected again since the fleet's last mark. */
  back: number;
  /** Status reports the load sent so far. */
  published: number;
  at: number;
}

/** The first time at or after `from` that `back` reached `wanted`, as ms after `from`. */
function reachedAfter(timeline: readonly Connected[], from: number, wanted: number) {
  const hit = timeline.find((c) => c.at >= from && c.back >= wanted);
  return hit ? hit.at - from : undefined;
}

/** Status reports sent per second between two moments, from the fleet's samples. */
function rateBetween(timeline: readonly Connected[], from: number, to: number) {
  const first = timeline.find((c) => c.at >= from);
  const last = timeline.filter((c) => c.at <= to).at(-1);
  if (!first || !last || last.at <= first.at) return Number.NaN;
  return Math.round((last.published - first.published) / ((last.at - first.at) / 1000));
}

async function drill(): Promise<BenchResult[]> {
  const cleanups: (() => Promise<unknown>)[] = [];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await step().catch(() => undefined);
  };
  try {
    return await run(cleanups);
  } finally {
    await cleanup();
  }
}

async function run(cleanups: (() => Promise<unknown>)[]): Promise<BenchResult[]> {
  const setupStarted = performance.now();
  const database = await createPostgresDatabase(ADMIN_URL);
  cleanups.push(() => database.drop());
  const plan = drillPlan(DEVICES);
  const deviceKey = secret();
  const admin = { username: 'powerdeck-dynsec', password: secret() };
  const service = { username: SERVICE_USERNAME, password: secret() };
  const broker: FaultBroker = await startFaultBroker({
    admin,
    service,
    devices: plan.map((p) => ({
      devId: p.devId,
      password: deriveDeviceSecret(deviceKey, p.devId),
    })),
  });
  cleanups.push(() => broker.stop());

  const backendPorts = [await freePort(), await freePort()];
  const proxy = await startRoundRobinProxy(backendPorts);
  cleanups.push(() => proxy.close());
  const asIdentity = (who: { username: string; password: string }) => {
    const url = new URL(broker.url);
    url.username = who.username;
    url.password = who.password;
    return url.toString();
  };
  const serverEnv = (index: number) => ({
    HOST: '127.0.0.1',
    PORT: String(backendPorts[index]),
    DATABASE_URL: database.url,
    MQTT_URL: asIdentity(service),
    MQTT_DYNSEC_URL: asIdentity(admin),
    PUBLIC_ORIGIN: proxy.url,
    TRUST_PROXY: '127.0.0.1',
    // demo data goes into the empty database from the first server only (docs/operations.md)
    DEMO: index === 0 ? 'true' : 'false',
  });
  const servers: ServerProcess[] = [];
  cleanups.push(() => Promise.all(servers.map((s) => s.stop())));
  if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
  const profileFlags = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
  servers.push(await startServerProcess(serverEnv(0), undefined, profileFlags));
  servers.push(await startServerProcess(serverEnv(1)));

  // the drill's devices at a location the demo owner controls
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  cleanups.push(() => client.end());
  const site = await client.query<{ site_id: string }>(
    `select p.site_id from permissions p join users u on u.id = p.user_id
       join locations l on l.id = p.site_id
      where u.email = $1 and p.perm_lvl in ('owner', 'ADMIN') and not l.otlt_lock
      order by p.site_id limit 1`,
    [demoEmail('owner')],
  );
  const siteId = site.rows[0]?.site_id;
  if (!siteId) throw new Error('the demo data gives the owner no unlocked location');
  const db = await openDatabase({ kind: 'postgres', url: database.url });
  try {
    await insertPlan(db, plan, siteId);
  } finally {
    await db.close();
  }
  const signIn = await request(svcUrl(proxy.url, callTable.auth.login), {
    method: 'POST',
    json: { email: demoEmail('owner'), password: DEMO_PASSWORD },
  });
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${signIn.body}`);
  const cookie = cookieOf(signIn);

  // the fleet
  const dir = mkdtempSync(join(tmpdir(), 'pd-faults-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const jobFile = join(dir, 'fleet.json');
  writeFileSync(jobFile, JSON.stringify({ plan, deviceKey } satisfies FaultFleetJob));
  const fleet: ChildProcess = fork(
    join(import.meta.dirname, 'support/fault-fleet-process.ts'),
    [broker.url, jobFile],
    {
      execArgv: ['--import', 'tsx', ...profileFlags],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  if (fleet.pid !== undefined && FLEET_NICE !== 0) setPriority(fleet.pid, FLEET_NICE);
  cleanups.push(async () => {
    if (fleet.exitCode !== null || fleet.signalCode !== null) return;
    const exited = new Promise((r) => fleet.once('exit', r));
    fleet.send('stop');
    const timer = setTimeout(() => fleet.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  });
  const timeline: Connected[] = [];
  fleet.on('message', (m: unknown) => {
    const message = m as { type?: string } & Connected;
    if (message.type === 'connected') {
      const { count, back, published, at } = message;
      timeline.push({ count, back, published, at });
    }
  });
  const ready = await childMessage<{ online: number; ms: number }>(fleet, 'ready', 900_000);
  const setupMs = performance.now() - setupStarted;
  const want95 = Math.ceil(DEVICES * 0.95);

  /** The servers' view: drill devices whose last contact (as the servers wrote it) is ≥ `from`. */
  const heardSince = async (from: number) => {
    const answer = await client.query<{ n: number }>(
      `select count(*)::int as n from devices where dev_id like '${ID_PREFIX}%' and last_contact >= $1`,
      [new Date(from)],
    );
    return answer.rows[0]?.n ?? 0;
  };
  /** Waits until 95 % of the devices are back on both sides (or BACK_WAIT_MS); times from `from`. */
  const backAfter = async (from: number) => {
    let servers95: number | undefined;
    const deadline = Date.now() + BACK_WAIT_MS;
    while (Date.now() < deadline) {
      if (servers95 === undefined && (await heardSince(from)) >= want95) {
        servers95 = Date.now() - from;
      }
      const devices95 = reachedAfter(timeline, from, want95);
      if (servers95 !== undefined && devices95 !== undefined) return { devices95, servers95 };
      await sleep(250);
    }
    return { devices95: reachedAfter(timeline, from, want95), servers95 };
  };
  const allConnected = async (timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline && (timeline.at(-1)?.count ?? 0) < DEVICES) await sleep(200);
  };

  // steady load: API reads, commands, status reports
  const probes: Timed[] = [];
  let probeTurn = 0;
  const probing = paced(PROBE_RATE, async () => {
    const device = plan[(probeTurn * 7919) % plan.length] as DevicePlan;
    const url =
      probeTurn++ % 2 === 0
        ? svcUrl(proxy.url, callTable.locations.getSitesData, { pageNo: '1', recordsPerPage: '25' })
        : svcUrl(proxy.url, callTable.deviceViews.status, {
            siteId,
            devClass: device.devClass,
            devId: device.devId,
          });
    probes.push(
      await timed(
        () => request(url, { headers: { cookie } }),
        (entry) => entry,
      ),
    );
  });
  const sent: (Timed & { cmdId?: string })[] = [];
  const outletState = new Map<string, boolean>();
  const commanding = paced(COMMAND_RATE, async (n) => {
    // a different device each time, round robin through the fleet
    const device = plan[(n * 7) % plan.length] as DevicePlan;
    const next = !(outletState.get(device.devId) ?? true);
    outletState.set(device.devId, next);
    const call = callTable.deviceControls.setoutletstate;
    sent.push(
      await timed(
        () =>
          request(svcUrl(proxy.url, call, { devClass: device.devClass }), {
            method: 'POST',
            headers: { cookie },
            form: {
              siteId,
              devClass: device.devClass,
              devId: device.devId,
              otlt: '1',
              state: next ? '1' : '0',
            },
          }),
        (entry, answer) => {
          const cmdId =
            answer?.status === 200
              ? (JSON.parse(answer.body) as { cmdId?: string }).cmdId
              : undefined;
          if (cmdId) return { ...entry, cmdId };
          return answer ? { ...entry, error: answer.body.slice(0, 80) } : entry;
        },
      ),
    );
  });
  fleet.send({ type: 'load', rate: STATUS_RATE });
  const loadStarted = Date.now();
  // the steady figures leave out the first seconds of load (connections, caches warming up)
  const steadyFrom = loadStarted + PHASE_MS / 4;
  // where the CPU goes: the deployment's processes as they are at the time, and the fleet's
  const countNow = async () =>
    countCpu({
      [`servers (${servers.length})`]: servers.map((s) => s.child.pid),
      Mosquitto: [broker.pid],
      PostgreSQL: await postgresPids((text) => client.query(text)),
      'fleet process': [fleet.pid],
    });
  await sleep(PHASE_MS / 4);
  const steadyCpu = await countNow();
  await sleep((PHASE_MS * 3) / 4);
  const steadySpent = steadyCpu();

  // 1. kill -9 one server; a supervisor starts it again after SERVER_DOWN_MS
  const killedAt = Date.now();
  await servers[1]?.kill();
  await servers[1]?.stop(); // gone already: removes its data directory
  let restartedMs: number | undefined;
  let restartedAt: number | undefined;
  if (SERVER_DOWN_MS > 0) {
    await sleep(SERVER_DOWN_MS);
    const t0 = Date.now();
    servers[1] = await startServerProcess(serverEnv(1));
    restartedMs = Date.now() - t0;
    restartedAt = Date.now();
  }
  await sleep(PHASE_MS);

  // 2. restart the broker
  fleet.send({ type: 'mark' });
  await childMessage(fleet, 'marked', 30_000);
  const brokerAt = Date.now();
  const { downMs: brokerDownMs } = await broker.restart();
  const afterBroker = await backAfter(brokerAt);
  await allConnected(BACK_WAIT_MS);
  const brokerEnd = Date.now();
  await sleep(PHASE_MS / 2);

  // 3. reconnect storm: every device drops its link at once, and after STORM_DOWN_MS all
  // reconnect at the same moment
  const stormCpu = await countNow();
  fleet.send({ type: 'storm', downMs: STORM_DOWN_MS });
  const stormed = await childMessage<{ droppedAt: number; reconnectAt: number }>(
    fleet,
    'stormed',
    STORM_DOWN_MS + 60_000,
  );
  const afterStorm = await backAfter(stormed.reconnectAt);
  const stormEnd = stormed.reconnectAt + Math.max(STORM_WINDOW_MS, afterStorm.servers95 ?? 0);
  while (Date.now() < stormEnd) await sleep(200);
  const stormSpent = stormCpu();
  await allConnected(BACK_WAIT_MS);
  await sleep(PHASE_MS / 2);

  // the end: stop sending, let the last commands expire and the writers flush
  fleet.send({ type: 'load', rate: 0 });
  const loadStopped = Date.now();
  await commanding.stop();
  await probing.stop();
  const lastCommandAt = Date.now();
  await sleep(Math.max(3_000, COMMAND_SETTLE_MS - (Date.now() - lastCommandAt)));
  fleet.send({ type: 'records' });
  const records = await childMessage<FaultFleetRecords>(fleet, 'records', 120_000);

  /** The steady phase and the storm's window on the CPU profile's clock. */
  const profileWindows = () => {
    const offset = profileClock() - Date.now() * 1000;
    return [
      [steadyFrom, killedAt],
      [stormed.droppedAt, stormEnd],
    ]
      .map((window) => window.map((at) => at * 1000 + offset).join('–'))
      .join(', ');
  };
  return [
    ...(await judge({
      client,
      records,
      sent,
      probes,
      cpu: { steady: steadySpent, storm: stormSpent },
      windows: {
        steady: [steadyFrom, killedAt],
        kill: [killedAt, killedAt + SERVER_DOWN_MS + (restartedMs ?? 0) + PHASE_MS],
        broker: [brokerAt, brokerEnd],
        storm: [stormed.droppedAt, stormEnd],
      },
      faults: [
        ['kill', killedAt],
        ...(restartedAt === undefined ? [] : [['server back', restartedAt] as [string, number]]),
        ['broker restart', brokerAt],
        ['storm drop', stormed.droppedAt],
        ['storm reconnect', stormed.reconnectAt],
      ],
    })),
    {
      name: `fault timeline, ${DEVICES} devices`,
      figures: {
        'set-up s (servers, fleet connected)': seconds(setupMs),
        'fleet connected at start': `${ready.online}/${DEVICES}`,
        'fleet process niceness': FLEET_NICE,
        'status reports/s sent, steady phase': rateBetween(timeline, steadyFrom, killedAt),
        'status reports/s sent, kill phase': rateBetween(timeline, killedAt, brokerAt),
        'status reports/s sent, whole drill': rateBetween(timeline, loadStarted, loadStopped),
        'status reports skipped (device offline at its turn)': records.load.skippedOffline,
        'status reports dropped (fleet process behind > 0.1 s)': records.load.droppedBehind,
        'commands/s (POSTs fired)': Math.round(
          commanding.fired / ((loadStopped - loadStarted) / 1000),
        ),
        'killed server started again after s':
          SERVER_DOWN_MS > 0 ? seconds(SERVER_DOWN_MS + (restartedMs ?? 0)) : 'never',
        'broker restart: down s': seconds(brokerDownMs),
        'broker restart: 95 % back, devices s': seconds(afterBroker.devices95),
        'broker restart: 95 % back, servers s': seconds(afterBroker.servers95),
        'storm: devices away s': seconds(stormed.reconnectAt - stormed.droppedAt),
        'storm: 95 % back, devices s': seconds(afterStorm.devices95),
        'storm: 95 % back, servers s': seconds(afterStorm.servers95),
        'MQTT connects by the fleet': records.connects,
        ...(PROFILE_DIR ? { 'profile clock µs: steady, storm': profileWindows() } : {}),
      },
      note:
        '95 % back is timed from the broker restart (SIGTERM, Mosquitto saving its persistence, ' +
        'then the same configuration on the same port) and from the moment every device of the ' +
        'storm reconnects at once (after all dropped their links as a pulled cable would, so the ' +
        'broker sent their wills); devices = an open MQTT connection seen by the fleet process ' +
        '(sampled every 200 ms in that process, itself busy reconnecting the devices, so a ' +
        'sample can come late and this side read later than the servers; devices retry with the simulator’s backoff, 0.5 s doubling to ' +
        '30 s, jittered), servers = drill devices whose last contact, as the servers wrote it to ' +
        'the database, is after that moment (polled every 250 ms; a device counts once a message ' +
        'of it reached a server and was written).',
    },
  ];
}

async function judge(input: {
  client: pg.Client;
  records: FaultFleetRecords;
  sent: (Timed & { cmdId?: string })[];
  probes: Timed[];
  /** Where the CPU went in the steady phase and in the storm's window. */
  cpu: Record<'steady' | 'storm', CpuSpent>;
  windows: Record<'steady' | 'kill' | 'broker' | 'storm', [number, number]>;
  /** The faults' moments (wall clock), to say when lost messages were acknowledged. */
  faults: [string, number][];
}): Promise<BenchResult[]> {
  const { client, records, sent, probes, cpu, windows, faults } = input;
  /** `kill+0.3s`, `kill-0.1s`: the nearest fault, and how long after (or before) it. */
  const when = (at: number) => {
    const [name, t] = [...faults].sort((a, b) => Math.abs(at - a[1]) - Math.abs(at - b[1]))[0] ?? [
      'start',
      0,
    ];
    const seconds = ((at - t) / 1000).toFixed(1);
    return `${name}${at >= t ? '+' : ''}${seconds}s`;
  };

  // status: per device, the acknowledged reports newer than the stored one
  const stored = await client.query<{ dev_id: string; boot: string | null; seq: string | null }>(
    `select dev_id, status_boot as boot, status_seq as seq from devices where dev_id like '${ID_PREFIX}%'`,
  );
  const storedBy = new Map(stored.rows.map((r) => [r.dev_id, r]));
  let statusAcked = 0;
  let statusLost = 0;
  let devicesBehind = 0;
  const devicesBehindList: string[] = [];
  for (const [devId, { boot, seqs }] of Object.entries(records.statusAcked)) {
    statusAcked += seqs.length;
    const row = storedBy.get(devId);
    const storedBoot = row?.boot === null || row?.boot === undefined ? -1 : Number(row.boot);
    const storedSeq = row?.seq === null || row?.seq === undefined ? -1 : Number(row.seq);
    const newer =
      storedBoot > boot
        ? 0
        : storedBoot < boot
          ? seqs.length
          : seqs.filter((s) => s > storedSeq).length;
    statusLost += newer;
    if (newer > 0) {
      devicesBehind++;
      devicesBehindList.push(`${devId} (${newer} newer than stored seq ${storedSeq})`);
    }
  }

  // events: each acknowledged one must be a row of device_events
  const events = await client.query<{ key: string }>(
    `select dev_id || '|' || type || '|' || coalesce(outlet, 0) || '|' || value::text || '|' ||
            extract(epoch from device_time)::bigint as key
       from device_events where dev_id like '${ID_PREFIX}%' and device_time is not null`,
  );
  const storedEvents = new Set(events.rows.map((r) => r.key));
  const eventsLostList = records.eventsAcked.filter(
    ({ devId, event }) =>
      !storedEvents.has(
        `${devId}|${event.type}|${event.outlet ?? 0}|${JSON.stringify(event.value)}|${event.time}`,
      ),
  );
  const eventsLost = eventsLostList.length;

  // commands: their recorded steps
  const steps = await client.query<{ cmd_id: string; state: string; source: string | null }>(
    `select e.cmd_id::text as cmd_id, e.state, e.source from device_command_events e
       join device_commands c on c.id = e.cmd_id
      where c.dev_id like '${ID_PREFIX}%' order by e.id`,
  );
  const finalState = new Map<string, string>();
  const fromAck = new Set<string>();
  for (const step of steps.rows) {
    finalState.set(step.cmd_id, step.state);
    if (step.source === 'ack') fromAck.add(step.cmd_id);
  }
  const acksLostList = records.acksAcked.filter((a) => !fromAck.has(a.id));
  const acksLost = acksLostList.length;
  const lostWhen = [
    ...eventsLostList.map((e) => `event ${e.devId} ${e.event.type} at ${when(e.at)}`),
    ...acksLostList.map(
      (a) => `ack ${a.devId} at ${when(a.at)} (recorded ${finalState.get(a.id) ?? 'nothing'})`,
    ),
  ];

  const runs = new Map<string, number>();
  for (const e of records.executions) runs.set(e.id, (runs.get(e.id) ?? 0) + 1);
  const twice = [...runs.values()].filter((n) => n > 1).length;
  const lateDevice = records.executions.filter((e) => e.deviceMs >= e.expires).length;
  const lateWall = records.executions.filter((e) => e.wallMs >= e.expires).length;
  const executedNotDoneList = records.executions.filter((e) => finalState.get(e.id) !== 'done');
  const executedNotDone = new Set(executedNotDoneList.map((e) => e.id)).size;
  const redelivered = Object.values(records.deliveries).filter((n) => n > 1).length;
  const withId = sent.filter((s) => s.cmdId !== undefined);
  const outcome = (state: string | undefined) =>
    withId.filter((s) => finalState.get(s.cmdId ?? '') === state).length;
  const postErrors = new Map<string, number>();
  for (const s of sent.filter((x) => x.cmdId === undefined)) {
    const key = s.status === 0 ? 'no answer' : `${s.status} ${s.error ?? ''}`;
    postErrors.set(key, (postErrors.get(key) ?? 0) + 1);
  }

  const latency = (window: [number, number]) => {
    const inside = probes.filter((p) => p.at >= window[0] && p.at < window[1]);
    const answered = inside.filter((p) => p.status === 200).map((p) => p.ms);
    return {
      calls: inside.length,
      p50: ms(percentile(answered, 50)),
      p99: ms(percentile(answered, 99)),
      max: ms(Math.max(...answered)),
      failed: inside.length - answered.length,
    };
  };
  const steady = latency(windows.steady);
  const kill = latency(windows.kill);
  const broker = latency(windows.broker);
  const storm = latency(windows.storm);
  const lost = statusLost + eventsLost + acksLost;

  return [
    {
      name: `fault drill, ${DEVICES} devices, ${STATUS_RATE} status msg/s, ${COMMAND_RATE} commands/s`,
      figures: {
        'acknowledged messages lost (target 0)': lost,
        'commands run twice (target 0)': twice,
        'commands run after their expiry, device clock (target 0)': lateDevice,
        'API p99 during the storm ms (target ≤ 200)': storm.p99,
      },
      note:
        `acknowledged messages lost = ${statusLost} status reports + ${eventsLost} events + ` +
        `${acksLost} command acks. Counted on the devices' side: every QoS 1 message whose PUBACK ` +
        'the device received (mqtt.js publish callback without error). A status report is lost ' +
        'when its (boot, seq) is newer than the (status_boot, status_seq) stored for its device at ' +
        'the end (reports coalesce by design: an older report superseded by a stored newer one is ' +
        'not lost); an event when no device_events row has its device, type, outlet, value and ' +
        'device time; an ack when its command has no step recorded from an ack (device_command_' +
        'events.source = ack). Run twice = command ids the devices executed more than once (the ' +
        "simulator's CommandProcessor observer, called past its duplicate and expiry checks). " +
        'After expiry = executions at or after the command’s `expires`, by the device clock ' +
        '(what the device checks) and, below, by the wall clock.' +
        (lostWhen.length > 0 ? ` Lost (first 10): ${lostWhen.slice(0, 10).join('; ')}.` : '') +
        (devicesBehindList.length > 0
          ? ` Devices behind (first 10): ${devicesBehindList.slice(0, 10).join(', ')}.`
          : ''),
    },
    {
      name: 'messages and commands',
      figures: {
        'status reports acknowledged': statusAcked,
        'status reports lost': statusLost,
        'devices whose last acknowledged report is not stored': devicesBehind,
        'status acknowledged in an older boot': records.olderBootAcked,
        'events acknowledged': records.eventsAcked.length,
        'events lost': eventsLost,
        'command acks acknowledged': records.acksAcked.length,
        'command acks without a step from an ack': acksLost,
        'commands POSTed': sent.length,
        'POST answered with a cmdId': withId.length,
        'POST failed': [...postErrors].map(([k, n]) => `${k}: ${n}`).join(', ') || 0,
        'outcome done': outcome('done'),
        'outcome failed': outcome('failed'),
        'outcome expired': outcome('expired'),
        'outcome still open':
          withId.length - outcome('done') - outcome('failed') - outcome('expired'),
        'executions by the devices': records.executions.length,
        'run after expiry, wall clock': lateWall,
        'executed but not recorded done': executedNotDone,
        'commands delivered to a device more than once': redelivered,
      },
      note:
        'Outcome = the last step recorded in device_command_events for each command a POST ' +
        'started (409: the server refused it, the device being offline to it). Run after expiry ' +
        'by the wall clock equals the device clock here (the drill gives devices no clock skew). ' +
        'Delivered more than once = the devices’ CommandProcessor saw the id again (it then ' +
        'answers its first ack without executing).' +
        (executedNotDoneList.length > 0
          ? ' Executed but not recorded done (first 10): ' +
            executedNotDoneList
              .slice(0, 10)
              .map(
                (e) =>
                  `${e.devId} at ${when(e.wallMs)} (recorded ${finalState.get(e.id) ?? 'nothing'}` +
                  `${records.acksAcked.some((a) => a.id === e.id) ? '' : ', its ack never acknowledged by the broker'})`,
              )
              .join('; ') +
            '.'
          : ''),
    },
    {
      name: 'API latency through the proxy (locations page and a device status read, alternately)',
      figures: {
        'steady: calls': steady.calls,
        'steady: p50 ms': steady.p50,
        'steady: p99 ms': steady.p99,
        'steady: failed': steady.failed,
        'kill -9 (until restarted + a phase): calls': kill.calls,
        'kill: p50 ms': kill.p50,
        'kill: p99 ms': kill.p99,
        'kill: failed': kill.failed,
        'broker restart (until all back): calls': broker.calls,
        'broker: p50 ms': broker.p50,
        'broker: p99 ms': broker.p99,
        'broker: failed': broker.failed,
        'storm: calls': storm.calls,
        'storm: p50 ms': storm.p50,
        'storm: p99 ms': storm.p99,
        'storm: max ms': storm.max,
        'storm: failed': storm.failed,
      },
      note:
        `${PROBE_RATE} calls/s, each on a new connection (the proxy routes each anew), open loop; ` +
        'percentiles over answered calls (200), failures counted apart. Storm window: from the ' +
        `moment every device dropped its link to ${STORM_WINDOW_MS / 1000} s after they all ` +
        'reconnected (or until the servers saw 95 % back, if later).',
    },
    ...(['steady', 'storm'] as const).map((phase) => ({
      name: `where the CPU went, ${phase === 'steady' ? 'steady phase' : "the storm's window"}`,
      figures: cpuFigures(cpu[phase]),
      note:
        'User + system time from /proc over the phase, as cores kept busy: the servers (the ' +
        'ones running then), Mosquitto, PostgreSQL (every process pg_stat_activity lists), the ' +
        'fleet process; the rest is the bench (proxy, probes, commands) and the kernel.',
    })),
  ];
}

const bench: BenchModule = {
  name: 'fault drill',
  async run() {
    try {
      return await drill();
    } catch (error) {
      return [
        {
          name: `fault drill, ${DEVICES} devices`,
          figures: { error: String(error) },
          note: 'did not complete',
        },
      ];
    }
  },
};
export default bench;
