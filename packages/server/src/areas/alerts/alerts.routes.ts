import { callTable } from '@powerdeck/domain';
import type { CallRegistry } from '../../http/contract';
import type { AlertMail } from './alert-mail';
import type { AlertsService } from './alerts.service';

/** notificationsManagement and alertsManagement calls (spec §7, plus subscription and grace settings). */
export function registerAlertsRoutes(
  calls: CallRegistry,
  service: AlertsService,
  mail: Pick<AlertMail, 'unsubscribe'>,
): void {
  calls.implement(callTable.alerts, {
    enumerate: ({ auth }) => service.enumerate(auth.user),
    read: ({ auth, input }) => service.read(auth.user, input.id),
    readall: ({ auth }) => service.readAll(auth.user),
    unsubscribe: ({ auth, input }) => service.unsubscribe(auth.user, input),
    subscribe: ({ auth, input }) => service.subscribe(auth.user, input),
    getDeviceAlerts: ({ auth, input }) => service.deviceAlerts(auth.user, input),
    listSubscriptions: ({ auth, input }) => service.subscriptions(auth.user, input.pageNo),
    getAlertSettings: ({ auth, input }) => service.alertSettings(auth.user, input.siteId),
    setAlertSettings: ({ auth, input }) =>
      service.setAlertSettings(auth.user, input.siteId, input.offlineGraceSeconds),
    setAlertEmail: ({ auth, input }) => service.setAlertEmail(auth.user, input),
    unsubscribeByMail: ({ input }) => mail.unsubscribe(input.token),
  });
}
