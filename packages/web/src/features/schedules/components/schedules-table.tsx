import { ActionIcon, Paper, SimpleGrid, Stack, Switch, Table, Text } from '@mantine/core';
import {
  dayMaskWords,
  formatLocationDateTime,
  type LocationTime,
  type Schedule,
} from '@powerdeck/domain';
import { IconCopy, IconPencil, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ACTION_WORDS, targetLines, timeOfDayWords, type TargetLine } from '../schedule-texts';
import { LastResult } from './last-result';
import { LazyTooltip } from '../../../components/lazy-tooltip';

/** Outlets named per device and devices per schedule before the rest folds into "+N more". */
const OUTLETS_SHOWN = 3;
const DEVICES_SHOWN = 2;
const NO_WRAP = { whiteSpace: 'nowrap' } as const;
/**
 * The Actions column stays at the right edge while the rest of a wide table scrolls under it (a
 * tablet at 768 px shows the first columns and the buttons; the scrollbar shows there is more).
 */
const STICKY_END = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  boxShadow: '-1px 0 0 var(--mantine-color-default-border)',
} as const;

/** What a row's buttons do; all of them off for a user who may not change schedules. */
export interface ScheduleRowActions {
  canChange: boolean;
  /** The schedule whose enabled switch is being sent. */
  switching: number | null;
  onEdit: (schedule: Schedule) => void;
  onDuplicate: (schedule: Schedule) => void;
  onDelete: (schedule: Schedule) => void;
  onRun: (schedule: Schedule) => void;
  onEnabled: (schedule: Schedule, enabled: boolean) => void;
}

function lineWords(line: TargetLine): string {
  const shown = line.outlets.slice(0, OUTLETS_SHOWN).join(', ');
  const more = line.outlets.length - OUTLETS_SHOWN;
  return more > 0 ? `${shown} +${more} more` : shown;
}

function Targets({ schedule }: { schedule: Schedule }) {
  const lines = targetLines(schedule);
  const more = lines.length - DEVICES_SHOWN;
  return (
    <Stack gap={2}>
      {schedule.name && (
        <Text size="sm" fw={600}>
          {schedule.name}
        </Text>
      )}
      {lines.slice(0, DEVICES_SHOWN).map((line) => (
        <Text key={line.devId} size="sm">
          {line.devName}
          {line.outlets.length > 0 && (
            <Text span size="sm" c="dimmed">
              {' · '}
              {lineWords(line)}
            </Text>
          )}
        </Text>
      ))}
      {more > 0 && (
        <LazyTooltip
          multiline
          w={280}
          label={lines
            .slice(DEVICES_SHOWN)
            .map((line) => [line.devName, ...line.outlets].join(' · '))
            .join('; ')}
        >
          <Text size="xs" c="dimmed" tabIndex={0} style={{ cursor: 'help' }}>
            +{more} more
          </Text>
        </LazyTooltip>
      )}
    </Stack>
  );
}

function RowButton({
  label,
  onClick,
  disabled,
  color,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled: boolean;
  color?: string;
  children: ReactNode;
}) {
  return (
    <LazyTooltip label={label} disabled={disabled}>
      <ActionIcon
        variant="subtle"
        color={color ?? 'gray'}
        aria-label={label}
        disabled={disabled}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </LazyTooltip>
  );
}

/** The schedules as a table: targets, action, time, days, next fire, enabled, last result. */
export function SchedulesTable({
  records,
  zone,
  actions,
}: {
  records: readonly Schedule[];
  zone: LocationTime;
  actions: ScheduleRowActions;
}) {
  const locked = !actions.canChange;
  return (
    <Paper withBorder radius="md">
      {/* narrow enough for a tablet (768 px): the dates and results wrap there rather than push
          the last columns out of sight; narrower still, the table scrolls under its Actions */}
      <Table.ScrollContainer minWidth={700}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th miw={140}>Target</Table.Th>
              <Table.Th>Action</Table.Th>
              <Table.Th>Time</Table.Th>
              <Table.Th>Days</Table.Th>
              <Table.Th>Next Fire</Table.Th>
              <Table.Th>Enabled</Table.Th>
              <Table.Th>Last Result</Table.Th>
              <Table.Th style={STICKY_END}>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {records.map((schedule) => (
              <Table.Tr key={schedule.id}>
                <Table.Td>
                  <Targets schedule={schedule} />
                </Table.Td>
                <Table.Td style={NO_WRAP}>{ACTION_WORDS[schedule.action]}</Table.Td>
                <Table.Td style={NO_WRAP}>{timeOfDayWords(schedule.time)}</Table.Td>
                <Table.Td>{dayMaskWords(schedule.dayMask)}</Table.Td>
                <Table.Td>
                  {schedule.nextFire === null ? (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  ) : (
                    formatLocationDateTime(schedule.nextFire, zone)
                  )}
                </Table.Td>
                <Table.Td>
                  <Switch
                    aria-label="Enabled"
                    checked={schedule.enabled}
                    disabled={locked || actions.switching === schedule.id}
                    onChange={(event) => actions.onEnabled(schedule, event.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td>
                  <LastResult schedule={schedule} zone={zone} />
                </Table.Td>
                <Table.Td style={STICKY_END}>
                  {/* two by two on a tablet, in a row on a wider screen */}
                  <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={0} verticalSpacing={0}>
                    <RowButton
                      label="Run now"
                      color="blue"
                      disabled={locked}
                      onClick={() => actions.onRun(schedule)}
                    >
                      <IconPlayerPlay size={16} aria-hidden />
                    </RowButton>
                    <RowButton
                      label="Edit"
                      disabled={locked}
                      onClick={() => actions.onEdit(schedule)}
                    >
                      <IconPencil size={16} aria-hidden />
                    </RowButton>
                    <RowButton
                      label="Duplicate"
                      disabled={locked}
                      onClick={() => actions.onDuplicate(schedule)}
                    >
                      <IconCopy size={16} aria-hidden />
                    </RowButton>
                    <RowButton
                      label="Delete"
                      color="red"
                      disabled={locked}
                      onClick={() => actions.onDelete(schedule)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </RowButton>
                  </SimpleGrid>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
