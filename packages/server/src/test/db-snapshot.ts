import type { Database } from '../infra/db/database';

/**
 * Row count and a hash of the content of every table, by table name; `marked` hashes only the
 * rows that mention one of the marks the snapshot was taken with.
 */
export type DbSnapshot = Map<string, { rows: number; hash: string; marked: string }>;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What every table of the public schema holds, as counts and content hashes (the same on PGlite
 * and PostgreSQL), so a test can tell that a run of calls wrote nothing, or nothing that names
 * one of `marks` (ids of objects the caller must not touch).
 */
export async function snapshotTables(
  database: Database,
  marks: readonly string[] = [],
): Promise<DbSnapshot> {
  const pattern = marks.length > 0 ? marks.map(escapeRegex).join('|') : '$^';
  return database.rawTransaction(async (tx) => {
    const tables = await tx.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    const snapshot: DbSnapshot = new Map();
    for (const { name } of tables) {
      const [row] = await tx.query<{ rows: number | string; hash: string; marked: string }>(
        `SELECT count(*) AS rows,
                md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS hash,
                md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text)
                  FILTER (WHERE t::text ~ $1), '')) AS marked
           FROM "${name.replaceAll('"', '""')}" t`,
        [pattern],
      );
      snapshot.set(name, {
        rows: Number(row?.rows ?? 0),
        hash: row?.hash ?? '',
        marked: row?.marked ?? '',
      });
    }
    return snapshot;
  });
}

/**
 * The tables whose content differs between two snapshots, described; with `markedOnly`, only
 * those whose rows naming a mark differ.
 */
export function changedTables(
  before: DbSnapshot,
  after: DbSnapshot,
  options: { markedOnly?: boolean; ignore?: ReadonlySet<string> } = {},
): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  const changed: string[] = [];
  for (const name of names) {
    if (options.ignore?.has(name)) continue;
    const a = before.get(name);
    const b = after.get(name);
    const same = options.markedOnly
      ? a?.marked === b?.marked
      : a?.hash === b?.hash && a?.rows === b?.rows;
    if (same) continue;
    changed.push(`${name} (${a?.rows ?? 0} → ${b?.rows ?? 0} rows)`);
  }
  return changed;
}
