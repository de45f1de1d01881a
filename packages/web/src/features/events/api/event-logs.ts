import { callTable, type ActorKind, type EventLogType, type EventPage } from '@powerdeck/domain';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, callUrl } from '../../../lib/api';
import { openEventStream } from '../../../lib/event-stream';
import { withFreshPage } from '../state/fresh-page';

/**
 * The event log calls (issue 13, `eventLogs` of the call table): the list a page at a time, the
 * calendar's counts, the CSV export's URL and the location's live stream.
 */

/** What the list, the calendar and the export share; dates are the location's (YYYY-MM-DD). */
export interface EventFilters {
  siteId: string;
  /** One device and its kids. */
  devId?: string;
  type?: EventLogType;
  actor?: ActorKind;
  from?: string;
  to?: string;
}

export const EVENTS_PAGE_SIZE = 100;

/** While the push stream is down, the log is read again this often. */
const FALLBACK_POLL_MS = 30_000;

const eventKeys = {
  list: (filters: EventFilters) => ['events', filters.siteId, 'list', filters] as const,
  calendars: (siteId: string) => ['events', siteId, 'calendar'] as const,
  calendar: (filters: CalendarFilters, month: string) =>
    [...eventKeys.calendars(filters.siteId), filters, month] as const,
};

type CalendarFilters = Omit<EventFilters, 'from' | 'to'>;

/** The filters without the fields left empty, so equal filters give equal keys and URLs. */
function defined<T extends object>(filters: T): T {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''),
  ) as T;
}

/** The log, newest first, one page at a time (keyset: each next page asks `before` the last). */
export function useEventPages(filters: EventFilters) {
  const input = defined(filters);
  return useInfiniteQuery({
    queryKey: eventKeys.list(input),
    queryFn: ({ pageParam, signal }) =>
      api.eventLogs.getEvents(
        { ...input, limit: EVENTS_PAGE_SIZE, ...(pageParam === null ? {} : { before: pageParam }) },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  });
}

/** Events per day of `month` (YYYY-MM) with the other filters (the dates are the calendar's). */
export function useEventCalendar(filters: EventFilters, month: string) {
  const { from: _from, to: _to, ...rest } = filters;
  const input = defined(rest);
  return useQuery({
    queryKey: eventKeys.calendar(input, month),
    queryFn: ({ signal }) => api.eventLogs.getEventCalendar({ ...input, month }, { signal }),
    placeholderData: (previous) => previous,
  });
}

/** The CSV download of what the filters show. */
export function exportEventsUrl(filters: EventFilters): string {
  return callUrl(callTable.eventLogs.exportEvents, defined(filters));
}

/**
 * Reads the newest page again and puts what is new at the top of the loaded list (the pages
 * already read keep their place: the user's scroll position stays). Calendars are read again.
 */
async function refreshLog(client: QueryClient, filters: EventFilters): Promise<void> {
  const input = defined(filters);
  const key = eventKeys.list(input);
  void client.invalidateQueries({ queryKey: eventKeys.calendars(filters.siteId) });
  if (client.getQueryState(key)?.status !== 'success') {
    await client.invalidateQueries({ queryKey: key });
    return;
  }
  const fresh: EventPage = await api.eventLogs.getEvents({ ...input, limit: EVENTS_PAGE_SIZE });
  client.setQueryData<InfiniteData<EventPage, string | null>>(key, (data) =>
    withFreshPage(data, fresh),
  );
}

/**
 * Follows the location's event log stream while mounted: each push reads the newest page again
 * (pushes that arrive meanwhile are taken together into one more read). Where the stream is down,
 * the log is read again every 30 s.
 */
export function useEventLogLive(filters: EventFilters): void {
  const client = useQueryClient();
  const { siteId, devId, type, actor, from, to } = filters;
  useEffect(() => {
    const current = { siteId, devId, type, actor, from, to };
    let running = false;
    let again = false;
    const refresh = async () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          await refreshLog(client, current);
        } while (again);
      } catch {
        // The next push or the stream's fallback reads again.
      } finally {
        running = false;
      }
    };
    return openEventStream(
      callTable.eventLogs.eventLogPusher,
      { siteId },
      {
        // What was logged between the first read and the stream's (re)start.
        onOpen: () => void refresh(),
        onEvent: () => void refresh(),
        poll: {
          everyMs: FALLBACK_POLL_MS,
          events: () => Promise.resolve([{ siteId, at: Date.now() }]),
        },
      },
    );
  }, [client, siteId, devId, type, actor, from, to]);
}
