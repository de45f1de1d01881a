import type {
  AlertRecord,
  AlertSettings,
  AlertSubscriptionsPage,
  AlertsList,
} from '@powerdeck/domain';
import { dataSvc } from '../../../lib/api-client';

/** `notificationsManagement svc=enumerate&isFromWeb=true` (spec §7), polled every 60 s. */
export function enumerateAlerts(): Promise<AlertsList> {
  return dataSvc<AlertsList>('notificationsManagement', 'enumerate', {
    query: { isFromWeb: true },
  });
}

export function markAlertRead(id: number) {
  return dataSvc<{ ok: boolean }>('notificationsManagement', 'read', { query: { id } });
}

export function markAllAlertsRead() {
  return dataSvc<{ ok: boolean }>('notificationsManagement', 'readall');
}

type SubscriptionKey = Pick<AlertRecord, 'type' | 'devClass' | 'devId'>;

/** `alertsManagement svc=unsubscribe` with type, devClass, devId. */
export function unsubscribeAlert(key: SubscriptionKey) {
  return dataSvc<{ ok: boolean }>('alertsManagement', 'unsubscribe', {
    query: { type: key.type, devClass: key.devClass, devId: key.devId },
  });
}

export function subscribeAlert(key: SubscriptionKey) {
  return dataSvc<{ ok: boolean }>('alertsManagement', 'subscribe', {
    query: { type: key.type, devClass: key.devClass, devId: key.devId },
  });
}

/** Every alert the user can subscribe to (one per device at their locations), a page at a time. */
export function listSubscriptions(pageNo: number) {
  return dataSvc<AlertSubscriptionsPage>('alertsManagement', 'listSubscriptions', {
    query: { pageNo },
  });
}

/** A location's offline grace period (any level there may read it). */
export function getAlertSettings(siteId: string) {
  return dataSvc<AlertSettings>('alertsManagement', 'getAlertSettings', { query: { siteId } });
}

/** Sets a location's offline grace period (admin or owner there). */
export function setAlertSettings(siteId: string, settings: AlertSettings) {
  return dataSvc<AlertSettings>('alertsManagement', 'setAlertSettings', {
    method: 'POST',
    form: { siteId, offlineGraceSeconds: settings.offlineGraceSeconds },
  });
}
