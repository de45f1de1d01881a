import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenedTestDatabase, testDatabases } from '../../test/databases';
import { migrate, readMigrations } from './migrate';

describe.each(testDatabases())('migrations on $name', (testDb) => {
  let opened: OpenedTestDatabase;
  beforeAll(async () => {
    opened = await testDb.open();
  });
  afterAll(() => opened.dispose());

  it('applies every migration once, in order, and records it', async () => {
    const files = await readMigrations();
    expect(await migrate(opened.database)).toEqual(files.map((f) => f.name));
    expect(await migrate(opened.database)).toEqual([]);
    const recorded = await opened.database.rawTransaction((tx) =>
      tx.query<{ version: string; name: string }>(
        'SELECT version, name FROM schema_migrations ORDER BY version',
      ),
    );
    expect(recorded).toEqual(files.map((f) => ({ version: f.version, name: f.name })));
  });

  it('two servers migrating at once apply each migration once', async () => {
    const fresh = await testDb.open();
    try {
      const [a, b] = await Promise.all([migrate(fresh.database), migrate(fresh.database)]);
      const files = await readMigrations();
      expect([...a, ...b].sort()).toEqual(files.map((f) => f.name).sort());
    } finally {
      await fresh.dispose();
    }
  });

  it('loads pg_trgm for search', async () => {
    const [row] = await opened.database.rawTransaction((tx) =>
      tx.query<{ sim: number }>("SELECT similarity('powerdeck', 'powerdek') AS sim"),
    );
    expect(row?.sim).toBeGreaterThan(0.5);
  });

  it('a failing migration leaves nothing behind and is not recorded', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pd-migrations-'));
    writeFileSync(join(dir, '9001_broken.sql'), 'CREATE TABLE half_done (id int); SELECT nope;');
    await expect(migrate(opened.database, dir)).rejects.toThrow();
    const tables = await opened.database.rawTransaction((tx) =>
      tx.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'half_done'"),
    );
    expect(tables).toHaveLength(0);
    const recorded = await opened.database.rawTransaction((tx) =>
      tx.query("SELECT 1 FROM schema_migrations WHERE version = '9001'"),
    );
    expect(recorded).toHaveLength(0);
  });
});
