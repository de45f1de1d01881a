import type { AlertRecord, AlertSubscription, AlertSubscriptionKey } from '@powerdeck/domain';
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database';
import { devices } from '../../infra/db/schema';
import {
  alertSubscriptions,
  alerts,
  locationAlertSettings,
  pendingOfflineAlerts,
} from '../../infra/db/schema-collab';
import type { AlertDraft } from './alert-rules';

/** How many alerts the panel lists (newest first). */
export const ALERTS_LIST_LIMIT = 100;
export const DEFAULT_OFFLINE_GRACE_SECONDS = 60;

export interface AlertDevice {
  devId: string;
  devClass: string;
  devName: string;
  siteId: string | null;
  parentDevId: string | null;
  parentDevClass: string | null;
}

export class AlertsRepository {
  constructor(private readonly db: Db) {}

  async list(userId: string): Promise<{ records: AlertRecord[]; unread: number }> {
    const rows = await this.db
      .select()
      .from(alerts)
      .where(eq(alerts.userId, userId))
      .orderBy(desc(alerts.time), desc(alerts.id))
      .limit(ALERTS_LIST_LIMIT);
    const [unread] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(alerts)
      .where(and(eq(alerts.userId, userId), eq(alerts.read, false), eq(alerts.type, 0)));
    return {
      unread: unread?.n ?? 0,
      records: rows.map((r) => ({
        id: r.id,
        read: r.read,
        isSubscribed: r.isSubscribed,
        msg: r.msg,
        time: r.time.getTime(),
        type: r.type,
        siteId: r.siteId,
        locationId: r.siteId,
        devClass: r.devClass,
        devId: r.devId,
        parentDevClass: r.parentDevClass,
        parentDevId: r.parentDevId,
      })),
    };
  }

  /** Returns false when the alert is not the user's. */
  async markRead(userId: string, id: number): Promise<boolean> {
    const rows = await this.db
      .update(alerts)
      .set({ read: true })
      .where(and(eq(alerts.userId, userId), eq(alerts.id, id)))
      .returning({ id: alerts.id });
    return rows.length > 0;
  }

  async markAllRead(userId: string): Promise<void> {
    await this.db
      .update(alerts)
      .set({ read: true })
      .where(and(eq(alerts.userId, userId), eq(alerts.read, false)));
  }

  async isSubscribed(userId: string, key: AlertSubscriptionKey): Promise<boolean> {
    const [row] = await this.db
      .select({ subscribed: alertSubscriptions.subscribed })
      .from(alertSubscriptions)
      .where(
        and(
          eq(alertSubscriptions.userId, userId),
          eq(alertSubscriptions.type, key.type),
          eq(alertSubscriptions.devClass, key.devClass),
          eq(alertSubscriptions.devId, key.devId),
        ),
      )
      .limit(1);
    return row?.subscribed ?? true;
  }

  /** Sets a subscription and mirrors it on the user's alerts of that device and type. */
  async setSubscribed(
    userId: string,
    key: AlertSubscriptionKey,
    subscribed: boolean,
    at: Date,
  ): Promise<void> {
    await this.db
      .insert(alertSubscriptions)
      .values({ userId, ...key, subscribed, updatedAt: at })
      .onConflictDoUpdate({
        target: [
          alertSubscriptions.userId,
          alertSubscriptions.type,
          alertSubscriptions.devClass,
          alertSubscriptions.devId,
        ],
        set: { subscribed, updatedAt: at },
      });
    await this.db
      .update(alerts)
      .set({ isSubscribed: subscribed })
      .where(
        and(
          eq(alerts.userId, userId),
          eq(alerts.type, key.type),
          eq(alerts.devClass, key.devClass),
          eq(alerts.devId, key.devId),
        ),
      );
  }

  async subscriptions(userId: string): Promise<AlertSubscription[]> {
    const rows = await this.db
      .select({
        type: alertSubscriptions.type,
        devClass: alertSubscriptions.devClass,
        devId: alertSubscriptions.devId,
        subscribed: alertSubscriptions.subscribed,
        devName: devices.devName,
        siteId: devices.siteId,
      })
      .from(alertSubscriptions)
      .leftJoin(devices, eq(devices.devId, alertSubscriptions.devId))
      .where(eq(alertSubscriptions.userId, userId))
      .orderBy(desc(alertSubscriptions.updatedAt));
    return rows;
  }

  async device(devId: string): Promise<AlertDevice | undefined> {
    const [row] = await this.db
      .select({
        devId: devices.devId,
        devClass: devices.devClass,
        devName: devices.devName,
        siteId: devices.siteId,
        parentDevId: devices.parentDevId,
        parentDevClass: sql<
          string | null
        >`(select p.dev_class from devices p where p.dev_id = ${devices.parentDevId})`,
      })
      .from(devices)
      .where(eq(devices.devId, devId))
      .limit(1);
    return row;
  }

  async isOnline(devId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ online: devices.online })
      .from(devices)
      .where(eq(devices.devId, devId))
      .limit(1);
    return row?.online ?? false;
  }

  /**
   * One alert for every user with a level at the device's location who is subscribed to this
   * type on this device and has muted neither the location nor the device. Returns how many.
   */
  async raise(device: AlertDevice, draft: AlertDraft, at: Date): Promise<number> {
    if (!device.siteId) return 0;
    const result = await this.db.execute(sql`
      insert into alerts (user_id, msg, time, type, kind, site_id, dev_class, dev_id, parent_dev_class, parent_dev_id)
      select p.user_id, ${draft.msg}, ${at}, ${draft.type}, ${draft.kind}, ${device.siteId}, ${device.devClass},
             ${device.devId}, ${device.parentDevClass}, ${device.parentDevId}
      from permissions p
      where p.site_id = ${device.siteId}
        and not exists (select 1 from site_mutes m where m.user_id = p.user_id and m.site_id = p.site_id)
        and not exists (select 1 from device_mutes m where m.user_id = p.user_id
                          and m.dev_id in (${device.devId}, coalesce(${device.parentDevId}, ${device.devId})))
        and not exists (select 1 from alert_subscriptions s where s.user_id = p.user_id and s.type = ${draft.type}
                          and s.dev_class = ${device.devClass} and s.dev_id = ${device.devId} and not s.subscribed)
      returning user_id`);
    return rowCount(result);
  }

  /** The kind of the device's latest offline/online alert, to say "back online" only after "offline". */
  async lastConnectionAlert(devId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ kind: alerts.kind })
      .from(alerts)
      .where(and(eq(alerts.devId, devId), inArray(alerts.kind, ['offline', 'online'])))
      .orderBy(desc(alerts.time), desc(alerts.id))
      .limit(1);
    return row?.kind ?? null;
  }

  async graceSeconds(siteId: string | null): Promise<number> {
    if (!siteId) return DEFAULT_OFFLINE_GRACE_SECONDS;
    const [row] = await this.db
      .select({ s: locationAlertSettings.offlineGraceSeconds })
      .from(locationAlertSettings)
      .where(eq(locationAlertSettings.siteId, siteId))
      .limit(1);
    return row?.s ?? DEFAULT_OFFLINE_GRACE_SECONDS;
  }

  async setGraceSeconds(siteId: string, seconds: number): Promise<void> {
    await this.db
      .insert(locationAlertSettings)
      .values({ siteId, offlineGraceSeconds: seconds })
      .onConflictDoUpdate({
        target: locationAlertSettings.siteId,
        set: { offlineGraceSeconds: seconds },
      });
  }

  async addPendingOffline(devId: string, since: Date, dueAt: Date): Promise<void> {
    await this.db
      .insert(pendingOfflineAlerts)
      .values({ devId, since, dueAt })
      .onConflictDoNothing();
  }

  /** Returns true when a pending offline alert was cancelled (the device came back in time). */
  async cancelPendingOffline(devId: string): Promise<boolean> {
    const rows = await this.db
      .delete(pendingOfflineAlerts)
      .where(eq(pendingOfflineAlerts.devId, devId))
      .returning({ devId: pendingOfflineAlerts.devId });
    return rows.length > 0;
  }

  /** Claims the pending offline alerts now due (one statement: each is claimed by one server). */
  async claimDueOffline(now: Date): Promise<string[]> {
    const rows = await this.db
      .delete(pendingOfflineAlerts)
      .where(lte(pendingOfflineAlerts.dueAt, now))
      .returning({ devId: pendingOfflineAlerts.devId });
    return rows.map((r) => r.devId);
  }
}

function rowCount(result: unknown): number {
  const r = result as { rows?: unknown[]; affectedRows?: number; rowCount?: number };
  return r.rows?.length ?? r.rowCount ?? r.affectedRows ?? 0;
}
