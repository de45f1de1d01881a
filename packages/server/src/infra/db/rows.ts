/** The rows of a raw `db.execute` query: both drivers (PGlite and node-postgres) answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
