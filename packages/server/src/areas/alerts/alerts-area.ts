import type { FastifyInstance } from 'fastify';
import type { DataSvc } from '../../http/data-svc';
import type { Clock } from '../../infra/clock';
import type { Db } from '../../infra/db/database';
import type { PermissionsRepository } from '../permissions/permissions.repository';
import { AlertRaiser } from './alert-raiser';
import { AlertsRepository } from './alerts.repository';
import { registerAlertsRoutes } from './alerts.routes';
import { AlertsService } from './alerts.service';

/** How often due offline alerts are looked for. */
const SWEEP_EVERY_MS = 5_000;

declare module 'fastify' {
  interface FastifyInstance {
    alerts: AlertRaiser;
  }
}

/**
 * The alerts area: its calls, and the raiser fed by the device hub's events (after
 * installDevices, which decorates `app.devices`). New alerts reach the console by its 60 s
 * polling: the live stream is per device, it has no per-user channel.
 */
export function installAlerts(
  app: FastifyInstance,
  dataSvc: DataSvc,
  deps: { db: Db; clock: Clock; permissions: PermissionsRepository },
): AlertRaiser {
  const repo = new AlertsRepository(deps.db);
  registerAlertsRoutes(dataSvc, new AlertsService(repo, deps.permissions, deps.clock));
  const raiser = new AlertRaiser(repo, deps.clock, app.log.child({ area: 'alerts' }));
  const stopListening = app.devices.events.onEveryEvent((event) => raiser.onDeviceEvent(event));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', (done) => {
    timer = setInterval(() => {
      raiser.sweep().catch((err: unknown) => app.log.warn({ err }, 'offline alert sweep failed'));
    }, SWEEP_EVERY_MS);
    timer.unref();
    done();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    stopListening();
    await raiser.idle();
  });
  app.decorate('alerts', raiser);
  return raiser;
}
