import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../infra/db/database';
import { readMigrations } from '../infra/db/migrate';
import type { DeviceLink } from '../infra/mqtt/device-link';
import { rowsOf } from '../infra/db/rows';
import { createMetrics } from './metrics';

/** Each readiness check answers within this, or counts as failed. */
const CHECK_TIMEOUT_MS = 1_000;

/** What /readyz checks (also the health figures of /metrics). */
const CHECK_NAMES = ['database', 'migrations', 'broker'] as const;
export type CheckName = (typeof CHECK_NAMES)[number];

export interface HealthOptions {
  database: Database;
  /** The broker connection; without one there is no broker to be ready for. */
  link: DeviceLink | undefined;
  /** Embedded (in this process) or external (MQTT_URL). */
  brokerKind: 'embedded' | 'external';
  /** METRICS_TOKEN; null: /metrics answers 404. */
  metricsToken: string | null;
}

/**
 * The readiness checks (also what /metrics and System Status report): each answers within 1 s,
 * or counts as failed.
 */
export function readinessChecks(
  options: Pick<HealthOptions, 'database' | 'link'>,
): (name: CheckName) => Promise<boolean> {
  const { database, link } = options;
  let newest: Promise<string | undefined> | undefined;
  const newestShipped = () => (newest ??= readMigrations().then((files) => files.at(-1)?.version));

  const checks: Record<CheckName, () => Promise<boolean>> = {
    database: async () => {
      await database.db.execute(sql`select 1`);
      return true;
    },
    migrations: async () => {
      const rows = rowsOf<{ version: string }>(
        await database.db.execute(
          sql`select version from schema_migrations order by version desc limit 1`,
        ),
      );
      return rows[0]?.version === (await newestShipped());
    },
    broker: () => Promise.resolve(link === undefined || link.connected !== false),
  };
  return (name) => withinTimeout(checks[name]()).catch(() => false);
}

/**
 * GET /healthz (the process answers), GET /readyz (database, migrations and broker) for load
 * balancers and orchestrators, and GET /metrics (Prometheus, behind METRICS_TOKEN); see
 * docs/operations.md "Health and metrics". None needs a session; none tells more than ok/failed.
 */
export function installHealth(app: FastifyInstance, options: HealthOptions): void {
  const run = readinessChecks(options);

  app.get('/healthz', { logLevel: 'warn' }, () => Promise.resolve({ status: 'ok' }));

  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    const names = CHECK_NAMES;
    const results = await Promise.all(names.map(run));
    const failed = names.filter((_name, i) => !results[i]);
    if (failed.length === 0) return { status: 'ok' };
    return reply.code(503).send({ status: 'unavailable', failed });
  });

  const metrics = options.metricsToken
    ? createMetrics(app, { ...options, isUp: (name) => run(name) })
    : undefined;
  const expected = options.metricsToken ? digest(options.metricsToken) : undefined;
  app.get(
    '/metrics',
    { logLevel: 'warn' },
    async (request: FastifyRequest, reply: FastifyReply) => {
      if (!metrics || !expected) return reply.code(404).send({ error: 'Not found' });
      if (!bearerMatches(request.headers.authorization, expected)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({ error: 'Unauthorized' });
      }
      const text = await metrics.registry.metrics();
      return reply.type(metrics.registry.contentType).send(text);
    },
  );
}

function withinTimeout(check: Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
    timer.unref();
  });
  return Promise.race([check, timeout]).finally(() => clearTimeout(timer));
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Compares digests (equal length), so the time taken says nothing about the token. */
function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), expected);
}
