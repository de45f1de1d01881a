import {
  ALERT_TYPE,
  type AlertEmail,
  type AlertKind,
  type AlertRecord,
  type AlertSettings,
} from '@powerdeck/domain';
import { api } from '../../../lib/api';

/** `notificationsManagement svc=enumerate&isFromWeb=true` (spec §7), polled every 60 s. */
export function enumerateAlerts() {
  return api.alerts.enumerate({ isFromWeb: 'true' });
}

export function markAlertRead(id: number) {
  return api.alerts.read({ id });
}

export function markAllAlertsRead() {
  return api.alerts.readall({});
}

type SubscriptionKey = Pick<AlertRecord, 'type' | 'devClass' | 'devId'>;

/** An alert without a device sends empty ids, which the server refuses (400) like missing ones. */
const keyOf = (key: SubscriptionKey) => ({
  type: key.type,
  devClass: key.devClass ?? '',
  devId: key.devId ?? '',
});

/** `alertsManagement svc=unsubscribe` with type, devClass, devId. */
export function unsubscribeAlert(key: SubscriptionKey) {
  return api.alerts.unsubscribe(keyOf(key));
}

export function subscribeAlert(key: SubscriptionKey) {
  return api.alerts.subscribe(keyOf(key));
}

/** Every alert the user can subscribe to (one per device at their locations), a page at a time. */
export function listSubscriptions(pageNo: number) {
  return api.alerts.listSubscriptions({ pageNo });
}

/** A location's offline grace period (any level there may read it). */
export function getAlertSettings(siteId: string) {
  return api.alerts.getAlertSettings({ siteId });
}

/** Sets a location's offline grace period (admin or owner there). */
export function setAlertSettings(siteId: string, settings: AlertSettings) {
  return api.alerts.setAlertSettings({ siteId, offlineGraceSeconds: settings.offlineGraceSeconds });
}

/** Manage Alerts: each kind of alert of a device and its kids, the mutes and the grace period. */
export function getDeviceAlerts(siteId: string, devId: string) {
  return api.alerts.getDeviceAlerts({ siteId, devId });
}

/** Turns one kind of a device's alerts on or off for the caller. */
export function setAlertKind(
  key: { devClass: string; devId: string; kind: AlertKind },
  subscribed: boolean,
) {
  const input = { type: ALERT_TYPE, ...key };
  return subscribed ? api.alerts.subscribe(input) : api.alerts.unsubscribe(input);
}

/** `mutesManagement svc=muteDevice/unmuteDevice` (spec §7). */
export function setDeviceMuted(siteId: string, devId: string, muted: boolean) {
  return api.deviceViews[muted ? 'muteDevice' : 'unmuteDevice']({ siteId, devId });
}

/** Whether the alerts of one type of a device also come by e-mail to the caller (issue 19). */
export function setAlertEmail(
  key: { type: number; devClass: string; devId: string },
  email: AlertEmail,
) {
  const { type, devClass, devId } = key;
  return api.alerts.setAlertEmail({ type, devClass, devId, ...email });
}

/** One-click unsubscribe of an alert e-mail (the button of its page): the mail's signed token. */
export function unsubscribeByMail(token: string) {
  return api.alerts.unsubscribeByMail({ token });
}
