import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { devices } from '../infra/db/schema';
import { rowsOf } from '../infra/db/rows';
import { OutboxRepository } from '../infra/mail/outbox.repository';
import { SERVER_VERSION } from '../infra/server-version';
import type { CheckName, HealthOptions } from './health';

const PREFIX = 'powerdeck_';

/**
 * The Prometheus figures of one app, in a registry of its own (several apps in one process, as in
 * tests, do not collide). Everything is read when scraped: the device hub and command tracker
 * count in plain numbers (their `stats`), the rest is asked of the database.
 */
export function createMetrics(
  app: FastifyInstance,
  options: HealthOptions & { isUp: (check: CheckName) => Promise<boolean> },
): { registry: Registry } {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const db = options.database.db;
  const registers = [registry];
  const hub = () => app.devices.hub;
  const tracker = () => app.devices.tracker;

  new Gauge({
    name: `${PREFIX}info`,
    help: 'Always 1; the labels name the running version',
    labelNames: ['version'],
    registers,
    collect() {
      this.set({ version: SERVER_VERSION }, 1);
    },
  });
  new Gauge({
    name: `${PREFIX}uptime_seconds`,
    help: 'Seconds since the server process started',
    registers,
    collect() {
      this.set(process.uptime());
    },
  });
  new Gauge({
    name: `${PREFIX}database_up`,
    help: '1 when the database answers a query within 1 s',
    labelNames: ['kind'],
    registers,
    async collect() {
      this.set({ kind: options.database.kind }, (await options.isUp('database')) ? 1 : 0);
    },
  });
  new Gauge({
    name: `${PREFIX}broker_up`,
    help: "1 when the server's broker connection is connected",
    labelNames: ['kind'],
    registers,
    async collect() {
      this.set({ kind: options.brokerKind }, (await options.isUp('broker')) ? 1 : 0);
    },
  });
  new Gauge({
    name: `${PREFIX}devices_connected`,
    help: 'Devices online now (kids not counted), as recorded in the database by every server',
    registers,
    async collect() {
      const [row] = await db
        .select({ n: count() })
        .from(devices)
        .where(and(eq(devices.online, true), isNull(devices.parentDevId)));
      this.set(row?.n ?? 0);
    },
  });
  const queueDepth = new Gauge({
    name: `${PREFIX}job_queue_depth`,
    help: 'Jobs waiting to be handed out (created or retrying), per queue',
    labelNames: ['queue'],
    registers,
    async collect() {
      const rows = rowsOf<{ name: string; n: number }>(
        await db.execute(
          sql`select name, count(*)::int as n from pgboss.job
              where state in ('created', 'retry') group by name`,
        ),
      );
      queueDepth.reset();
      for (const { name, n } of rows) queueDepth.set({ queue: name }, n);
    },
  });
  const outbox = new OutboxRepository(db);
  new Gauge({
    name: `${PREFIX}mail_messages`,
    help: 'E-mails in the outbox per delivery state (queued, sent, retrying, failed)',
    labelNames: ['state'],
    registers,
    async collect() {
      const counts = await outbox.deliveryCounts();
      for (const [state, n] of Object.entries(counts)) this.set({ state }, n);
    },
  });

  monotonic(
    registry,
    'device_messages_total',
    'MQTT messages received from devices',
    () => hub()?.stats.messages,
  );
  monotonic(
    registry,
    'device_messages_dropped_total',
    'Device messages dropped as invalid',
    () => hub()?.stats.dropped,
  );
  monotonic(
    registry,
    'status_messages_total',
    'Device status reports handled',
    () => hub()?.stats.statuses,
  );
  monotonic(
    registry,
    'commands_sent_total',
    'Commands this server sent to devices',
    () => tracker()?.stats.sent,
  );
  monotonic(
    registry,
    'command_failures_total',
    'Commands that failed (refused, broker unavailable)',
    () => tracker()?.stats.failed,
  );
  monotonic(
    registry,
    'command_expiries_total',
    'Commands that expired without an answer',
    () => tracker()?.stats.expired,
  );
  monotonic(
    registry,
    'requests_abandoned_total',
    'Requests not run because their client had closed the connection (the server was behind)',
    () => app.dataSvcStats.abandoned,
  );
  return { registry };
}

/** A counter that follows a running total kept elsewhere (read on each scrape). */
function monotonic(
  registry: Registry,
  name: string,
  help: string,
  read: () => number | undefined,
): void {
  let seen = 0;
  new Counter({
    name: `${PREFIX}${name}`,
    help,
    registers: [registry],
    collect() {
      const total = read() ?? seen;
      if (total > seen) this.inc(total - seen);
      seen = Math.max(seen, total);
    },
  });
}
