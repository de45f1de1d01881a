import type { Database } from '../../infra/db/database';
import type { DeviceLink } from '../../infra/mqtt/device-link';
import type { Area, AreaContext } from '../area';
import { CommandsRepository } from '../devices/commands.repository';
import { DevicesRepository } from '../devices/devices.repository';
import { FirmwareCatalogue, generateImage, sha256Hex } from './firmware-catalogue';
import { FirmwareEngine, type FirmwareEngineOptions } from './firmware-engine';
import { FirmwareFanout } from './firmware-fanout';
import { FirmwareLink } from './firmware-link';
import type { FirmwareTiming } from './firmware-run';
import { registerFirmwareRoutes } from './firmware.routes';
import { FirmwareRepository } from './firmware.repository';
import { FirmwareService } from './firmware.service';

/** Image bytes a second to one device: half the broker's per-connection figure (256 KiB/s). */
const MAX_BYTES_PER_SECOND = 128 * 1024;
/** A step is sent this many times before the upgrade is 'Timed out'. */
const STEP_TRIES = 3;

/** The running firmware area of an app (tests and the bench look at its engine). */
export interface FirmwareArea {
  engine: FirmwareEngine;
  repo: FirmwareRepository;
}

declare module 'fastify' {
  interface FastifyInstance {
    firmware: FirmwareArea;
  }
}

/**
 * The waits of an upgrade, all from the step timeout (FIRMWARE_STEP_TIMEOUT_S, default 20 s):
 * a device has 15 of them to install and come back, is asked where it stands every half (at most
 * 5 s), and an upgrade whose server stopped writing its heartbeat for 4 is failed.
 */
export function firmwareTimings(
  stepTimeoutMs: number,
  concurrencyLimit: number,
): { timing: FirmwareTiming; engine: FirmwareEngineOptions } {
  return {
    timing: {
      stepTimeoutMs,
      tries: STEP_TRIES,
      installTimeoutMs: 15 * stepTimeoutMs,
      queryEveryMs: Math.min(5_000, stepTimeoutMs / 2),
      maxBytesPerSecond: MAX_BYTES_PER_SECOND,
    },
    engine: {
      concurrencyLimit,
      waitMs: Math.max(2_000, 2 * stepTimeoutMs),
      staleMs: 4 * stepTimeoutMs,
      sweepMs: Math.max(1_000, stepTimeoutMs),
    },
  };
}

/**
 * Firmware (issue 14): the catalogue, each device's version, upgrades on the durable job queue
 * under a per-location limit, and their live push across servers. Comes after devices (the hub
 * hands it acks, events and reports; it finds devices through the devices' access rules). Its
 * LISTEN needs the database adapter and its steps the device link, hence a factory.
 */
export function firmwareArea(database: Database, link: DeviceLink | undefined): Area {
  return {
    name: 'firmware',
    install: async (ctx) => {
      await installFirmware(ctx, database, link);
    },
  };
}

async function installFirmware(
  ctx: AreaContext,
  database: Database,
  link: DeviceLink | undefined,
): Promise<void> {
  const { app, db, clock, config, jobs } = ctx;
  const log = app.log.child({ area: 'firmware' });
  const devices = app.devices;
  const catalogue = new FirmwareCatalogue();
  const repo = new FirmwareRepository(db);
  const commands = new CommandsRepository(db);
  const fanout = new FirmwareFanout(database, log);
  const { timing, engine: options } = firmwareTimings(
    config.firmwareStepTimeoutMs,
    config.firmwareConcurrency,
  );
  const firmwareLink = link && devices.hub ? new FirmwareLink(link, clock) : undefined;
  const engine = new FirmwareEngine({
    repo,
    jobs,
    clock,
    log,
    options,
    changed: (upgrade) => fanout.changed(upgrade),
    auditFailed: async (upgrade, error) => {
      await commands
        .addSteps([{ cmdId: upgrade.id, state: 'failed', error, at: clock.now() }])
        // never audited: its server died before sending anything
        .catch(() => undefined);
    },
    run: firmwareLink && {
      link: firmwareLink,
      commands,
      timing,
      image: (devClass, version) =>
        repo.imageBytes(devClass, version, () => {
          const bytes = generateImage(devClass, version);
          return { bytes, sha256: sha256Hex(bytes) };
        }),
      changed: (upgrade) => fanout.changed(upgrade),
      commandStep: (address, cmdId, state, error) =>
        devices.events.publish({
          type: 'command',
          ...address,
          cmdId,
          svc: 'firmware',
          state,
          ...(error === undefined ? {} : { error }),
        }),
    },
  });
  await engine.createQueue();

  registerFirmwareRoutes(ctx.calls, {
    service: new FirmwareService({
      devices: new DevicesRepository(db),
      access: devices.access,
      permissions: ctx.permissions,
      catalogue,
      repo,
      engine,
      clock,
    }),
    fanout,
    clock,
  });

  // what the devices say reaches the upgrade this server drives for them
  const stops = [
    devices.hub?.onEveryAck((address, ack) => firmwareLink?.onAck(address, ack)),
    devices.hub?.onHappening((happening) => {
      if (happening.kind !== 'event' || happening.event.type !== 'firmware') return;
      engine.runFor(happening.address)?.onEvent(happening.event.value);
    }),
    devices.events.onEveryEvent((event) => {
      if (event.type !== 'status') return;
      const { devId, kidId } = event;
      engine
        .runFor(kidId === undefined ? { devId } : { devId, kidId })
        ?.onStatus(event.status.fwVer);
    }),
  ];

  app.addHook('onReady', async () => {
    await fanout.start();
    engine.start();
  });
  app.addHook('onClose', async () => {
    for (const stop of stops) stop?.();
    await engine.stop();
    await fanout.stop();
  });
  app.decorate('firmware', { engine, repo });
}
