import {
  ALERT_KINDS,
  ALERT_SUBSCRIPTIONS_PAGE_SIZE,
  ALERT_TYPE,
  type AlertEmail,
  type AlertKind,
  type AlertSettings,
  type AlertSubscriptionKey,
  type AlertSubscriptionsPage,
  type AlertsList,
  type DeviceAlerts,
  type SessionUser,
  canManageLocation,
  findAlertKinds,
  messages,
  permissionMessages,
} from '@powerdeck/domain';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { requireLocationAccess } from '../../http/location-access';
import type { Clock } from '../../infra/clock';
import type { PermissionsRepository } from '../permissions/permissions.repository';
import { DEVICE_NOT_FOUND } from '../devices/device-access';
import type { AlertMailRepository } from './alert-mail.repository';
import type { AlertsRepository } from './alerts.repository';

export const alertErrors = {
  kindNotRaised: (kind: AlertKind) => `This device does not raise ${kind} alerts.`,
} as const;

/** The alerts panel and subscriptions (spec §2, §4, §7). */
export class AlertsService {
  constructor(
    private readonly repo: AlertsRepository,
    private readonly permissions: PermissionsRepository,
    private readonly clock: Clock,
    private readonly mail: AlertMailRepository,
  ) {}

  enumerate(user: SessionUser): Promise<AlertsList> {
    return this.repo.list(user.userId);
  }

  async read(user: SessionUser, id: number): Promise<{ ok: true }> {
    if (!(await this.repo.markRead(user.userId, id))) throw notFound('Alert not found.');
    return { ok: true };
  }

  async readAll(user: SessionUser): Promise<{ ok: true }> {
    await this.repo.markAllRead(user.userId);
    return { ok: true };
  }

  /**
   * Stops the alerts of one type of a device: one kind, or without `kind` every kind (spec §7).
   * Refuses an unsubscribe that is already in place ('…or you have already unsubscribed.'): the
   * kind is off, or without a kind every kind the device's family raises is.
   */
  async unsubscribe(user: SessionUser, key: AlertSubscriptionKey): Promise<{ ok: true }> {
    await this.requireVisibleDevice(user, key);
    const kinds = this.kindsOf(key);
    const off = (await this.repo.unsubscribedKinds(user.userId, key.type, [key])).get(key.devId);
    const raised = key.kind === undefined ? findAlertKinds(key.devClass) : kinds;
    if (raised.every((kind) => off?.has(kind))) throw badRequest(messages.unsubscribeFailed);
    await this.repo.setSubscribed(user.userId, key, kinds, false, this.clock.now());
    return { ok: true };
  }

  async subscribe(user: SessionUser, key: AlertSubscriptionKey): Promise<{ ok: true }> {
    await this.requireVisibleDevice(user, key);
    await this.repo.setSubscribed(user.userId, key, this.kindsOf(key), true, this.clock.now());
    return { ok: true };
  }

  /**
   * The kinds a key names: its kind, which the device's family must raise (400 otherwise), or
   * every kind (a kind the family does not raise costs nothing and keeps the choice if it ever does).
   */
  private kindsOf(key: AlertSubscriptionKey): readonly AlertKind[] {
    if (key.kind === undefined) return ALERT_KINDS;
    if (!findAlertKinds(key.devClass).includes(key.kind)) {
      throw badRequest(alertErrors.kindNotRaised(key.kind));
    }
    return [key.kind];
  }

  /**
   * Manage Alerts: each kind of alert the device and its kids can raise (from the catalog), on or
   * off for the caller, the caller's mutes and the location's grace period. A device that is not
   * at the location is 404.
   */
  async deviceAlerts(
    user: SessionUser,
    input: { siteId: string; devId: string },
  ): Promise<DeviceAlerts> {
    await requireLocationAccess(this.permissions, user, input.siteId);
    const found = await this.repo.deviceWithKids(input.siteId, input.devId);
    const [device] = found;
    if (!device) throw notFound(DEVICE_NOT_FOUND);
    const off = await this.repo.unsubscribedKinds(user.userId, ALERT_TYPE, found);
    const mutes = await this.repo.mutes(user.userId, input.siteId, device);
    const email = await this.mail.choices(user.userId, ALERT_TYPE, found);
    return {
      siteId: input.siteId,
      receivesAlerts: (await this.permissions.permLvlAt(user.userId, input.siteId)) !== null,
      devices: found.map((d) => ({
        devId: d.devId,
        devClass: d.devClass,
        devName: d.devName.trim() || d.devId,
        alerts: findAlertKinds(d.devClass).map((kind) => ({
          kind,
          subscribed: !off.get(d.devId)?.has(kind),
        })),
        email: this.mail.choiceOf(email, d.devId),
      })),
      muted: mutes.device,
      locationMuted: mutes.location,
      offlineGraceSeconds: await this.repo.graceSeconds(input.siteId),
    };
  }

  /**
   * A subscription names a device the caller can see (a level at its location, or the SUPPORT
   * tier); any other device, or none, is the same 404, so device ids cannot be probed.
   */
  private async requireVisibleDevice(user: SessionUser, key: AlertSubscriptionKey): Promise<void> {
    const siteId = await this.repo.siteOfDevice(key);
    const visible =
      siteId !== null &&
      (user.tier === 'SUPPORT' || (await this.permissions.permLvlAt(user.userId, siteId)) !== null);
    if (!visible) throw notFound(DEVICE_NOT_FOUND);
  }

  /** Every alert the user can subscribe to (each device at their locations), with its state. */
  async subscriptions(user: SessionUser, pageNo: number): Promise<AlertSubscriptionsPage> {
    const page = await this.repo.subscriptions(user.userId, pageNo);
    const email = new Map<number, Map<string, AlertEmail>>();
    for (const type of new Set(page.records.map((r) => r.type))) {
      const ofType = page.records.filter((r) => r.type === type);
      email.set(type, await this.mail.choices(user.userId, type, ofType));
    }
    return {
      ...page,
      records: page.records.map((r) => ({
        ...r,
        email: this.mail.choiceOf(email.get(r.type) ?? new Map<string, AlertEmail>(), r.devId),
      })),
      pageNo,
      recordsPerPage: ALERT_SUBSCRIPTIONS_PAGE_SIZE,
    };
  }

  /**
   * Whether the caller's alerts of one type of a device also come by e-mail (issue 19): a device
   * the caller can see, as for subscribing. The alerts mailed are those the bell gets, so a
   * muted device or location, or an unsubscribed kind, is never mailed.
   */
  async setAlertEmail(
    user: SessionUser,
    input: Omit<AlertSubscriptionKey, 'kind'> & AlertEmail,
  ): Promise<{ ok: true }> {
    const { type, devClass, devId, ...email } = input;
    await this.requireVisibleDevice(user, { type, devClass, devId });
    await this.mail.setChoice(user.userId, { type, devClass, devId }, email, this.clock.now());
    return { ok: true };
  }

  async alertSettings(user: SessionUser, siteId: string): Promise<AlertSettings> {
    await requireLocationAccess(this.permissions, user, siteId);
    return { offlineGraceSeconds: await this.repo.graceSeconds(siteId) };
  }

  /** The offline grace period is set by admin or owner at the location. */
  async setAlertSettings(
    user: SessionUser,
    siteId: string,
    seconds: number,
  ): Promise<AlertSettings> {
    const level = await requireLocationAccess(this.permissions, user, siteId);
    if (!canManageLocation(level)) throw forbidden(permissionMessages.noPermissionThisLocation);
    await this.repo.setGraceSeconds(siteId, seconds);
    return { offlineGraceSeconds: seconds };
  }
}
