/** Spec §9: a device whose last contact is this old or older is inactive. */
export const CONNECTION_STALE_MS = 120_000;

/**
 * Whether a device counts as active for the location counts: last heard from under 120 s ago
 * (spec §4 connection rule, judged on the server clock). Replace with the domain's connection
 * rule once packages/domain exports it.
 */
export function isActiveByLastContact(lastContact: Date | null, now: Date): boolean {
  if (lastContact === null) return false;
  return now.getTime() - lastContact.getTime() < CONNECTION_STALE_MS;
}
