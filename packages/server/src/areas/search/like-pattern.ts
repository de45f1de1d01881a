/**
 * `%keyword%` for ILIKE with the keyword's own `\`, `%` and `_` escaped (backslash is
 * PostgreSQL's default LIKE escape), so a typed wildcard matches only itself.
 */
export function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
