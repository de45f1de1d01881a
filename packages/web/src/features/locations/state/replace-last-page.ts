import { REPLACE_LAST_PAGE_ENTRIES, type Location } from '@powerdeck/domain';

/**
 * Spec §4 `replaceLastPageEntries`: a refresh after a change reloads the last page, and its
 * entries replace the last `count` (8) entries of the list loaded so far instead of being
 * appended again. Entries the fresh page no longer has disappear; new ones take their places.
 */
export function replaceLastPageEntries(
  loaded: readonly Location[],
  freshLastPage: readonly Location[],
  count = REPLACE_LAST_PAGE_ENTRIES,
): Location[] {
  const kept = loaded.slice(0, Math.max(0, loaded.length - count));
  const keptIds = new Set(kept.map((l) => l.siteId));
  const tail = freshLastPage.filter((l) => !keptIds.has(l.siteId)).slice(-count);
  return [...kept, ...tail];
}

/** Applies one location's new watch or mute flag wherever it is listed. */
export function patchLocation(
  records: readonly Location[],
  siteId: string,
  patch: Partial<Pick<Location, 'watched' | 'muted'>>,
): Location[] {
  return records.map((l) => (l.siteId === siteId ? { ...l, ...patch } : l));
}
