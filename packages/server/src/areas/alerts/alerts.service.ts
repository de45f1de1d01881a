import {
  type AlertSubscription,
  type AlertSubscriptionKey,
  type AlertsList,
  type SessionUser,
  messages,
  permissionMessages,
} from '@powerdeck/domain';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { requireLocationAccess } from '../../http/location-access';
import type { Clock } from '../../infra/clock';
import type { PermissionsRepository } from '../permissions/permissions.repository';
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
    if (!(await this.repo.isSubscribed(user.userId, key)))
      throw badRequest(messages.unsubscribeFailed);
    await this.repo.setSubscribed(user.userId, key, false, this.clock.now());
    return { ok: true };
  }

  async subscribe(user: SessionUser, key: AlertSubscriptionKey): Promise<{ ok: true }> {
    await this.repo.setSubscribed(user.userId, key, true, this.clock.now());
    return { ok: true };
  }

  async subscriptions(user: SessionUser): Promise<{ records: AlertSubscription[] }> {
    return { records: await this.repo.subscriptions(user.userId) };
  }

  async alertSettings(user: SessionUser, siteId: string): Promise<{ offlineGraceSeconds: number }> {
    await requireLocationAccess(this.permissions, user, siteId);
    return { offlineGraceSeconds: await this.repo.graceSeconds(siteId) };
  }

  /** The offline grace period is set by admin or owner at the location. */
  async setAlertSettings(
    user: SessionUser,
    siteId: string,
    seconds: number,
  ): Promise<{ offlineGraceSeconds: number }> {
    const level = await requireLocationAccess(this.permissions, user, siteId);
    if (level !== 'ADMIN' && level !== 'owner')
      throw forbidden(permissionMessages.noPermissionThisLocation);
    await this.repo.setGraceSeconds(siteId, seconds);
    return { offlineGraceSeconds: seconds };
  }
}
