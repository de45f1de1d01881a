import { type AlertEmail, DEFAULT_DIGEST_MINUTES } from '@powerdeck/domain';
import { type SQL, and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database';
import { rowsOf } from '../../infra/db/rows';
import { alertEmailSubscriptions } from '../../infra/db/schema-collab';
import type { MailedSubscription } from './alert-mail-token';

/** A raised alert whose user wants it by e-mail, and how. */
export interface EmailTarget {
  alertId: number;
  userId: string;
  time: Date;
  mode: 'immediate' | 'digest';
  digestMinutes: number;
}

/** An alert that may be mailed now, with what the mail says. */
export interface MailableAlert {
  id: number;
  userId: string;
  msg: string;
  time: Date;
  kind: string;
  type: number;
  siteId: string;
  devClass: string;
  devId: string;
  parentDevClass: string | null;
  parentDevId: string | null;
  devName: string;
  locationName: string;
  email: string;
}

/** One (device, kind) of a mail window: the unit at most one mail is sent for. */
export interface MailSlot {
  devId: string;
  kind: string;
}

const OFF: AlertEmail = { emailMode: 'off', digestMinutes: DEFAULT_DIGEST_MINUTES };

/** The e-mail choices of alert subscriptions and the log of alert e-mails (migration 0062). */
export class AlertMailRepository {
  constructor(private readonly db: Db) {}

  /** The user's e-mail choice for the alerts of one type of these devices, by device id. */
  async choices(
    userId: string,
    type: number,
    devices: readonly { devClass: string; devId: string }[],
  ): Promise<Map<string, AlertEmail>> {
    const byDevice = new Map<string, AlertEmail>();
    if (devices.length === 0) return byDevice;
    const s = alertEmailSubscriptions;
    const rows = await this.db
      .select({ devId: s.devId, mode: s.mode, digestMinutes: s.digestMinutes })
      .from(s)
      .where(
        and(
          eq(s.userId, userId),
          eq(s.type, type),
          or(...devices.map((d) => and(eq(s.devClass, d.devClass), eq(s.devId, d.devId)))),
        ),
      );
    for (const row of rows) {
      byDevice.set(row.devId, {
        emailMode: row.mode,
        digestMinutes: row.digestMinutes as AlertEmail['digestMinutes'],
      });
    }
    return byDevice;
  }

  choiceOf(map: Map<string, AlertEmail>, devId: string): AlertEmail {
    return map.get(devId) ?? OFF;
  }

  /** Sets one subscription's e-mail choice ('off' removes its row). */
  async setChoice(
    userId: string,
    key: MailedSubscription,
    email: AlertEmail,
    at: Date,
  ): Promise<void> {
    if (email.emailMode === 'off') {
      await this.turnOff(userId, [key]);
      return;
    }
    const s = alertEmailSubscriptions;
    const values = { mode: email.emailMode, digestMinutes: email.digestMinutes, updatedAt: at };
    await this.db
      .insert(s)
      .values({ userId, ...key, ...values })
      .onConflictDoUpdate({ target: [s.userId, s.type, s.devClass, s.devId], set: values });
  }

  /** Turns e-mail off for these subscriptions of the user; returns how many had it on. */
  async turnOff(userId: string, keys: readonly MailedSubscription[]): Promise<number> {
    if (keys.length === 0) return 0;
    const s = alertEmailSubscriptions;
    const rows = await this.db
      .delete(s)
      .where(
        and(
          eq(s.userId, userId),
          or(
            ...keys.map((k) =>
              and(eq(s.type, k.type), eq(s.devClass, k.devClass), eq(s.devId, k.devId)),
            ),
          ),
        ),
      )
      .returning({ devId: s.devId });
    return rows.length;
  }

  /** Those of the alerts whose user chose e-mail for their subscription, with the choice. */
  async emailTargets(alertIds: readonly number[]): Promise<EmailTarget[]> {
    if (alertIds.length === 0) return [];
    const result = await this.db.execute(sql`
      select a.id, a.user_id, a.time, s.mode, s.digest_minutes
      from alerts a
      join alert_email_subscriptions s on s.user_id = a.user_id and s.type = a.type
        and s.dev_class = a.dev_class and s.dev_id = a.dev_id
      where a.id in (select jsonb_array_elements_text(${JSON.stringify(alertIds)}::jsonb)::bigint)`);
    return rowsOf<{
      id: number | string;
      user_id: string;
      time: Date | string;
      mode: 'immediate' | 'digest';
      digest_minutes: number;
    }>(result).map((r) => ({
      alertId: Number(r.id),
      userId: r.user_id,
      time: new Date(r.time),
      mode: r.mode,
      digestMinutes: r.digest_minutes,
    }));
  }

  /** One alert of the user, if it is still to be mailed at once (see `mailable`). */
  async immediateAlert(userId: string, alertId: number): Promise<MailableAlert | undefined> {
    const [alert] = await this.mailable(userId, sql`a.id = ${alertId} and s.mode = 'immediate'`);
    return alert;
  }

  /** The user's alerts raised in a digest window, oldest first, still to be mailed in it. */
  digestAlerts(
    userId: string,
    windowMinutes: number,
    from: Date,
    to: Date,
  ): Promise<MailableAlert[]> {
    return this.mailable(
      userId,
      sql`s.mode = 'digest' and s.digest_minutes = ${windowMinutes}
        and a.time >= ${from} and a.time < ${to}`,
    );
  }

  /**
   * The user's alerts matching `filter` that may be mailed now: an alert of a device (not of a
   * location) whose subscription still has e-mail on and is still subscribed, at a location the
   * user still holds a level at, with neither the location nor the device (or its parent) muted
   * by the user — a mute set after the alert was raised still keeps it out of a digest.
   */
  private async mailable(userId: string, filter: SQL): Promise<MailableAlert[]> {
    const result = await this.db.execute(sql`
      select a.id, a.user_id, a.msg, a.time, a.kind, a.type, a.site_id, a.dev_class, a.dev_id,
             a.parent_dev_class, a.parent_dev_id,
             coalesce(nullif(trim(d.dev_name), ''), a.dev_id) as dev_name,
             coalesce(l.name, '') as location_name, u.email
      from alerts a
      join alert_email_subscriptions s on s.user_id = a.user_id and s.type = a.type
        and s.dev_class = a.dev_class and s.dev_id = a.dev_id
      join users u on u.id = a.user_id
      left join devices d on d.dev_id = a.dev_id
      left join locations l on l.id = a.site_id
      where a.user_id = ${userId} and a.is_subscribed and a.site_id is not null
        and exists (select 1 from permissions p where p.user_id = a.user_id and p.site_id = a.site_id)
        and not exists (select 1 from site_mutes m where m.user_id = a.user_id and m.site_id = a.site_id)
        and not exists (select 1 from device_mutes m where m.user_id = a.user_id
                          and m.dev_id in (a.dev_id, coalesce(a.parent_dev_id, a.dev_id)))
        and not exists (select 1 from alert_subscriptions x where x.user_id = a.user_id
                          and x.type = a.type and x.dev_class = a.dev_class and x.dev_id = a.dev_id
                          and x.kind = a.kind and not x.subscribed)
        and ${filter}
      order by a.time, a.id`);
    return rowsOf<{
      id: number | string;
      user_id: string;
      msg: string;
      time: Date | string;
      kind: string;
      type: number;
      site_id: string;
      dev_class: string;
      dev_id: string;
      parent_dev_class: string | null;
      parent_dev_id: string | null;
      dev_name: string;
      location_name: string;
      email: string;
    }>(result).map((r) => ({
      id: Number(r.id),
      userId: r.user_id,
      msg: r.msg,
      time: new Date(r.time),
      kind: r.kind,
      type: r.type,
      siteId: r.site_id,
      devClass: r.dev_class,
      devId: r.dev_id,
      parentDevClass: r.parent_dev_class,
      parentDevId: r.parent_dev_id,
      devName: r.dev_name,
      locationName: r.location_name,
      email: r.email,
    }));
  }

  /**
   * Claims the window's slots for a job: a slot nobody claimed becomes this job's. Returns the
   * slots this job holds and has not mailed yet (a retry of the job gets its own back; a slot of
   * another job, or one already mailed, is left out).
   */
  async claim(
    userId: string,
    slots: readonly MailSlot[],
    window: { minutes: number; start: Date },
    jobId: string,
  ): Promise<MailSlot[]> {
    if (slots.length === 0) return [];
    const result = await this.db.execute(sql`
      with wanted as (
        select x."devId" as dev_id, x.kind
        from jsonb_to_recordset(${JSON.stringify(slots)}::jsonb) as x("devId" text, kind text)
      ), inserted as (
        insert into alert_mail_log (user_id, dev_id, kind, window_minutes, window_start, job_id)
        select ${userId}, dev_id, kind, ${window.minutes}, ${window.start}, ${jobId} from wanted
        on conflict do nothing
        returning dev_id, kind
      )
      select dev_id, kind from inserted
      union
      select l.dev_id, l.kind from alert_mail_log l join wanted w using (dev_id, kind)
      where l.user_id = ${userId} and l.window_minutes = ${window.minutes}
        and l.window_start = ${window.start} and l.job_id = ${jobId} and l.mailed_at is null`);
    return rowsOf<{ dev_id: string; kind: string }>(result).map((r) => ({
      devId: r.dev_id,
      kind: r.kind,
    }));
  }

  /** Records the slots as mailed (a retry of their job then sends nothing). */
  async markMailed(
    userId: string,
    slots: readonly MailSlot[],
    window: { minutes: number; start: Date },
    at: Date,
  ): Promise<void> {
    if (slots.length === 0) return;
    await this.db.execute(sql`
      update alert_mail_log l set mailed_at = ${at}
      from jsonb_to_recordset(${JSON.stringify(slots)}::jsonb) as x("devId" text, kind text)
      where l.user_id = ${userId} and l.dev_id = x."devId" and l.kind = x.kind
        and l.window_minutes = ${window.minutes} and l.window_start = ${window.start}`);
  }
}

/** The subscriptions (type and device) the alerts came from, each once: a mail's unsubscribe. */
export function subscriptionsOf(alerts: readonly MailableAlert[]): MailedSubscription[] {
  const seen = new Map<string, MailedSubscription>();
  for (const a of alerts) {
    const key = `${String(a.type)}/${a.devClass}/${a.devId}`;
    if (!seen.has(key)) seen.set(key, { type: a.type, devClass: a.devClass, devId: a.devId });
  }
  return [...seen.values()];
}
