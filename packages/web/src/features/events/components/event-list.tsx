import {
  Anchor,
  Badge,
  Center,
  Group,
  Loader,
  Table,
  Text,
  ThemeIcon,
  VisuallyHidden,
} from '@mantine/core';
import { formatLocationDateTime, type EventEntry, type LocationClock } from '@powerdeck/domain';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { devicePath } from '../../../lib/paths';
import { ACTOR_ICONS, ACTOR_LABELS, RESULT_BADGES } from './event-labels';
import { LazyTooltip } from '../../../components/lazy-tooltip';

/** Rows drawn beyond the visible ones, above and below, so a quick scroll shows no blank. */
const OVERSCAN = 12;
const ROW_ESTIMATE_PX = 45;

/**
 * The log newest first, as a table that draws only the rows in view (100,000 entries scroll as
 * fast as 100); it scrolls inside its own box, and reaching the last loaded row reads the next
 * page.
 */
export function EventList({
  entries,
  clock,
  locationId,
  deviceClassOf,
  hasMore,
  loadingMore,
  onLoadMore,
  height,
}: {
  entries: readonly EventEntry[];
  clock: LocationClock;
  locationId: string;
  /** The class of a device of the location (a kid's row opens its parent, spec §2). */
  deviceClassOf: (devId: string) => string | undefined;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  height: string;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const count = entries.length + (hasMore ? 1 : 0);
  // eslint-disable-next-line react-hooks/incompatible-library -- the console does not use the React Compiler; the virtualizer re-renders the list itself
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: OVERSCAN,
    getItemKey: (index) => entries[index]?.id ?? 'more',
  });
  const rows = virtualizer.getVirtualItems();
  const lastIndex = rows.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= entries.length - 1) onLoadMore();
  }, [hasMore, loadingMore, lastIndex, entries.length, onLoadMore]);

  const top = rows[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (rows.at(-1)?.end ?? 0);

  return (
    <div
      ref={scrollRef}
      style={{ height, minHeight: 320, overflow: 'auto' }}
      // The scroll box is reachable by keyboard so its rows can be scrolled without a mouse.
      // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex
      tabIndex={0}
      role="region"
      aria-label="Event log"
    >
      <Table
        stickyHeader
        layout="fixed"
        verticalSpacing={6}
        miw={600}
        aria-label="Events"
        aria-rowcount={count}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={116}>Time</Table.Th>
            <Table.Th w={150}>Device</Table.Th>
            <Table.Th>What happened</Table.Th>
            <Table.Th w={132}>By</Table.Th>
            <Table.Th w={100}>Result</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {top > 0 && <tr aria-hidden style={{ height: top }} />}
          {rows.map((row) => {
            const entry = entries[row.index];
            return (
              <Table.Tr
                key={row.key}
                data-index={row.index}
                ref={virtualizer.measureElement}
                aria-rowindex={row.index + 2}
              >
                {entry ? (
                  <EventRow
                    entry={entry}
                    clock={clock}
                    locationId={locationId}
                    deviceClassOf={deviceClassOf}
                  />
                ) : (
                  <Table.Td colSpan={5}>
                    <Center>
                      <Loader size="sm" role="status" aria-label="Loading more events" />
                    </Center>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
          {bottom > 0 && <tr aria-hidden style={{ height: bottom }} />}
        </Table.Tbody>
      </Table>
    </div>
  );
}

function EventRow({
  entry,
  clock,
  locationId,
  deviceClassOf,
}: {
  entry: EventEntry;
  clock: LocationClock;
  locationId: string;
  deviceClassOf: (devId: string) => string | undefined;
}) {
  const ActorIcon = ACTOR_ICONS[entry.actor.kind];
  const actorKind = ACTOR_LABELS[entry.actor.kind];
  const opens = deviceTarget(entry, deviceClassOf);
  const badge = entry.result === null ? undefined : RESULT_BADGES[entry.result];
  return (
    <>
      <Table.Td>
        {/* Wraps between the date and the time where the column is narrow. */}
        <Text size="sm">{formatLocationDateTime(entry.time, clock)}</Text>
      </Table.Td>
      <Table.Td>
        {entry.devId !== null &&
          (opens ? (
            <Anchor
              component={Link}
              to={devicePath({ locationId, ...opens })}
              size="sm"
              lineClamp={2}
            >
              {entry.devName ?? entry.devId}
            </Anchor>
          ) : (
            <Text size="sm">{entry.devName ?? entry.devId}</Text>
          ))}
        {entry.outlet !== null && (
          <Text size="xs" c="dimmed">
            Outlet {entry.outlet}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{entry.text}</Text>
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <ThemeIcon variant="light" color="gray" size="sm" role="img" aria-label={actorKind}>
            <ActorIcon size={14} aria-hidden />
          </ThemeIcon>
          <Text size="sm" lineClamp={2}>
            {entry.actor.name ?? actorKind}
          </Text>
        </Group>
      </Table.Td>
      <Table.Td>{badge && <ResultBadge {...badge} detail={entry.detail} />}</Table.Td>
    </>
  );
}

/** The result, with its detail (a failure's reason) in a tooltip and as the badge's description. */
function ResultBadge({
  label,
  color,
  detail,
}: (typeof RESULT_BADGES)[keyof typeof RESULT_BADGES] & { detail: string | null }) {
  const detailId = useId();
  if (detail === null) {
    return (
      <Badge color={color} variant="light" tt="none">
        {label}
      </Badge>
    );
  }
  return (
    <>
      <LazyTooltip label={detail} multiline maw={320} withArrow events={tooltipEvents}>
        <Badge
          color={color}
          variant="light"
          tt="none"
          tabIndex={0}
          aria-describedby={detailId}
          style={{ cursor: 'help' }}
        >
          {label}
        </Badge>
      </LazyTooltip>
      <VisuallyHidden id={detailId}>{detail}</VisuallyHidden>
    </>
  );
}

const tooltipEvents = { hover: true, focus: true, touch: true };

/** The device whose pages a row opens: its own, or its parent's for a kid (spec §2). */
function deviceTarget(
  entry: EventEntry,
  deviceClassOf: (devId: string) => string | undefined,
): { deviceId: string; deviceClass: string } | undefined {
  if (entry.parentDevId !== null) {
    const parentClass = deviceClassOf(entry.parentDevId);
    if (parentClass !== undefined) return { deviceId: entry.parentDevId, deviceClass: parentClass };
  }
  if (entry.devId === null || entry.devClass === null) return undefined;
  return { deviceId: entry.devId, deviceClass: entry.devClass };
}
