import type { FirmwareBatch, FirmwareUpgrades } from '@powerdeck/domain';
import {
  LiveClock,
  TEST_DEVICE_KEY,
  buildApp,
  buildDeviceWorld,
  connectDeviceLink,
  deriveDeviceSecret,
  loadConfig,
  migrate,
  openDatabase,
  startEmbeddedBroker,
} from '@powerdeck/server';
import { DEFAULT_TIMING, Fleet, type ModelTiming, planFleet } from '@powerdeck/simulator';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BenchModule, type BenchResult, percentile } from './bench';

/**
 * Firmware: Update Firmware for a location of 50 simulated devices (no kids), each downloading,
 * verifying, installing and rebooting with the simulator's realistic timing (48 KiB/s, 1.5 s,
 * 6 s, 8 s; an image is 96-160 KiB) under the per-location limit; prints the total time, each
 * upgrade's time from its turn to done, the limit and the most upgrades seen under way at once.
 * Embedded broker, PGlite in memory, the fleet in this process. Figures are printed, not asserted.
 *
 * Env: BENCH_FIRMWARE_DEVICES (50), BENCH_FIRMWARE_LIMIT (the server's default, 5),
 * BENCH_FIRMWARE_SCALE (1: the simulator's timing times this, e.g. 0.1 for a quick run).
 */
const ORIGIN = 'http://bench.local';
const DEVICES = Number(process.env.BENCH_FIRMWARE_DEVICES ?? 50);
const LIMIT = process.env.BENCH_FIRMWARE_LIMIT;
const SCALE = Number(process.env.BENCH_FIRMWARE_SCALE ?? 1);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function fleetTiming(): ModelTiming {
  return {
    ...DEFAULT_TIMING,
    switchDelayMs: [0, 0],
    firmwareBytesPerSecond: DEFAULT_TIMING.firmwareBytesPerSecond / SCALE,
    firmwareVerifyMs: DEFAULT_TIMING.firmwareVerifyMs * SCALE,
    firmwareInstallMs: DEFAULT_TIMING.firmwareInstallMs * SCALE,
    firmwareRebootMs: DEFAULT_TIMING.firmwareRebootMs * SCALE,
  };
}

async function run(): Promise<BenchResult[]> {
  const serviceToken = randomBytes(16).toString('hex');
  const broker = await startEmbeddedBroker({
    deviceKey: TEST_DEVICE_KEY,
    serviceToken,
    logLevel: 'warn',
  });
  const database = await openDatabase({ kind: 'pglite' });
  await migrate(database);
  const clock = new LiveClock();
  const link = await connectDeviceLink({ url: broker.url, serviceToken });
  const app = await buildApp({
    config: loadConfig({
      LOG_LEVEL: 'warn',
      PUBLIC_ORIGIN: ORIGIN,
      DATA_DIR: join(tmpdir(), 'powerdeck-bench'),
      WEB_DIST: join(tmpdir(), 'powerdeck-bench-no-web'),
      ...(LIMIT ? { FIRMWARE_CONCURRENCY: LIMIT } : {}),
    }),
    db: database,
    clock,
    devices: { link },
  });
  await app.ready();
  // the devices of one location, none with kids (each upgrade is one device)
  const plan = planFleet(DEVICES * 3, randomBytes(4).readUInt32BE() % 2 ** 31)
    .filter((p) => p.kids.length === 0)
    .slice(0, DEVICES);
  const world = await buildDeviceWorld(database, clock, { count: 0, lockedPlan: plan });
  const siteId = world.lockedSiteId;
  const fleet = new Fleet({
    mqttUrl: broker.url,
    plan,
    secretFor: (devId) => deriveDeviceSecret(TEST_DEVICE_KEY, devId),
    timing: fleetTiming(),
    backoff: { initialMs: 200, maxMs: 2000 },
  });
  try {
    await fleet.start();
    const online = () => plan.every((p) => app.devices.hub?.contactOf({ devId: p.devId })?.online);
    for (let i = 0; i < 600 && !online(); i++) await sleep(100);

    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/data-svc/firmwareUpgrade/data-svc.php?svc=upgradeLocation',
      headers: {
        cookie: world.cookies.admin,
        origin: ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `siteId=${siteId}`,
    });
    if (response.statusCode !== 200) throw new Error(`upgradeLocation: ${response.body}`);
    const batch = response.json<FirmwareBatch>();
    let page: FirmwareUpgrades | undefined;
    for (;;) {
      await sleep(250);
      page = (
        await app.inject({
          url: `/data-svc/firmwareUpgrade/data-svc.php?svc=getFirmwareUpgrades&siteId=${siteId}&batchId=${batch.batchId ?? ''}`,
          headers: { cookie: world.cookies.admin },
        })
      ).json<FirmwareUpgrades>();
      if (page.summary.queued + page.summary.running === 0) break;
    }
    const totalMs = performance.now() - started;

    const turns = page.upgrades.map((u) => {
      const from = u.steps.find((s) => s.phase === 'downloading')?.at ?? u.queuedAt;
      return { from, to: u.endedAt ?? from };
    });
    const perDevice = turns.map((t) => t.to - t.from);
    const edges = turns.flatMap((t) => [
      { at: t.from, d: 1 },
      { at: t.to, d: -1 },
    ]);
    edges.sort((a, b) => a.at - b.at || a.d - b.d);
    const firstTurn = Math.min(...turns.map((t) => t.from));
    const lastEnd = Math.max(...turns.map((t) => t.to));
    const busy = perDevice.reduce((a, b) => a + b, 0);
    let now = 0;
    let most = 0;
    for (const e of edges) {
      now += e.d;
      most = Math.max(most, now);
    }
    return [
      {
        name: `Update Firmware at a location of ${plan.length} devices (PGlite, embedded broker)`,
        figures: {
          devices: plan.length,
          'per-location limit': batch.concurrencyLimit,
          'most under way at once': most,
          done: page.summary.done,
          failed: page.summary.failed,
          'total time': seconds(totalMs),
          'per device p50': seconds(percentile(perDevice, 50)),
          'per device p95': seconds(percentile(perDevice, 95)),
          'first turn to last done': seconds(lastEnd - firstTurn),
          'turns in use': `${Math.round((100 * busy) / (batch.concurrencyLimit * (lastEnd - firstTurn)))} %`,
          'device timing scale': SCALE,
        },
        note:
          'per device: from its turn (downloading) to done; the simulator downloads at ' +
          `${Math.round(fleetTiming().firmwareBytesPerSecond / 1024)} KiB/s, verifies ` +
          `${seconds(fleetTiming().firmwareVerifyMs)}, installs ${seconds(fleetTiming().firmwareInstallMs)} ` +
          `and reboots ${seconds(fleetTiming().firmwareRebootMs)}`,
      },
    ];
  } finally {
    await fleet.stop();
    await app.close();
    await link.close();
    await database.close();
    await broker.stop();
  }
}

const bench: BenchModule = { name: 'firmware', run };
export default bench;
