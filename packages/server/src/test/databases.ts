import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../infra/db/database';
import { canConnect } from '@powerdeck/simulator/test-services';

export interface OpenedTestDatabase {
  database: Database;
  dispose(): Promise<void>;
}

export interface TestDatabase {
  name: string;
  open(): Promise<OpenedTestDatabase>;
}

const pglite: TestDatabase = {
  name: 'PGlite',
  async open() {
    const database = await openDatabase({ kind: 'pglite' });
    return { database, dispose: () => database.close() };
  },
};

/** A database of its own on a PostgreSQL server: its URL, and the function that drops it. */
export interface FreshPostgresDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * Creates an empty database on the server of `adminUrl` (for one test file, so runs and files
 * running in parallel never share tables); `drop` removes it, closing what is still connected.
 */
export async function createPostgresDatabase(adminUrl: string): Promise<FreshPostgresDatabase> {
  // Set on purpose, so required: fail at once and say so, not after the hook timeout (a URL
  // without a host names a Unix socket, which pg finds itself).
  const shown = new URL(adminUrl);
  if (shown.hostname && !(await canConnect(adminUrl))) {
    if (shown.password) shown.password = '***';
    throw new Error(
      `PostgreSQL not reachable at TEST_DATABASE_URL=${shown.toString()} — start it, or unset TEST_DATABASE_URL to run on PGlite only`,
    );
  }
  const name = `pd_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/** A PostgreSQL server database made for one test file and dropped after it. */
function postgres(adminUrl: string): TestDatabase {
  return {
    name: 'PostgreSQL',
    async open() {
      const fresh = await createPostgresDatabase(adminUrl);
      const database = await openDatabase({ kind: 'postgres', url: fresh.url });
      return {
        database,
        async dispose() {
          await database.close();
          await fresh.drop();
        },
      };
    },
  };
}

/** PGlite always; also PostgreSQL when TEST_DATABASE_URL is set. Use with describe.each. */
export function testDatabases(): TestDatabase[] {
  const url = process.env.TEST_DATABASE_URL?.trim();
  return url ? [pglite, postgres(url)] : [pglite];
}
