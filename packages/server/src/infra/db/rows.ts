/** The rows of a raw `db.execute` query: both drivers (PGlite and node-postgres) answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** `rows` in consecutive parts of at most `size`, for statements of bounded size. */
export function inParts<T>(rows: readonly T[], size: number): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < rows.length; i += size) parts.push(rows.slice(i, i + size));
  return parts;
}
