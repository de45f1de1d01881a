import type { EventPage } from '@powerdeck/domain';
import type { InfiniteData } from '@tanstack/react-query';

type EventPages = InfiniteData<EventPage, string | null>;

/**
 * The loaded log with a freshly read newest page taken in: entries not loaded yet go to the top,
 * loaded ones take their fresh version (a pending command that is done now), and the older pages
 * keep their place and their paging. When nothing of the fresh page is loaded (more is new than a
 * page holds, or the log was emptied) the log starts again from the fresh page alone.
 */
export function withFreshPage(data: EventPages | undefined, fresh: EventPage): EventPages {
  const alone: EventPages = { pages: [fresh], pageParams: [null] };
  if (data === undefined || data.pages.length === 0) return alone;
  const loaded = new Set(data.pages.flatMap((page) => page.records.map((entry) => entry.id)));
  const overlap = fresh.records.findIndex((entry) => loaded.has(entry.id));
  if (overlap === -1) return alone;
  const newer = fresh.records.slice(0, overlap);
  const updated = new Map(fresh.records.slice(overlap).map((entry) => [entry.id, entry]));
  return {
    pages: data.pages.map((page, index) => ({
      ...page,
      zone: fresh.zone,
      records: [
        ...(index === 0 ? newer : []),
        ...page.records.map((entry) => updated.get(entry.id) ?? entry),
      ],
    })),
    pageParams: data.pageParams,
  };
}
