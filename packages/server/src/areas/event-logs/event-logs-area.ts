import type { DeviceStatusView } from '@powerdeck/domain';
import type { Database } from '../../infra/db/database';
import { statusAlerts } from '../alerts/alert-rules';
import type { Area, AreaContext } from '../area';
import { CommandsRepository } from '../devices/commands.repository';
import type { DeviceHappening } from '../devices/device-hub';
import { DeviceEventWriter, type DeviceEventWriterOptions } from './device-event-writer';
import { DeviceEventsRepository } from './device-events.repository';
import { EventLogFanout, type EventLogNotifier } from './event-log-fanout';
import { registerEventLogRoutes } from './event-logs.routes';
import { EventLogsRepository } from './event-logs.repository';
import { EventLogsService } from './event-logs.service';

/** The running event log of an app (tests, benchmarks, the schedules area). */
export interface EventLogArea {
  /** Call `changed(siteId)` after logging something elsewhere (a schedule event). */
  notifier: EventLogNotifier;
  writer: DeviceEventWriter;
}

declare module 'fastify' {
  interface FastifyInstance {
    eventLogs: EventLogArea;
  }
}

export interface EventLogAreaOptions {
  writer?: DeviceEventWriterOptions;
  heartbeatMs?: number;
}

/**
 * The event logs area (issue 13): its calls, the writer of what devices report (fed by the device
 * hub, after installDevices) and the live push of each location's log across servers. Its LISTEN
 * needs the database adapter itself, hence a factory.
 */
export function eventLogsArea(database: Database, options: EventLogAreaOptions = {}): Area {
  return {
    name: 'eventLogs',
    install: (ctx) => {
      installEventLogs(ctx, database, options);
    },
  };
}

function installEventLogs(
  ctx: AreaContext,
  database: Database,
  options: EventLogAreaOptions,
): EventLogArea {
  const { app, db, clock } = ctx;
  const log = app.log.child({ area: 'eventLogs' });
  const repo = new EventLogsRepository(db);
  const fanout = new EventLogFanout(database, log, (devIds) => repo.sitesOfDevices(devIds));
  const writer = new DeviceEventWriter(
    new DeviceEventsRepository(db),
    log,
    (siteIds) => {
      for (const siteId of siteIds) fanout.changed(siteId);
    },
    options.writer,
  );
  const service = new EventLogsService(repo, ctx.permissions, new CommandsRepository(db), clock);
  registerEventLogRoutes(ctx.calls, {
    service,
    fanout,
    clock,
    ...(options.heartbeatMs === undefined ? {} : { heartbeatMs: options.heartbeatMs }),
  });

  const devices = app.devices;
  const record = (happening: DeviceHappening) => {
    const { address } = happening;
    const where = {
      devId: address.kidId ?? address.devId,
      parentDevId: address.kidId === undefined ? null : address.devId,
      at: clock.now(),
    };
    if (happening.kind === 'connection') {
      writer.connection({ ...where, online: happening.online, retained: happening.retained });
      return undefined;
    }
    const { event } = happening;
    // the broker's acknowledgement of the event waits for this (the hub's event link): the next
    // flush, within ~100 ms, with the other events that came meanwhile
    return writer.event({
      ...where,
      type: event.type,
      outlet: event.outlet ?? null,
      target: event.target ?? null,
      value: event.value,
      deviceTime: new Date(event.time * 1000),
    });
  };
  const batteryLow = (devId: string, level: number, sysTime: number | null) =>
    void writer.event({
      devId,
      parentDevId: null,
      type: 'batteryLow',
      outlet: null,
      value: level,
      deviceTime: sysTime === null ? null : new Date(sysTime * 1000),
      at: clock.now(),
    });
  const stops = [
    devices.hub?.onHappening(record) ?? (() => true),
    // every step of a command: the log's entry for it changed
    devices.events.onEveryEvent((event) => {
      if (event.type === 'command') fanout.changedDevices([event.kidId ?? event.devId]);
    }),
    watchBattery(devices, batteryLow),
  ];

  app.addHook('onReady', async () => {
    await fanout.start();
    writer.start();
  });
  app.addHook('onClose', async () => {
    for (const stop of stops) stop();
    await writer.stop();
    await fanout.stop();
  });
  const area: EventLogArea = { notifier: fanout, writer };
  app.decorate('eventLogs', area);
  return area;
}

/**
 * A battery running low arrives only in status reports: the alert rules (`statusAlerts`) judge it,
 * against the previous report on this server, or, when several servers share the reports, against
 * the stored status (so one server logs it), as the alerts area does.
 */
function watchBattery(
  devices: AreaContext['app']['devices'],
  batteryLow: (devId: string, level: number, sysTime: number | null) => void,
): () => unknown {
  const view = (battlevel: unknown, sysTime = 0): DeviceStatusView => ({
    time: 0,
    sysTime,
    otlts: [],
    ...(typeof battlevel === 'number' ? { battlevel } : {}),
  });
  const judge = (devId: string, before: DeviceStatusView, after: DeviceStatusView) => {
    if (statusAlerts('', before, after).some((draft) => draft.kind === 'battery')) {
      batteryLow(devId, after.battlevel ?? 0, after.sysTime || null);
    }
  };
  if (devices.severalServers) {
    return devices.writer.onStatusReplaced(['battlevel'], (replaced) => {
      for (const { devId, before, after } of replaced) {
        judge(devId, view(before.battlevel), view(after.battlevel));
      }
    });
  }
  const last = new Map<string, number>();
  return devices.events.onEveryEvent((event) => {
    if (event.type !== 'status' || event.status.battlevel === undefined) return;
    const devId = event.kidId ?? event.devId;
    const before = last.get(devId);
    last.set(devId, event.status.battlevel);
    if (before !== undefined) judge(devId, view(before), event.status);
  });
}
