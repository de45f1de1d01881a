import { readinessChecks } from '../../http/health';
import type { Database } from '../../infra/db/database';
import { OutboxRepository } from '../../infra/mail/outbox.repository';
import type { DeviceLink } from '../../infra/mqtt/device-link';
import type { Area } from '../area';
import { ServerHeartbeat } from './server-heartbeat';
import { registerSystemStatusRoutes } from './system-status.routes';
import { SystemStatusRepository } from './system-status.repository';
import { SystemStatusService } from './system-status.service';

/** Each server's heartbeat and counter sample (docs/operations.md "System Status"). */
const HEARTBEAT_EVERY_MS = 10_000;

/** The running System Status area of an app (tests beat its heartbeat by hand). */
export interface SystemStatusArea {
  heartbeat: ServerHeartbeat;
}

declare module 'fastify' {
  interface FastifyInstance {
    systemStatus: SystemStatusArea;
  }
}

/**
 * System Status (issue 19 item 6): this server's heartbeat (version, uptime and its device and
 * command counts, every 10 s, in the database all servers share) and the call that reads every
 * server's. Comes after devices (the hub's and tracker's counts).
 */
export function systemStatusArea(
  database: Database,
  link: DeviceLink | undefined,
  options: { heartbeatEveryMs?: number } = {},
): Area {
  return {
    name: 'system-status',
    install: ({ app, calls, db, clock, config, jobs, mailer }) => {
      const everyMs = options.heartbeatEveryMs ?? HEARTBEAT_EVERY_MS;
      const repo = new SystemStatusRepository(db);
      const heartbeat = new ServerHeartbeat(
        repo,
        clock,
        () => {
          const hub = app.devices.hub?.stats;
          const tracker = app.devices.tracker?.stats;
          return {
            statuses: hub?.statuses ?? 0,
            commands: tracker?.sent ?? 0,
            commandFailures: tracker?.failed ?? 0,
            commandExpiries: tracker?.expired ?? 0,
          };
        },
        app.log.child({ area: 'system-status' }),
        everyMs,
      );
      const service = new SystemStatusService({
        repo,
        clock,
        jobs,
        outbox: new OutboxRepository(db),
        mailer,
        isUp: readinessChecks({ database, link }),
        databaseKind: database.kind,
        brokerKind: config.mqttUrl ? 'external' : 'embedded',
        selfId: heartbeat.serverId,
        stepMs: everyMs,
      });
      registerSystemStatusRoutes(calls, service);
      app.decorate('systemStatus', { heartbeat });
      app.addHook('onReady', () => heartbeat.start());
      app.addHook('onClose', () => heartbeat.stop());
    },
  };
}
