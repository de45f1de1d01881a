import { alertSettingsSchema, alertSubscriptionKeySchema } from '@powerdeck/domain';
import { z } from 'zod';
import { type DataSvc, authedSvc } from '../../http/data-svc';
import type { AlertsService } from './alerts.service';

const siteIdInput = z.object({
  siteId: z.string({ message: 'siteId is required' }).trim().min(1, 'siteId is required').max(100),
});

/** notificationsManagement and alertsManagement calls (spec §7, plus subscription and grace settings). */
export function registerAlertsRoutes(dataSvc: DataSvc, service: AlertsService): void {
  dataSvc.area('notificationsManagement', {
    enumerate: authedSvc({
      methods: ['GET'],
      input: z.object({ isFromWeb: z.string().optional() }),
      handler: ({ auth }) => service.enumerate(auth.user),
    }),
    read: authedSvc({
      methods: ['GET', 'POST'],
      input: z.object({ id: z.coerce.number({ message: 'id must be a number' }).int().positive() }),
      handler: ({ auth, input }) => service.read(auth.user, input.id),
    }),
    readall: authedSvc({
      methods: ['GET', 'POST'],
      handler: ({ auth }) => service.readAll(auth.user),
    }),
  });
  dataSvc.area('alertsManagement', {
    unsubscribe: authedSvc({
      methods: ['GET', 'POST'],
      input: alertSubscriptionKeySchema,
      handler: ({ auth, input }) => service.unsubscribe(auth.user, input),
    }),
    subscribe: authedSvc({
      methods: ['GET', 'POST'],
      input: alertSubscriptionKeySchema,
      handler: ({ auth, input }) => service.subscribe(auth.user, input),
    }),
    listSubscriptions: authedSvc({
      methods: ['GET'],
      input: z.object({
        pageNo: z.coerce
          .number({ message: 'pageNo must be a page number' })
          .int('pageNo must be a page number')
          .min(1, 'pageNo must be a page number')
          .max(100_000, 'pageNo must be a page number')
          .default(1),
      }),
      handler: ({ auth, input }) => service.subscriptions(auth.user, input.pageNo),
    }),
    getAlertSettings: authedSvc({
      methods: ['GET'],
      input: siteIdInput,
      handler: ({ auth, input }) => service.alertSettings(auth.user, input.siteId),
    }),
    setAlertSettings: authedSvc({
      methods: ['POST'],
      input: siteIdInput.extend(alertSettingsSchema.shape),
      handler: ({ auth, input }) =>
        service.setAlertSettings(auth.user, input.siteId, input.offlineGraceSeconds),
    }),
  });
}
