import {
  SERVER_GONE_AFTER_S,
  SYSTEM_STATUS_WINDOW_MINUTES,
  type SessionUser,
  type SystemStatus,
  type UndeliveredMail,
  systemStatusMessages,
  undeliveredMailMessages,
} from '@powerdeck/domain';
import { forbidden, notFound } from '../../http/errors';
import type { CheckName } from '../../http/health';
import type { Clock } from '../../infra/clock';
import type { JobQueue } from '../../infra/jobs/job-queue';
import type { Mailer } from '../../infra/mail/mailer';
import type { OutboxRepository } from '../../infra/mail/outbox.repository';
import { KEEP_MS } from './server-heartbeat';
import { summarizeRates } from './status-rates';
import type { SystemStatusRepository } from './system-status.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The undelivered messages listed, newest first. */
const UNDELIVERED_SHOWN = 100;

export interface SystemStatusDeps {
  repo: SystemStatusRepository;
  clock: Clock;
  jobs: JobQueue;
  /** Mail by delivery state, and the messages not delivered. */
  outbox: Pick<OutboxRepository, 'deliveryCounts' | 'list'>;
  /** Sends a failed message again. */
  mailer: Pick<Mailer, 'resend'>;
  /** The readiness checks of /readyz (http/health.ts). */
  isUp: (check: CheckName) => Promise<boolean>;
  databaseKind: 'pglite' | 'postgres';
  brokerKind: 'embedded' | 'external';
  /** The server answering (its heartbeat's id). */
  selfId: string;
  /** The heartbeat interval: one sparkline point each. */
  stepMs: number;
}

/** System Status (issue 19 item 6): what every server recorded, read for SUPPORT and owners. */
export class SystemStatusService {
  constructor(private readonly deps: SystemStatusDeps) {}

  async get(user: SessionUser): Promise<SystemStatus> {
    const { repo, clock, isUp } = this.deps;
    if (user.tier !== 'SUPPORT' && !(await repo.holdsOwnerAnywhere(user.userId))) {
      throw forbidden(systemStatusMessages.forbidden);
    }
    const now = clock.now();
    const [heartbeats, samples, devices, queues, mail, databaseUp, migrations, brokerUp] =
      await Promise.all([
        repo.heartbeats(),
        repo.samplesSince(new Date(now.getTime() - KEEP_MS)),
        repo.deviceCounts(new Date(now.getTime() - DAY_MS)),
        this.deps.jobs.summaries(),
        this.deps.outbox.deliveryCounts(),
        isUp('database'),
        isUp('migrations'),
        isUp('broker'),
      ]);
    const servers = heartbeats.map((h) => ({
      serverId: h.serverId,
      host: h.host,
      version: h.version,
      startedAt: h.startedAt.toISOString(),
      lastSeen: h.lastSeen.toISOString(),
      uptimeSeconds: Math.max(0, Math.round((now.getTime() - h.startedAt.getTime()) / 1000)),
      gone: now.getTime() - h.lastSeen.getTime() > SERVER_GONE_AFTER_S * 1000,
      self: h.serverId === this.deps.selfId,
    }));
    const rates = summarizeRates(
      samples,
      new Set(servers.filter((s) => !s.gone).map((s) => s.serverId)),
      {
        now: now.getTime(),
        windowMs: SYSTEM_STATUS_WINDOW_MINUTES * 60 * 1000,
        stepMs: this.deps.stepMs,
      },
    );
    return {
      at: now.toISOString(),
      servers,
      database: {
        kind: this.deps.databaseKind === 'pglite' ? 'PGlite' : 'PostgreSQL',
        up: databaseUp,
        migrationsApplied: migrations,
      },
      broker: { kind: this.deps.brokerKind, up: brokerUp },
      devices: { connected: devices.connected, seenLast24h: devices.seenSince },
      rates: {
        statusesPerSecond: rates.statusesPerSecond,
        commandsPerSecond: rates.commandsPerSecond,
        samples: rates.samples,
      },
      commands: { failures: rates.failures, expiries: rates.expiries },
      jobs: {
        waiting: queues.reduce((total, q) => total + q.waiting, 0),
        queues: queues.map((q) => ({ ...q, lastRunAt: q.lastRunAt?.toISOString() ?? null })),
      },
      mail,
    };
  }

  /** Mail still retrying or failed for good, without bodies (SUPPORT only). */
  async undeliveredMail(user: SessionUser): Promise<UndeliveredMail> {
    requireSupport(user);
    const messages = await this.deps.outbox.list({
      states: ['retrying', 'failed'],
      limit: UNDELIVERED_SHOWN,
    });
    return {
      messages: messages.flatMap((m) =>
        m.state === 'retrying' || m.state === 'failed'
          ? [
              {
                id: m.id,
                to: m.to,
                subject: m.subject,
                state: m.state,
                attempts: m.attempts,
                lastError: m.lastError,
                queuedAt: m.sentAt,
              },
            ]
          : [],
      ),
    };
  }

  /** Queues a failed message again (SUPPORT only); 404 when no failed message has that id. */
  async resendMail(user: SessionUser, outboxId: string): Promise<{ ok: true }> {
    requireSupport(user);
    if (!(await this.deps.mailer.resend(Number(outboxId)))) {
      throw notFound(undeliveredMailMessages.notFound);
    }
    return { ok: true };
  }
}

function requireSupport(user: SessionUser): void {
  if (user.tier !== 'SUPPORT') throw forbidden(undeliveredMailMessages.forbidden);
}
