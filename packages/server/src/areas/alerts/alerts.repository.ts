import {
  ALERTS_LIST_LIMIT,
  ALERT_SUBSCRIPTIONS_PAGE_SIZE,
  ALERT_TYPE,
  type AlertKind,
  type AlertRecord,
  type AlertSubscription,
  type AlertSubscriptionKey,
  findAlertKinds,
} from '@powerdeck/domain';
import { type SQL, and, asc, desc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../infra/db/database';
import { rowsOf } from '../../infra/db/rows';
import { deviceMutes, devices, locations, permissions, siteMutes } from '../../infra/db/schema';
import {
  alertSubscriptions,
  alerts,
  locationAlertSettings,
  pendingOfflineAlerts,
} from '../../infra/db/schema-collab';
import type { AlertDraft } from './alert-rules';

export const DEFAULT_OFFLINE_GRACE_SECONDS = 60;

/** A device a user can subscribe to the alerts of (Manage Alerts). */
export interface SubscribableDevice {
  devId: string;
  devClass: string;
  devName: string;
  parentDevId: string | null;
}

/**
 * Stands for the device's name in an alert draft's message; the database puts the name in when
 * it raises the alert (a private-use character on each side: no name or message holds it).
 */
export const DEVICE_NAME = '\u{E000}device\u{E000}';

export class AlertsRepository {
  constructor(private readonly db: Db) {}

  async list(userId: string): Promise<{ records: AlertRecord[]; unread: number }> {
    const rows = await this.db
      .select()
      .from(alerts)
      .where(eq(alerts.userId, userId))
      .orderBy(desc(alerts.time), desc(alerts.id))
      .limit(ALERTS_LIST_LIMIT);
    return { unread: await this.unread(userId), records: rows.map(toRecord) };
  }

  /** The user's alerts after `afterId`, oldest first (the live stream's catch-up). */
  async newerThan(
    userId: string,
    afterId: number,
    limit = ALERTS_LIST_LIMIT,
  ): Promise<AlertRecord[]> {
    const rows = await this.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.userId, userId), gt(alerts.id, afterId)))
      .orderBy(asc(alerts.id))
      .limit(limit);
    return rows.map(toRecord);
  }

  /** The id of the user's newest alert (0 when none): a new stream starts after it. */
  async latestId(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ id: sql<number | null>`max(${alerts.id})` })
      .from(alerts)
      .where(eq(alerts.userId, userId));
    return Number(row?.id ?? 0);
  }

  async unread(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(alerts)
      .where(and(eq(alerts.userId, userId), eq(alerts.read, false), eq(alerts.type, ALERT_TYPE)));
    return row?.n ?? 0;
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

  /** The location of the device the key names (null when there is none of that class and id). */
  async siteOfDevice(key: AlertSubscriptionKey): Promise<string | null> {
    const [row] = await this.db
      .select({ siteId: devices.siteId })
      .from(devices)
      .where(and(eq(devices.devId, key.devId), eq(devices.devClass, key.devClass)))
      .limit(1);
    return row?.siteId ?? null;
  }

  /** The kinds of alerts of one type the user unsubscribed from on these devices, by device. */
  async unsubscribedKinds(
    userId: string,
    type: number,
    devices: readonly { devClass: string; devId: string }[],
  ): Promise<Map<string, Set<string>>> {
    const byDevice = new Map<string, Set<string>>();
    if (devices.length === 0) return byDevice;
    const rows = await this.db
      .select({ devId: alertSubscriptions.devId, kind: alertSubscriptions.kind })
      .from(alertSubscriptions)
      .where(
        and(
          eq(alertSubscriptions.userId, userId),
          eq(alertSubscriptions.type, type),
          eq(alertSubscriptions.subscribed, false),
          or(
            ...devices.map((d) =>
              and(
                eq(alertSubscriptions.devClass, d.devClass),
                eq(alertSubscriptions.devId, d.devId),
              ),
            ),
          ),
        ),
      );
    for (const row of rows) {
      const kinds = byDevice.get(row.devId) ?? new Set<string>();
      kinds.add(row.kind);
      byDevice.set(row.devId, kinds);
    }
    return byDevice;
  }

  /**
   * Sets the subscription to some kinds of a device's alerts of one type (one row per kind) and
   * mirrors it on the user's alerts of those kinds.
   */
  async setSubscribed(
    userId: string,
    key: Omit<AlertSubscriptionKey, 'kind'>,
    kinds: readonly AlertKind[],
    subscribed: boolean,
    at: Date,
  ): Promise<void> {
    if (kinds.length === 0) return;
    const { type, devClass, devId } = key;
    await this.db
      .insert(alertSubscriptions)
      .values(
        kinds.map((kind) => ({ userId, type, devClass, devId, kind, subscribed, updatedAt: at })),
      )
      .onConflictDoUpdate({
        target: [
          alertSubscriptions.userId,
          alertSubscriptions.type,
          alertSubscriptions.devClass,
          alertSubscriptions.devId,
          alertSubscriptions.kind,
        ],
        set: { subscribed, updatedAt: at },
      });
    await this.db
      .update(alerts)
      .set({ isSubscribed: subscribed })
      .where(
        and(
          eq(alerts.userId, userId),
          eq(alerts.type, type),
          eq(alerts.devClass, devClass),
          eq(alerts.devId, devId),
          inArray(alerts.kind, [...kinds]),
        ),
      );
  }

  /** A device at a location and its kids there (the device first), or [] when it is not there. */
  async deviceWithKids(siteId: string, devId: string): Promise<SubscribableDevice[]> {
    const rows = await this.db
      .select({
        devId: devices.devId,
        devClass: devices.devClass,
        devName: devices.devName,
        parentDevId: devices.parentDevId,
      })
      .from(devices)
      .where(
        and(
          eq(devices.siteId, siteId),
          or(eq(devices.devId, devId), eq(devices.parentDevId, devId)),
        ),
      )
      .orderBy(asc(devices.createdAt), asc(devices.devId));
    const device = rows.find((r) => r.devId === devId);
    if (!device) return [];
    return [device, ...rows.filter((r) => r !== device && r.parentDevId === devId)];
  }

  /** Whether the user muted the device (or, for a kid, its parent) and its location. */
  async mutes(
    userId: string,
    siteId: string,
    device: { devId: string; parentDevId: string | null },
  ): Promise<{ device: boolean; location: boolean }> {
    const ids = [device.devId, ...(device.parentDevId ? [device.parentDevId] : [])];
    const [deviceMute] = await this.db
      .select({ devId: deviceMutes.devId })
      .from(deviceMutes)
      .where(and(eq(deviceMutes.userId, userId), inArray(deviceMutes.devId, ids)))
      .limit(1);
    const [siteMute] = await this.db
      .select({ siteId: siteMutes.siteId })
      .from(siteMutes)
      .where(and(eq(siteMutes.userId, userId), eq(siteMutes.siteId, siteId)))
      .limit(1);
    return { device: deviceMute !== undefined, location: siteMute !== undefined };
  }

  /**
   * Every alert the user can subscribe to — the alerts of each device at a location where they
   * hold a level (the audience of `raise`) — with its state, a page at a time.
   */
  async subscriptions(
    userId: string,
    pageNo: number,
  ): Promise<{ records: Omit<AlertSubscription, 'email'>[]; totalRecords: number }> {
    const audience = and(eq(permissions.userId, userId), eq(permissions.siteId, devices.siteId));
    const [total] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(devices)
      .innerJoin(permissions, audience);
    const records = await this.db
      .select({
        type: sql<number>`${ALERT_TYPE}::int`,
        devClass: devices.devClass,
        devId: devices.devId,
        // the kinds unsubscribed, comma-separated (kinds are plain words)
        off: sql<string | null>`(select string_agg(${alertSubscriptions.kind}, ',')
          from ${alertSubscriptions}
          where ${alertSubscriptions.userId} = ${userId} and ${alertSubscriptions.type} = ${ALERT_TYPE}
            and ${alertSubscriptions.devClass} = ${devices.devClass}
            and ${alertSubscriptions.devId} = ${devices.devId} and not ${alertSubscriptions.subscribed})`,
        devName: devices.devName,
        siteId: devices.siteId,
        locationName: locations.name,
      })
      .from(devices)
      .innerJoin(permissions, audience)
      .leftJoin(locations, eq(locations.id, devices.siteId))
      .orderBy(asc(locations.name), asc(devices.devName), asc(devices.devId))
      .limit(ALERT_SUBSCRIPTIONS_PAGE_SIZE)
      .offset((pageNo - 1) * ALERT_SUBSCRIPTIONS_PAGE_SIZE);
    return {
      // subscribed while any kind its family raises is (every kind off reads as unsubscribed)
      records: records.map(({ off, ...record }) => {
        const unsubscribed = new Set(off?.split(',') ?? []);
        return {
          ...record,
          subscribed: findAlertKinds(record.devClass).some((kind) => !unsubscribed.has(kind)),
        };
      }),
      totalRecords: total?.n ?? 0,
    };
  }

  /** Those of the devices that are offline now (one statement for any number). */
  async offlineAmong(devIds: readonly string[]): Promise<string[]> {
    if (devIds.length === 0) return [];
    const result = await this.db.execute(sql`
      select dev_id from devices
      where ${among('dev_id', devIds)} and not online`);
    return rowsOf<{ dev_id: string }>(result).map((r) => r.dev_id);
  }

  /**
   * Raises the drafts on one device, in one statement: each goes to every user with a level at
   * the device's location who is subscribed to its type and kind on this device and has muted neither the
   * location nor the device. `DEVICE_NAME` in a message becomes the device's name (its id when it
   * has none). Returns the alerts raised, each with its user.
   */
  async raise(
    devId: string,
    drafts: readonly AlertDraft[],
    at: Date,
  ): Promise<{ id: number; userId: string }[]> {
    if (drafts.length === 0) return [];
    const result = await this.db.execute(sql`
      with d as (
        select dev_id, dev_class, coalesce(nullif(dev_name, ''), dev_id) as name, site_id, parent_dev_id,
               (select p.dev_class from devices p where p.dev_id = devices.parent_dev_id) as parent_dev_class
        from devices where dev_id = ${devId} and site_id is not null
      ), x as (
        select * from rows from (
          jsonb_to_recordset(${JSON.stringify(drafts)}::jsonb) as (msg text, type int, kind text)
        ) with ordinality as x(msg, type, kind, n)
      )
      insert into alerts (user_id, msg, time, type, kind, site_id, dev_class, dev_id, parent_dev_class, parent_dev_id)
      select p.user_id, replace(x.msg, ${DEVICE_NAME}, d.name), ${at}, x.type, x.kind, d.site_id, d.dev_class,
             d.dev_id, d.parent_dev_class, d.parent_dev_id
      from d cross join x join permissions p on p.site_id = d.site_id
      where not exists (select 1 from site_mutes m where m.user_id = p.user_id and m.site_id = p.site_id)
        and not exists (select 1 from device_mutes m where m.user_id = p.user_id
                          and m.dev_id in (d.dev_id, coalesce(d.parent_dev_id, d.dev_id)))
        and not exists (select 1 from alert_subscriptions s where s.user_id = p.user_id and s.type = x.type
                          and s.dev_class = d.dev_class and s.dev_id = d.dev_id and s.kind = x.kind
                          and not s.subscribed)
      order by x.n
      returning id, user_id`);
    return rowsOf<{ id: number | string; user_id: string }>(result).map((r) => ({
      id: Number(r.id),
      userId: r.user_id,
    }));
  }

  /**
   * Raises location-level drafts (no device: an energy budget): each goes to every user with a
   * level at the location who has not muted it. `tx` lets a caller raise it in its transaction.
   * Returns the users alerted.
   */
  async raiseAtLocation(
    siteId: string,
    drafts: readonly AlertDraft[],
    at: Date,
    tx: DbOrTx = this.db,
  ): Promise<string[]> {
    if (drafts.length === 0) return [];
    const result = await tx.execute(sql`
      with x as (
        select * from rows from (
          jsonb_to_recordset(${JSON.stringify(drafts)}::jsonb) as (msg text, type int, kind text)
        ) with ordinality as x(msg, type, kind, n)
      )
      insert into alerts (user_id, msg, time, type, kind, site_id)
      select p.user_id, x.msg, ${at}, x.type, x.kind, p.site_id
      from x cross join permissions p
      where p.site_id = ${siteId}
        and not exists (select 1 from site_mutes m where m.user_id = p.user_id and m.site_id = p.site_id)
      order by x.n, p.user_id
      returning user_id`);
    return rowsOf<{ user_id: string }>(result).map((r) => r.user_id);
  }

  /**
   * Those of the devices whose latest offline/online alert is 'offline', so "back online" is said
   * only after "offline".
   */
  async lastAlertedOffline(devIds: readonly string[]): Promise<string[]> {
    if (devIds.length === 0) return [];
    const result = await this.db.execute(sql`
      select dev_id from (
        select distinct on (dev_id) dev_id, kind from alerts
        where ${among('dev_id', devIds)} and kind in ('offline', 'online')
        order by dev_id, time desc, id desc
      ) latest
      where kind = 'offline'`);
    return rowsOf<{ dev_id: string }>(result).map((r) => r.dev_id);
  }

  /** An outlet's first label (the alerts of auto-reboots name it); null when it has none. */
  async outletName(devId: string, otlt: number): Promise<string | null> {
    const result = await this.db.execute(
      sql`select name1 from outlets where dev_id = ${devId} and otlt_id = ${otlt}`,
    );
    return rowsOf<{ name1: string }>(result)[0]?.name1.trim() || null;
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

  /**
   * Records known devices as pending offline from `since`, each due after its location's grace
   * period (one statement for any number); a device already pending keeps its earlier due time.
   * Returns the distinct due times recorded.
   */
  async addPendingOffline(devIds: readonly string[], since: Date): Promise<Date[]> {
    if (devIds.length === 0) return [];
    const result = await this.db.execute(sql`
      insert into pending_offline_alerts (dev_id, since, due_at)
      select d.dev_id, ${since}::timestamptz,
             ${since}::timestamptz + make_interval(secs => coalesce(s.offline_grace_seconds, ${DEFAULT_OFFLINE_GRACE_SECONDS}))
      from devices d left join location_alert_settings s on s.site_id = d.site_id
      where ${among('d.dev_id', devIds)}
      on conflict (dev_id) do nothing
      returning due_at`);
    const due = new Set(
      rowsOf<{ due_at: Date | string }>(result).map((r) => new Date(r.due_at).getTime()),
    );
    return [...due].map((ms) => new Date(ms));
  }

  /** Cancels the pending offline alerts of the devices (they came back in time); returns those cancelled. */
  async cancelPendingOffline(devIds: readonly string[]): Promise<string[]> {
    if (devIds.length === 0) return [];
    const result = await this.db.execute(sql`
      delete from pending_offline_alerts
      where ${among('dev_id', devIds)}
      returning dev_id`);
    return rowsOf<{ dev_id: string }>(result).map((r) => r.dev_id);
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

/**
 * `column IN (the ids)`, the ids sent as one JSON parameter: any number of them, never a
 * statement per id or a parameter each.
 */
function among(column: 'dev_id' | 'd.dev_id', devIds: readonly string[]): SQL {
  return sql`${sql.raw(column)} in (select jsonb_array_elements_text(${JSON.stringify(devIds)}::jsonb))`;
}

function toRecord(r: typeof alerts.$inferSelect): AlertRecord {
  return {
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
  };
}
