import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The query builder every repository receives; the same code runs on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repositories accept either. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** Raw SQL inside one transaction, for the migration runner (multi-statement files). */
export interface RawTransaction {
  exec(sqlText: string): Promise<void>;
  query<Row>(sqlText: string, params?: unknown[]): Promise<Row[]>;
}

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Db;
  /** Runs fn in one transaction on the raw driver; rolls back when fn throws. */
  rawTransaction<T>(fn: (tx: RawTransaction) => Promise<T>): Promise<T>;
  /**
   * LISTEN on a channel (NOTIFY reaches every server on the same database); resolves with the
   * function that stops listening. PostgreSQL: a dedicated connection, re-opened if it drops.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** The SQL runner of the job queue (pg-boss, infra/jobs/job-queue.ts); see JobsSql. */
  openJobsSql(): JobsSql;
  close(): Promise<void>;
}

/**
 * Runs pg-boss's SQL. PostgreSQL: a pool of its own (at most 4 connections), so polling never
 * waits for the app's pool nor holds its connections. PGlite: the one client; a script (pg-boss's
 * `BEGIN; …; COMMIT;` plans) runs inside one PGlite transaction, so no other query of the app runs
 * inside it, and one that fails half-way is rolled back instead of leaving the session aborted.
 */
export interface JobsSql {
  /** With values one statement; without, a script: the last statement's rows. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

const JOBS_POOL_MAX = 4;

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; maxConnections?: number }
  /**
   * dataDir undefined: in memory (tests). `initialDataDir`: a dump of a data directory
   * (PGlite's dumpDataDir) to start from instead of creating the cluster (initdb).
   */
  | { kind: 'pglite'; dataDir?: string; initialDataDir?: Blob };

/**
 * Opens the embedded PGlite database (one connection: PGlite is a single session and queues
 * queries itself) or a PostgreSQL server through a pg Pool.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'pglite'
    ? openPglite(options.dataDir, options.initialDataDir)
    : openPostgres(options);
}

async function openPglite(
  dataDir: string | undefined,
  initialDataDir: Blob | undefined,
): Promise<Database> {
  // loaded here, not at start: a server on PostgreSQL never holds PGlite's code
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    ...(initialDataDir ? { loadDataDir: initialDataDir } : {}),
  });
  const db: Db = drizzlePglite({ client, schema });
  return {
    kind: 'pglite',
    db,
    rawTransaction: (fn) =>
      client.transaction((tx) =>
        fn({
          exec: async (sqlText) => {
            await tx.exec(sqlText);
          },
          query: async <Row>(sqlText: string, params?: unknown[]) =>
            (await tx.query<Row>(sqlText, params)).rows,
        }),
      ),
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    openJobsSql: () => ({
      executeSql: async (text, values) =>
        values
          ? client.query(text, values)
          : client.transaction(async (tx) => (await tx.exec(text)).at(-1) ?? { rows: [] }),
      close: () => Promise.resolve(),
    }),
    close: () => client.close(),
  };
}

async function openPostgres(options: { url: string; maxConnections?: number }): Promise<Database> {
  const pool = new pg.Pool({ connectionString: options.url, max: options.maxConnections ?? 10 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const probe = await pool.connect();
  probe.release();
  const db: Db = drizzlePg({ client: pool, schema });
  return {
    kind: 'postgres',
    db,
    async rawTransaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          exec: async (sqlText) => {
            await client.query(sqlText);
          },
          query: async <Row>(sqlText: string, params?: unknown[]) =>
            (await client.query(sqlText, params)).rows as Row[],
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    listen: (channel, onPayload) => listenPostgres(options.url, channel, onPayload),
    openJobsSql: () => postgresJobsSql(options.url),
    close: () => pool.end(),
  };
}

function postgresJobsSql(url: string): JobsSql {
  const pool = new pg.Pool({
    connectionString: url,
    max: JOBS_POOL_MAX,
    application_name: 'powerdeck-jobs',
  });
  pool.on('error', () => undefined);
  return {
    async executeSql(text, values) {
      if (values) return pool.query(text, values);
      const client = await pool.connect();
      let failed: Error | undefined;
      try {
        // a script answers one result per statement
        const results = (await client.query(text)) as pg.QueryResult | pg.QueryResult[];
        return Array.isArray(results) ? (results.at(-1) ?? { rows: [] }) : results;
      } catch (error) {
        failed = error instanceof Error ? error : new Error(String(error));
        throw error;
      } finally {
        // A script that failed after its BEGIN leaves the session in an aborted transaction:
        // the connection is dropped, not handed to the next query.
        client.release(failed);
      }
    },
    close: () => pool.end(),
  };
}

const RELISTEN_AFTER_MS = 1_000;

/** LISTEN on its own connection (a pooled one would be handed to other queries). */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    // A dropped connection is replaced; notifications sent meanwhile are lost.
    const lost = () => {
      if (client !== next || stopped) return;
      client = undefined;
      next.end().catch(() => undefined);
      reconnect();
    };
    next.on('error', lost);
    next.on('end', lost);
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await next.end();
      return;
    }
    client = next;
  };
  const reconnect = () => {
    retry = setTimeout(() => void connect().catch(reconnect), RELISTEN_AFTER_MS);
    retry.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
    client = undefined;
  };
}
