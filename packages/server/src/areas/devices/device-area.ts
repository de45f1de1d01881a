import { fleetFilters } from '@powerdeck/domain';
import type { FastifyInstance } from 'fastify';
import type { CallRegistry } from '../../http/contract';
import type { Clock } from '../../infra/clock';
import type { Db } from '../../infra/db/database';
import type { BrokerCredentialSink } from '../../infra/mqtt/broker-credentials';
import type { DeviceLink } from '../../infra/mqtt/device-link';
import type { PermissionsRepository } from '../permissions/permissions.repository';
import { CommandTracker } from './command-tracker';
import { CommandsRepository } from './commands.repository';
import { DeviceAccess } from './device-access';
import { DeviceCredentials } from './device-credentials';
import { DeviceCredentialsRepository } from './device-credentials.repository';
import { registerDeviceControlRoutes } from './device-control.routes';
import { DeviceControlService } from './device-control.service';
import { DeviceHub } from './device-hub';
import { DeviceSettingsRepository } from './device-settings.repository';
import { registerDeviceSettingsRoutes } from './device-settings.routes';
import { DeviceSettingsService, type SettingsTimes } from './device-settings.service';
import { DeviceListsService } from './device-lists.service';
import { DeviceStateRepository } from './device-state.repository';
import { registerDeviceViewRoutes } from './device-view.routes';
import { DevicesRepository } from './devices.repository';
import { DevicesService } from './devices.service';
import { registerLegacyDeviceRoutes } from './legacy.routes';
import { LiveEvents } from './live-events';
import { registerLiveRoutes } from './live.routes';
import { StateWriter, type StateWriterOptions } from './state-writer';

export interface DeviceAreaOptions {
  /** The broker connection; without it devices are read-only (commands answer 503). */
  link?: DeviceLink;
  /**
   * A durable link for the devices' events, each acknowledged once written (DeviceHub); without
   * it events come over `link` and are acknowledged on arrival.
   */
  eventLink?: DeviceLink;
  /**
   * Shared-subscription group when several servers share an external broker (each report then
   * reaches one of them, and also any that watches the device).
   */
  shareGroup?: string;
  writer?: StateWriterOptions;
  /**
   * Brokers that keep their own copy of device credentials (the embedded broker's refusal list,
   * Mosquitto's dynamic security); each claim, new secret and delete is handed to them.
   */
  credentialSinks?: readonly BrokerCredentialSink[];
  /** How long a device has to acknowledge a new secret (tests shorten it). */
  credentialAckMs?: number;
  heartbeatMs?: number;
  /** How long device settings reads and saves wait for the device (tests shorten them). */
  settingsTimes?: Partial<SettingsTimes>;
}

/** The running device hub of an app, for main.ts, tests, benchmarks and the schedules area. */
export interface DeviceArea {
  events: LiveEvents;
  /** Finds devices at a location and sends commands through the rules of a click (schedules). */
  access: DeviceAccess;
  control: DeviceControlService;
  /** Claims, secrets and deletes of device broker credentials (registration uses it). */
  credentials: DeviceCredentials;
  hub: DeviceHub | undefined;
  tracker: CommandTracker | undefined;
  writer: StateWriter;
  /** Several servers share the devices' reports (shared subscriptions on an external broker). */
  severalServers: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    devices: DeviceArea;
  }
}

/**
 * Wires the devices area: repositories, hub, command tracker, live events and every device route.
 * The hub starts when the app is ready and flushes its pending writes when the app closes.
 */
export function installDevices(
  app: FastifyInstance,
  calls: CallRegistry,
  deps: {
    db: Db;
    clock: Clock;
    permissions: PermissionsRepository;
    options: DeviceAreaOptions;
  },
): DeviceArea {
  const { db, clock, options } = deps;
  const log = app.log.child({ area: 'devices' });
  const events = new LiveEvents(clock);
  const writer = new StateWriter(new DeviceStateRepository(db), log, options.writer);
  const link = options.link;
  const tracker = link
    ? new CommandTracker({ link, repo: new CommandsRepository(db), events, clock, log })
    : undefined;
  const hub =
    link && tracker
      ? new DeviceHub({
          link,
          writer,
          events,
          tracker,
          clock,
          log,
          ...(options.shareGroup === undefined ? {} : { shareGroup: options.shareGroup }),
          ...(options.eventLink ? { eventLink: options.eventLink } : {}),
        })
      : undefined;
  const credentials = new DeviceCredentials({
    repo: new DeviceCredentialsRepository(db),
    link,
    sinks: options.credentialSinks ?? [],
    clock,
    log,
    ...(options.credentialAckMs === undefined ? {} : { ackTimeoutMs: options.credentialAckMs }),
  });
  hub?.onReport((address, status) => credentials.onStatus(address, status));
  hub?.onEveryAck((address, ack) => credentials.onAck(address, ack));
  const repo = new DevicesRepository(db);
  const access = new DeviceAccess(repo, deps.permissions, clock, () => hub);
  const devices = new DevicesService(repo, access, () => tracker);
  const lists = new DeviceListsService(repo, deps.permissions, access);
  const control = new DeviceControlService(repo, access, () => tracker, events);
  const settings = new DeviceSettingsService({
    repo: new DeviceSettingsRepository(db),
    devices: repo,
    access,
    control,
    events,
    clock,
    ...(options.settingsTimes ? { times: options.settingsTimes } : {}),
  });

  registerDeviceViewRoutes(calls, { devices, lists, control });
  registerDeviceControlRoutes(calls, control, settings);
  registerDeviceSettingsRoutes(calls, settings);
  registerLegacyDeviceRoutes(calls, { devices, control });
  registerLiveRoutes(calls, {
    access,
    events,
    ...(options.heartbeatMs === undefined ? {} : { heartbeatMs: options.heartbeatMs }),
    ...(link && options.shareGroup !== undefined ? { watch: watcher(link, log) } : {}),
  });

  app.addHook('onReady', async () => {
    writer.start();
    await hub?.start();
  });
  app.addHook('onClose', async () => {
    tracker?.stop();
    await tracker?.drain();
    await writer.stop();
  });
  const area: DeviceArea = {
    events,
    access,
    control,
    credentials,
    hub,
    tracker,
    writer,
    severalServers: options.shareGroup !== undefined,
  };
  app.decorate('devices', area);
  return area;
}

/**
 * With several servers, status is ingested through shared subscriptions (each message reaches one
 * server), so a server also subscribes to the devices its own streams watch.
 */
function watcher(link: DeviceLink, log: FastifyInstance['log']) {
  const counts = new Map<string, number>();
  const filters = (devId: string) =>
    (['online', 'status', 'event'] as const).flatMap((kind) =>
      fleetFilters(kind).map((f) => f.replace('/+/', `/${devId}/`)),
    );
  return (devId: string) => {
    const n = counts.get(devId) ?? 0;
    counts.set(devId, n + 1);
    if (n === 0) link.subscribe(filters(devId)).catch((err: unknown) => log.warn({ err }, 'watch'));
    return () => {
      const left = (counts.get(devId) ?? 1) - 1;
      if (left > 0) return void counts.set(devId, left);
      counts.delete(devId);
      link.unsubscribe(filters(devId)).catch((err: unknown) => log.warn({ err }, 'unwatch'));
    };
  };
}
