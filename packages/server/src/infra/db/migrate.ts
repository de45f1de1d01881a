import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serverRoot } from '../../server-root';
import type { Database } from './database';

const MIGRATIONS_DIR = join(serverRoot, 'src/infra/db/migrations');
const MIGRATION_FILE = /^(\d{4})_[a-z0-9_]+\.sql$/;
/** Any fixed number: serialises migration runs of several servers starting at once. */
const MIGRATION_LOCK_KEY = 7_310_420_001;

export interface MigrationFile {
  version: string;
  name: string;
  sql: string;
}

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<MigrationFile[]> {
  const names = (await readdir(dir)).filter((n) => MIGRATION_FILE.test(n)).sort();
  return Promise.all(
    names.map(async (name) => ({
      version: name.slice(0, 4),
      name,
      sql: await readFile(join(dir, name), 'utf8'),
    })),
  );
}

/**
 * Applies the migrations not yet recorded in schema_migrations, in order, each in its own
 * transaction together with its record. Returns the names applied by this call.
 */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = await readMigrations(dir);
  const applied: string[] = [];
  for (const migration of migrations) {
    const ran = await database.rawTransaction(async (tx) => {
      // Held until the transaction ends: a second server waits, then sees the record and skips.
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version text PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [
        migration.version,
      ]);
      if (done.length > 0) return false;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      return true;
    });
    if (ran) applied.push(migration.name);
  }
  return applied;
}
