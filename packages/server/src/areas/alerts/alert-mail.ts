import {
  ALERT_MAIL_UNSUBSCRIBE_PAGE,
  IMMEDIATE_MAIL_WINDOW_MINUTES,
  alertEmailMessages,
  callPath,
  callTable,
  devicePath,
} from '@powerdeck/domain';
import type { FastifyBaseLogger } from 'fastify';
import { createHash } from 'node:crypto';
import { badRequest } from '../../http/errors';
import type { Clock } from '../../infra/clock';
import type { JobQueue } from '../../infra/jobs/job-queue';
import { renderMail } from '../../infra/mail/mail-layout';
import type { MailMessage, Mailer } from '../../infra/mail/mailer';
import {
  UNSUBSCRIBE_LINK_DAYS,
  signUnsubscribeToken,
  verifyUnsubscribeToken,
} from './alert-mail-token';
import {
  type AlertMailRepository,
  type MailSlot,
  type MailableAlert,
  subscriptionsOf,
} from './alert-mail.repository';

/** The durable queue of alert e-mails: one job per immediate alert, one per user's digest window. */
export const ALERT_MAIL_QUEUE = 'alert-mail';

export type AlertMailJob =
  | { kind: 'immediate'; userId: string; alertId: number }
  | { kind: 'digest'; userId: string; windowMinutes: number; windowStart: number };

/** A digest job waits this long after its window ends, for alerts raised at its last moment. */
const DIGEST_SLACK_MS = 5_000;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** The start of the window of `minutes` that `time` falls in (windows are aligned to the epoch). */
export function windowStartOf(time: Date, minutes: number): Date {
  const length = minutes * MINUTE_MS;
  return new Date(Math.floor(time.getTime() / length) * length);
}

/**
 * A job id made from what the job is for (pg-boss takes uuids): a second send of the same work
 * while the first waits is not queued again, whichever server sends it.
 */
export function jobIdFor(key: string): string {
  const hex = createHash('sha256').update(`alert-mail/${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const utc = (time: Date) => `${time.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** A header never carries a line break (a device name is user input). */
const headerText = (text: string) => text.replace(/[\r\n\t]+/g, ' ').slice(0, 200);

/**
 * Alert e-mails (issue 19 item 3). After alerts are raised, `queueFor` queues a job for each that
 * its user wants by e-mail: at once (one job per alert) or in the digest of its window (one job
 * per user and window, started when the window ends). A job mails only what may still be mailed
 * (e-mail still on, not muted, still subscribed) and claims each device and kind of alert in the
 * window in alert_mail_log first, so a flapping device, a retried job or a second server never
 * mails the same slot twice.
 */
export class AlertMail {
  constructor(
    private readonly deps: {
      repo: AlertMailRepository;
      jobs: JobQueue;
      mailer: Mailer;
      clock: Clock;
      publicOrigin: string;
      /** The key unsubscribe links are signed with (server_secrets). */
      secret: () => Promise<string>;
      log: Pick<FastifyBaseLogger, 'warn'>;
    },
  ) {}

  /** Creates the queue and its worker. */
  async start(): Promise<void> {
    const { jobs } = this.deps;
    await jobs.createQueue(ALERT_MAIL_QUEUE);
    jobs.work<AlertMailJob>(ALERT_MAIL_QUEUE, { pollingIntervalSeconds: 1 }, async (batch) => {
      for (const job of batch) await this.deliver(job.data, job.id);
    });
  }

  /** Queues the e-mails of newly raised alerts (those whose users chose e-mail). */
  async queueFor(alertIds: readonly number[]): Promise<void> {
    const targets = await this.deps.repo.emailTargets(alertIds);
    if (targets.length === 0) return;
    const now = this.deps.clock.now().getTime();
    const queued = new Map<string, { data: AlertMailJob; options: object }>();
    for (const t of targets) {
      if (t.mode === 'immediate') {
        const id = jobIdFor(`immediate/${t.userId}/${String(t.alertId)}`);
        queued.set(id, {
          data: { kind: 'immediate', userId: t.userId, alertId: t.alertId },
          options: { id, retryLimit: 5, retryDelay: 30 },
        });
        continue;
      }
      const start = windowStartOf(t.time, t.digestMinutes);
      const id = jobIdFor(`digest/${t.userId}/${String(t.digestMinutes)}/${start.toISOString()}`);
      // startAfter is read against the database's clock: the window's rest, from now
      const rest = start.getTime() + t.digestMinutes * MINUTE_MS - now;
      queued.set(id, {
        data: {
          kind: 'digest',
          userId: t.userId,
          windowMinutes: t.digestMinutes,
          windowStart: start.getTime(),
        },
        options: {
          id,
          startAfter: new Date(Date.now() + Math.max(0, rest) + DIGEST_SLACK_MS),
          retryLimit: 5,
          retryDelay: 60,
        },
      });
    }
    await this.deps.jobs.sendMany(ALERT_MAIL_QUEUE, [...queued.values()]);
  }

  /** Runs one job (the worker; tests call it to run a digest whose window they moved past). */
  async deliver(job: AlertMailJob, jobId: string): Promise<void> {
    if (job.kind === 'immediate') await this.deliverImmediate(job.userId, job.alertId, jobId);
    else await this.deliverDigest(job.userId, job.windowMinutes, new Date(job.windowStart), jobId);
  }

  /** Turns e-mail off for the subscriptions of a signed unsubscribe token; 400 when invalid. */
  async unsubscribe(token: string): Promise<{ ok: true }> {
    const claim = verifyUnsubscribeToken(await this.deps.secret(), token, this.deps.clock.now());
    if (!claim) throw badRequest(alertEmailMessages.badUnsubscribeLink);
    await this.deps.repo.turnOff(claim.userId, claim.subscriptions);
    return { ok: true };
  }

  private async deliverImmediate(userId: string, alertId: number, jobId: string): Promise<void> {
    const { repo } = this.deps;
    const alert = await repo.immediateAlert(userId, alertId);
    if (!alert) return;
    const window = {
      minutes: IMMEDIATE_MAIL_WINDOW_MINUTES,
      start: windowStartOf(alert.time, IMMEDIATE_MAIL_WINDOW_MINUTES),
    };
    const slots = await repo.claim(userId, [slotOf(alert)], window, jobId);
    if (slots.length === 0) return;
    await this.deps.mailer.send(await this.immediateMail(alert));
    await repo.markMailed(userId, slots, window, this.deps.clock.now());
  }

  private async deliverDigest(
    userId: string,
    minutes: number,
    start: Date,
    jobId: string,
  ): Promise<void> {
    const { repo } = this.deps;
    const end = new Date(start.getTime() + minutes * MINUTE_MS);
    const alerts = await repo.digestAlerts(userId, minutes, start, end);
    const groups = groupBySlot(alerts);
    const window = { minutes, start };
    const slots = await repo.claim(
      userId,
      [...groups.values()].map((g) => g.slot),
      window,
      jobId,
    );
    if (slots.length === 0) return;
    const mine = slots.flatMap((slot) => groups.get(slotKey(slot)) ?? []);
    await this.deps.mailer.send(await this.digestMail(mine, minutes, start, end));
    await repo.markMailed(userId, slots, window, this.deps.clock.now());
  }

  private async immediateMail(alert: MailableAlert): Promise<MailMessage> {
    const unsubscribe = await this.unsubscribeLinks(alert.userId, [alert]);
    const rendered = renderMail({
      heading: alert.msg,
      paragraphs: [
        `Location: ${alert.locationName}`,
        `Device: ${alert.devName}`,
        `Raised: ${utc(alert.time)}`,
      ],
      action: { label: 'Open the device', url: this.deviceUrl(alert) },
      footer: [
        `You get this mail because you chose e-mail for the alerts of ${alert.devName} ` +
          '(Profile → Alert Subscriptions, or the device’s Manage Alerts).',
        `At most one mail per device and kind of alert every ${String(IMMEDIATE_MAIL_WINDOW_MINUTES)} ` +
          'minutes; the console’s bell lists every alert.',
      ],
      footerLink: { label: 'Unsubscribe from these e-mails', url: unsubscribe.page },
    });
    return {
      to: alert.email,
      subject: headerText(`Powerdeck alert: ${alert.msg}`),
      ...rendered,
      headers: unsubscribe.headers,
    };
  }

  private async digestMail(
    groups: readonly SlotGroup[],
    minutes: number,
    start: Date,
    end: Date,
  ): Promise<MailMessage> {
    const alerts = groups.map((g) => g.latest);
    const [first] = alerts;
    if (!first) throw new Error('a digest without alerts');
    const unsubscribe = await this.unsubscribeLinks(first.userId, alerts);
    const count = groups.reduce((n, g) => n + g.count, 0);
    const devices = new Map(alerts.map((a) => [this.deviceUrl(a), a.devName]));
    const rendered = renderMail({
      heading: `${String(count)} alert${count === 1 ? '' : 's'} between ${utc(start)} and ${utc(end)}`,
      paragraphs: groups.map(
        ({ latest, count: n }) =>
          `${latest.msg} (${latest.locationName}, ${utc(latest.time)}` +
          `${n > 1 ? `; ${String(n)} times in this window` : ''})`,
      ),
      links: [...devices].map(([url, name]) => ({ label: `Open ${name}`, url })),
      footer: [
        `Your digest of alerts every ${String(minutes)} minutes, for the devices you chose ` +
          '(Profile → Alert Subscriptions, or a device’s Manage Alerts).',
      ],
      footerLink: { label: 'Unsubscribe from these e-mails', url: unsubscribe.page },
    });
    return {
      to: first.email,
      subject: headerText(
        `Powerdeck: ${String(count)} alert${count === 1 ? '' : 's'} in the last ${String(minutes)} minutes`,
      ),
      ...rendered,
      headers: unsubscribe.headers,
    };
  }

  /** The device in the console: the parent for a child, as the bell opens it. */
  private deviceUrl(alert: MailableAlert): string {
    return `${this.deps.publicOrigin}${devicePath({ ...alert, locationId: alert.siteId })}`;
  }

  /**
   * The mail's unsubscribe page (a button: a GET never unsubscribes, so link scanners that open
   * links cannot) and its RFC 8058 headers (the mail client's one-click POST to the call).
   */
  private async unsubscribeLinks(
    userId: string,
    alerts: readonly MailableAlert[],
  ): Promise<{ page: string; headers: Record<string, string> }> {
    const token = signUnsubscribeToken(await this.deps.secret(), {
      userId,
      subscriptions: subscriptionsOf(alerts),
      expiresAt: this.deps.clock.now().getTime() + UNSUBSCRIBE_LINK_DAYS * DAY_MS,
    });
    const origin = this.deps.publicOrigin;
    const call = callTable.alerts.unsubscribeByMail;
    const oneClick = `${origin}${callPath(call)}?${new URLSearchParams({ svc: call.svc ?? '', token }).toString()}`;
    return {
      page: `${origin}${ALERT_MAIL_UNSUBSCRIBE_PAGE}?${new URLSearchParams({ token }).toString()}`,
      headers: {
        'List-Unsubscribe': `<${oneClick}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  }
}

interface SlotGroup {
  slot: MailSlot;
  latest: MailableAlert;
  count: number;
}

const slotOf = (alert: MailableAlert): MailSlot => ({ devId: alert.devId, kind: alert.kind });
const slotKey = (slot: MailSlot) => `${slot.devId}/${slot.kind}`;

/** The alerts by device and kind, each with its latest alert and how many there were. */
function groupBySlot(alerts: readonly MailableAlert[]): Map<string, SlotGroup> {
  const groups = new Map<string, SlotGroup>();
  for (const alert of alerts) {
    const slot = slotOf(alert);
    const group = groups.get(slotKey(slot));
    if (group) {
      group.latest = alert;
      group.count++;
    } else groups.set(slotKey(slot), { slot, latest: alert, count: 1 });
  }
  return groups;
}
