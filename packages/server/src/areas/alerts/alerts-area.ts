import type { FastifyInstance } from 'fastify';
import type { CallRegistry } from '../../http/contract';
import type { Clock } from '../../infra/clock';
import type { Database } from '../../infra/db/database';
import type { JobQueue } from '../../infra/jobs/job-queue';
import type { Mailer } from '../../infra/mail/mailer';
import { sharedSecret } from '../devices/server-secrets.repository';
import type { PermissionsRepository } from '../permissions/permissions.repository';
import { AlertFanout } from './alert-fanout';
import { AlertMail } from './alert-mail';
import { ALERT_MAIL_KEY } from './alert-mail-token';
import { AlertMailRepository } from './alert-mail.repository';
import { AlertRaiser } from './alert-raiser';
import { ALERTED_STATUS_FIELDS } from './alert-rules';
import { registerAlertStreamRoutes } from './alert-stream.routes';
import { AlertsRepository } from './alerts.repository';
import { registerAlertsRoutes } from './alerts.routes';
import { AlertsService } from './alerts.service';

/**
 * How often every server looks for due offline alerts, besides the timer set at each due time:
 * a drop recorded by another server, or before a restart, is still raised within a second.
 */
const SWEEP_EVERY_MS = 1_000;

declare module 'fastify' {
  interface FastifyInstance {
    alerts: AlertRaiser;
    /** Alert e-mails: their durable jobs and one-click unsubscribe (issue 19). */
    alertMail: AlertMail;
  }
}

/**
 * The alerts area: its calls, the raiser fed by the device hub's events (after installDevices,
 * which decorates `app.devices`), and each user's live alert stream, fed across servers by the
 * fan-out.
 */
export function installAlerts(
  app: FastifyInstance,
  calls: CallRegistry,
  deps: {
    database: Database;
    clock: Clock;
    permissions: PermissionsRepository;
    jobs: JobQueue;
    mailer: Mailer;
    /** Where the console is reached: the links of alert e-mails. */
    publicOrigin: string;
  },
): AlertRaiser {
  const { db } = deps.database;
  const repo = new AlertsRepository(db);
  const mailRepo = new AlertMailRepository(db);
  const fanout = new AlertFanout(deps.database);
  let secret: Promise<string> | undefined;
  const alertMail = new AlertMail({
    repo: mailRepo,
    jobs: deps.jobs,
    mailer: deps.mailer,
    clock: deps.clock,
    publicOrigin: deps.publicOrigin,
    secret: () => {
      // read once; a failed read is tried again next time
      secret ??= sharedSecret(db, ALERT_MAIL_KEY).catch((error: unknown) => {
        secret = undefined;
        throw error;
      });
      return secret;
    },
    log: app.log.child({ area: 'alert-mail' }),
  });
  registerAlertsRoutes(
    calls,
    new AlertsService(repo, deps.permissions, deps.clock, mailRepo),
    alertMail,
  );
  registerAlertStreamRoutes(calls, { repo, fanout });
  const { severalServers } = app.devices;
  const raiser = new AlertRaiser(
    repo,
    deps.clock,
    app.log.child({ area: 'alerts' }),
    fanout,
    severalServers ? 'database' : 'events',
    alertMail,
  );
  const stopListening = app.devices.events.onEveryEvent((event) => raiser.onDeviceEvent(event));
  // Comparing with the stored status costs each state write a locking read: only worth it when
  // several servers share the reports.
  const stopWatchingStatus = severalServers
    ? app.devices.writer.onStatusReplaced(ALERTED_STATUS_FIELDS, (replaced) =>
        raiser.onStatusesReplaced(replaced),
      )
    : () => undefined;
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await fanout.start();
    await alertMail.start();
    timer = setInterval(() => {
      // a failure is logged by the raiser
      raiser.sweep().catch(() => undefined);
    }, SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    stopListening();
    stopWatchingStatus();
    raiser.stop();
    await raiser.idle();
    await fanout.stop();
  });
  app.decorate('alerts', raiser);
  app.decorate('alertMail', alertMail);
  return raiser;
}
