import { type Database, openDatabase } from '@powerdeck/server';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { randomBytes } from 'node:crypto';

export interface BenchDatabase {
  database: Database;
  /** The database's URL on PostgreSQL (undefined for PGlite). */
  url?: string;
  dispose: () => Promise<void>;
}

/**
 * PGlite in memory when `adminUrl` is absent, else a fresh database made for this run on that
 * PostgreSQL server (named `{prefix}_{random}`) and dropped by `dispose`.
 */
export async function openBenchDatabase(
  adminUrl: string | undefined,
  prefix: string,
): Promise<BenchDatabase> {
  if (!adminUrl) {
    const database = await openDatabase({ kind: 'pglite' });
    return { database, dispose: () => database.close() };
  }
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    database,
    url: url.toString(),
    dispose: async () => {
      await database.close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * The processes of the PostgreSQL server a connection is on (backends, WAL writer,
 * checkpointer…), for counting their CPU: the benchmarks run it on this machine. `query` runs SQL
 * text on that connection.
 */
export async function postgresPids(
  query: (text: string) => Promise<{ rows?: unknown[] }>,
): Promise<number[]> {
  const { rows = [] } = await query('select pid from pg_stat_activity');
  return rows.map((row) => Number((row as { pid?: unknown }).pid));
}

/** `postgresPids` of a bench database: none for PGlite, which runs in the bench's process. */
export async function databasePids(database: Database): Promise<number[]> {
  if (database.kind !== 'postgres') return [];
  return postgresPids(
    async (text) => (await database.db.execute(sql.raw(text))) as { rows?: unknown[] },
  );
}
