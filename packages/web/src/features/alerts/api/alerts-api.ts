import type { AlertRecord, AlertSubscription, AlertsList } from '@powerdeck/domain';
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

export function listSubscriptions() {
  return dataSvc<{ records: AlertSubscription[] }>('alertsManagement', 'listSubscriptions');
}
