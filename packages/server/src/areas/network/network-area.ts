import type { Area, AreaContext } from '../area';
import { DevicesRepository } from '../devices/devices.repository';
import { DiscoveryService } from './discovery.service';
import { registerNetworkRoutes } from './network.routes';
import { NetworkRepository } from './network.repository';
import { NetworkService } from './network.service';
import { NetworkOutletGuard } from './outlet-guard';
import { PingDelivery } from './ping-delivery';
import { PingReconciler } from './ping-reconciler';

/** How often each server reloads the desired ping versions (a save on another server). */
const REFRESH_EVERY_MS = 5_000;

/** The running network area of an app (tests look at its reconciler). */
export interface NetworkArea {
  reconciler: PingReconciler;
}

declare module 'fastify' {
  interface FastifyInstance {
    network: NetworkArea;
  }
}

/**
 * Network management (issue 15): the calls of the Network Management tab and Discover Units, the
 * reconciler that keeps every device on its auto-ping configuration (fed by the devices' status
 * reports), the guard against switching off an outlet that feeds the network (installed on the
 * devices' control service), and the network alerts of what auto-ping reports (from the event
 * log's writer, which keeps each report once). Comes after devices, alerts and the event logs.
 */
export function networkArea(options: NetworkAreaOptions = {}): Area {
  return {
    name: 'network',
    install: (ctx) => {
      installNetwork(ctx, options);
    },
  };
}

/** The network area's waits (tests shorten them). */
export interface NetworkAreaOptions {
  /** A device is sent its ping configuration again at most this often (default 10 s). */
  resendEveryMs?: number;
  /** How long a device has to finish a discovery (default 60 s). */
  discoveryTtlMs?: number;
}

function installNetwork(ctx: AreaContext, options: NetworkAreaOptions): void {
  const { app, db, clock, permissions } = ctx;
  const log = app.log.child({ area: 'network' });
  const { access, control, events, hub } = app.devices;
  const repo = new NetworkRepository(db);
  const devices = new DevicesRepository(db);
  const delivery = new PingDelivery({ repo, devices, access, control });
  const reconciler = new PingReconciler({
    loadDesired: () => repo.desiredVersions(),
    deliver: (devId) => delivery.deliver(devId),
    bump: (devId, reported) => delivery.bump(devId, reported),
    clock,
    log,
    ...(options.resendEveryMs === undefined ? {} : { resendEveryMs: options.resendEveryMs }),
  });
  const discovery = new DiscoveryService({
    repo,
    access,
    control,
    events,
    permissions,
    clock,
    log,
    hasLink: () => app.devices.tracker !== undefined,
    ...(options.discoveryTtlMs === undefined ? {} : { ttlMs: options.discoveryTtlMs }),
  });
  registerNetworkRoutes(ctx.calls, {
    network: new NetworkService({ repo, devices, access, permissions, reconciler, clock }),
    discovery,
  });
  control.useNetworkGuard(
    new NetworkOutletGuard({
      repo,
      alert: (devId, otlt) => app.alerts.networkOutletOff(devId, otlt),
      log,
    }),
  );

  const stops = [
    // what a device runs is in its status: an older version than the console's is sent again
    events.onEveryEvent((event) => {
      if (event.type !== 'status' || event.kidId !== undefined) return;
      const ping = event.status.ping;
      if (ping !== undefined) reconciler.onStatus(event.devId, ping.version);
    }),
    hub?.onHappening((happening) => {
      if (happening.kind !== 'event' || happening.event.type !== 'discover') return;
      discovery.onEvent(happening.address, happening.event.value).catch((err: unknown) => {
        log.warn({ err }, 'discovery phase not recorded');
      });
    }),
    app.eventLogs.writer.onLogged((logged) => {
      const reports = logged.filter((e) => e.type === 'ping' || e.type === 'autoReboot');
      if (reports.length > 0) app.alerts.onAutoPingLogged(reports);
    }),
  ];

  let timer: NodeJS.Timeout | undefined;
  const refresh = () =>
    reconciler.refresh().catch((err: unknown) => {
      log.warn({ err }, 'desired ping versions not reloaded');
    });
  app.addHook('onReady', async () => {
    await refresh();
    timer = setInterval(() => void refresh(), REFRESH_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', () => {
    clearInterval(timer);
    for (const stop of stops) stop?.();
    return Promise.resolve();
  });
  app.decorate('network', { reconciler });
}
