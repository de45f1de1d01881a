import { Anchor, Box, Grid, Stack, Text } from '@mantine/core';
import {
  localDateOf,
  locationZone,
  messages,
  type DeviceListItem,
  type LocationClock,
} from '@powerdeck/domain';
import dayjs from 'dayjs';
import { useCallback, useMemo, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBanner } from '../../../components/error-banner';
import { LoadingPanel } from '../../../components/loading-panel';
import { deviceGroupsOf, useLocationDevices } from '../../devices';
import {
  exportEventsUrl,
  useEventCalendar,
  useEventLogLive,
  useEventPages,
  type EventFilters,
} from '../api/event-logs';
import { EventCalendar, monthOf } from './event-calendar';
import { EventFiltersRow, type DeviceOption } from './event-filters';
import { EventList } from './event-list';

/** The list box's height: the page's height less the header, tabs and filters above it. */
const LIST_HEIGHT = 'calc(100vh - 300px)';

function deviceOptions(records: readonly DeviceListItem[]): DeviceOption[] {
  return deviceGroupsOf(records).flatMap(({ parent, kids }) => [
    { value: parent.devId, label: parent.name },
    ...kids.map((kid) => ({ value: kid.devId, label: `${kid.name} (on ${parent.name})` })),
  ]);
}

/** Today's date at the location, or in the browser's zone while the location's is not known. */
function todayAt(clock: LocationClock | undefined): string {
  return clock
    ? localDateOf(Date.now(), locationZone(clock.timezone, clock.dst))
    : dayjs().format('YYYY-MM-DD');
}

/**
 * The event log of a location, or of one device and its kids (`devId`): filters, the list newest
 * first (live while open) and the month calendar. The Event Logs tab and View Events both show it.
 */
export function EventLog({
  siteId,
  devId,
  emptyMessage,
}: {
  siteId: string;
  /** One device's log: the device filter is fixed to it and not shown. */
  devId?: string;
  emptyMessage: string;
}) {
  const [filters, setFilters] = useState<EventFilters>({ siteId, devId });
  const [pickedMonth, setPickedMonth] = useState<string | null>(null);
  const devices = useLocationDevices(siteId);
  const pages = useEventPages(filters);
  const clock = pages.data?.pages[0]?.zone;
  const today = todayAt(clock);
  const month = pickedMonth ?? monthOf(filters.from ?? today);
  const calendar = useEventCalendar(filters, month);
  useEventLogLive(filters);

  const classes = useMemo(
    () => new Map((devices.data?.records ?? []).map((d) => [d.devId, d.devClass])),
    [devices.data],
  );
  const deviceClassOf = useCallback((id: string) => classes.get(id), [classes]);
  const counts = useMemo(
    () => new Map((calendar.data?.days ?? []).map((day) => [day.date, day.count])),
    [calendar.data],
  );
  const entries = useMemo(() => pages.data?.pages.flatMap((p) => p.records) ?? [], [pages.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  const changeFilters = (next: EventFilters) => {
    // Dates typed in the filters row bring the calendar to their month.
    if (next.from !== filters.from) setPickedMonth(null);
    setFilters(next);
  };
  const pickDay = (date: string) => {
    const again = filters.from === date && filters.to === date;
    setFilters({ ...filters, from: again ? undefined : date, to: again ? undefined : date });
  };
  const filtered =
    (devId === undefined && filters.devId !== undefined) ||
    [filters.type, filters.actor, filters.from, filters.to].some((v) => v !== undefined);

  let list;
  if (pages.isError) {
    list = <ErrorBanner message={messages.someErrorOccured} onRetry={() => void pages.refetch()} />;
  } else if (pages.isPending || clock === undefined) {
    list = <LoadingPanel label="Loading events..." />;
  } else if (entries.length === 0) {
    list = <EmptyState message={filtered ? 'No events match these filters.' : emptyMessage} />;
  } else {
    list = (
      <EventList
        entries={entries}
        clock={clock}
        locationId={siteId}
        deviceClassOf={deviceClassOf}
        hasMore={hasNextPage}
        loadingMore={isFetchingNextPage}
        onLoadMore={loadMore}
        height={LIST_HEIGHT}
      />
    );
  }

  return (
    <Stack gap="md">
      <EventFiltersRow
        filters={filters}
        onChange={changeFilters}
        devices={devId === undefined ? deviceOptions(devices.data?.records ?? []) : undefined}
        exportUrl={exportEventsUrl(filters)}
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 'auto' }} order={{ base: 2, lg: 1 }} miw={0}>
          {list}
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 'content' }} order={{ base: 1, lg: 2 }}>
          <Box w={{ base: '100%', lg: 280 }} maw={420}>
            <EventCalendar
              month={month}
              onMonthChange={setPickedMonth}
              counts={calendar.data ? counts : undefined}
              loading={calendar.isFetching}
              from={filters.from}
              to={filters.to}
              today={today}
              onPickDay={pickDay}
            />
            {calendar.isError && (
              <Text size="xs" c="red" mt={4}>
                The counts could not be loaded.{' '}
                <Anchor component="button" size="xs" onClick={() => void calendar.refetch()}>
                  {messages.tryAgain}
                </Anchor>
              </Text>
            )}
          </Box>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
