import { ActionIcon, Group, Loader, Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import classes from './event-calendar.module.css';

/** A month view of the log: a count per day; a day's click filters the list to it. */

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM' of a 'YYYY-MM-DD' date. */
export const monthOf = (date: string): string => date.slice(0, 7);

/** The month `delta` months after 'YYYY-MM'. */
export function shiftMonth(month: string, delta: number): string {
  const [year = 1970, index = 1] = month.split('-').map(Number);
  const moved = new Date(Date.UTC(year, index - 1 + delta, 1));
  return `${moved.getUTCFullYear()}-${pad(moved.getUTCMonth() + 1)}`;
}

/** The month's dates, led by nulls for the weekdays before its first day (weeks start Sunday). */
export function monthCells(month: string): (string | null)[] {
  const [year = 1970, index = 1] = month.split('-').map(Number);
  const lead = new Date(Date.UTC(year, index - 1, 1)).getUTCDay();
  const days = new Date(Date.UTC(year, index, 0)).getUTCDate();
  return [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length: days }, (_, i) => `${month}-${pad(i + 1)}`),
  ];
}

function monthName(month: string): string {
  const [year, index = 1] = month.split('-');
  return `${MONTH_NAMES[Number(index) - 1] ?? ''} ${year ?? ''}`;
}

function dayLabel(date: string, count: number): string {
  const [, index = 1, day] = date.split('-').map(Number);
  const name = MONTH_NAMES[index - 1] ?? '';
  return `${name} ${day ?? ''}: ${count} ${count === 1 ? 'event' : 'events'}`;
}

export function EventCalendar({
  month,
  onMonthChange,
  counts,
  loading,
  from,
  to,
  today,
  onPickDay,
}: {
  month: string;
  onMonthChange: (month: string) => void;
  /** Events per date of the month; undefined while not read. */
  counts: ReadonlyMap<string, number> | undefined;
  loading: boolean;
  from?: string;
  to?: string;
  /** Today's date at the location. */
  today: string;
  onPickDay: (date: string) => void;
}) {
  const inRange = (date: string) =>
    (from !== undefined || to !== undefined) &&
    (from === undefined || date >= from) &&
    (to === undefined || date <= to);
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <ActionIcon
          variant="subtle"
          aria-label="Previous month"
          onClick={() => onMonthChange(shiftMonth(month, -1))}
        >
          <IconChevronLeft size={18} aria-hidden />
        </ActionIcon>
        <Group gap={6} wrap="nowrap">
          <Text fw={600} aria-live="polite">
            {monthName(month)}
          </Text>
          {loading && <Loader size="xs" role="status" aria-label="Loading counts" />}
        </Group>
        <ActionIcon
          variant="subtle"
          aria-label="Next month"
          onClick={() => onMonthChange(shiftMonth(month, 1))}
        >
          <IconChevronRight size={18} aria-hidden />
        </ActionIcon>
      </Group>
      <SimpleGrid
        cols={7}
        spacing={4}
        verticalSpacing={4}
        role="group"
        aria-label="Events calendar"
      >
        {WEEKDAYS.map((weekday) => (
          <Text key={weekday} size="xs" c="dimmed" ta="center" fw={500} aria-hidden>
            {weekday}
          </Text>
        ))}
        {monthCells(month).map((date, index) => {
          if (date === null) return <div key={`lead-${index}`} />;
          const count = counts?.get(date) ?? 0;
          const picked = from === date && to === date;
          return (
            <UnstyledButton
              key={date}
              className={classes.day}
              data-picked={picked || undefined}
              data-in-range={(!picked && inRange(date)) || undefined}
              data-today={date === today || undefined}
              aria-pressed={picked}
              aria-label={dayLabel(date, count)}
              onClick={() => onPickDay(date)}
            >
              <Text size="sm" lh={1.2} inherit>
                {Number(date.slice(8))}
              </Text>
              {count > 0 && (
                <Text size="10px" lh={1.2} fw={600} className={classes.count}>
                  {count > 999 ? '999+' : count}
                </Text>
              )}
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </Paper>
  );
}
