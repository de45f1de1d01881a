import {
  ALERT_SUBSCRIPTIONS_PAGE_SIZE,
  type AlertSettings,
  type AlertSubscriptionKey,
  type AlertSubscriptionsPage,
  type AlertsList,
  type SessionUser,
  canManageLocation,
  messages,
  permissionMessages,
} from '@powerdeck/domain';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { requireLocationAccess } from '../../http/location-access';
import type { Clock } from '../../infra/clock';
import type { PermissionsRepository } from '../permissions/permissions.repository';
import { DEVICE_NOT_FOUND } from '../devices/device-access';
import type { AlertsRepository } from './alerts.repository';

/** The alerts panel and subscriptions (spec §2, §4, §7). */
export class AlertsService {
  constructor(
    private readonly repo: AlertsRepository,
    private readonly permissions: PermissionsRepository,
    private readonly clock: Clock,
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

  /** Refuses an unsubscribe that is already in place ('…or you have already unsubscribed.'). */
  async unsubscribe(user: SessionUser, key: AlertSubscriptionKey): Promise<{ ok: true }> {
    await this.requireVisibleDevice(user, key);
    if (!(await this.repo.isSubscribed(user.userId, key)))
      throw badRequest(messages.unsubscribeFailed);
    await this.repo.setSubscribed(user.userId, key, false, this.clock.now());
    return { ok: true };
  }

  async subscribe(user: SessionUser, key: AlertSubscriptionKey): Promise<{ ok: true }> {
    await this.requireVisibleDevice(user, key);
    await this.repo.setSubscribed(user.userId, key, true, this.clock.now());
    return { ok: true };
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
    return { ...page, pageNo, recordsPerPage: ALERT_SUBSCRIPTIONS_PAGE_SIZE };
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
