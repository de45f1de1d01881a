/** True when a query failed on a unique constraint (drizzle wraps driver errors in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  for (
    let e: unknown = error;
    e !== null && typeof e === 'object';
    e = (e as { cause?: unknown }).cause
  ) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
