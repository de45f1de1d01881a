import { PGlite } from '@electric-sql/pglite';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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

// the package's exports leave out its package.json; it sits above dist/
const pgliteVersion = (
  JSON.parse(
    readFileSync(
      join(
        dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')),
        '..',
        'package.json',
      ),
      'utf8',
    ),
  ) as { version: string }
).version;

/**
 * A new PGlite cluster's data directory, dumped: creating a cluster (initdb) takes 2-5 s, loading
 * this dump under 1 s, and test files open ~70 databases. Kept on disk by PGlite version, so both
 * test workers and later runs share it; written under a unique name and renamed, so workers
 * making it at once never read half of it.
 */
async function freshCluster(): Promise<Blob> {
  const file = join(tmpdir(), `powerdeck-pglite-${pgliteVersion}-initdb.tar`);
  const saved = await readFile(file).catch(() => undefined);
  if (saved) return new Blob([saved]);
  const created = await PGlite.create();
  const dump = await created.dumpDataDir('none');
  await created.close();
  const partial = `${file}.${randomBytes(6).toString('hex')}`;
  await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
  await rename(partial, file);
  return dump;
}

const pglite: TestDatabase = {
  name: 'PGlite',
  async open() {
    const database = await openDatabase({ kind: 'pglite', initialDataDir: await freshCluster() });
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
