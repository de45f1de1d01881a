import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { canChangeSchedules, messages, type Schedule, type ScheduleFire } from '@powerdeck/domain';
import { IconCalendarTime, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBanner } from '../../../components/error-banner';
import { LoadingPanel } from '../../../components/loading-panel';
import { isApiRequestError } from '../../../lib/api-client';
import { useLocationOutlets, useLocationSettings } from '../../locations';
import {
  useDeleteSchedule,
  useRunSchedule,
  useSchedules,
  useSetScheduleEnabled,
} from '../api/schedules-api';
import { ACTION_WORDS, OUTCOME_COLORS, OUTCOME_WORDS, targetLines } from '../schedule-texts';
import { schedulableDevices } from './schedulable-devices';
import { ScheduleFormModal, type ScheduleFormMode } from './schedule-form-modal';
import { SchedulesTable } from './schedules-table';

/** Ours, in the style of spec §8 ("Error while loading device information."). */
const LOAD_FAILED = 'Error while loading scheduled commands.';

function showError(error: unknown) {
  notifications.show({
    color: 'red',
    message: isApiRequestError(error) ? error.message : messages.error,
  });
}

/** How a Run now went, for its toast: the outcome and, when not all went, the first reason. */
function showFire(fire: ScheduleFire) {
  const count = (result: string) => fire.targets.filter((t) => t.result === result).length;
  const onTheWay = count('sent');
  const reason = fire.targets.find((t) => t.error)?.error;
  notifications.show({
    color: OUTCOME_COLORS[fire.outcome],
    title: `Run now: ${OUTCOME_WORDS[fire.outcome]}`,
    message:
      `${count('done')} of ${fire.targets.length} done` +
      (onTheWay > 0 ? `, ${onTheWay} on the way` : '') +
      (reason ? ` — ${reason}` : ''),
  });
}

function scheduleWords(schedule: Schedule): string {
  const devices = targetLines(schedule)
    .map((line) => line.devName)
    .join(', ');
  return `${ACTION_WORDS[schedule.action]} on ${schedule.name || devices}`;
}

/**
 * The Scheduled Commands tab of a location, or (devId) of a device: the schedules touching it in a
 * table, and their add/edit form. CLIENT sees them with every change disabled (the server refuses
 * them too, with 403).
 */
export function SchedulesPanel({ siteId, devId }: { siteId: string; devId?: string }) {
  const list = useSchedules(siteId, devId);
  const settings = useLocationSettings(siteId);
  const outlets = useLocationOutlets(siteId);
  const devices = useMemo(() => schedulableDevices(outlets.data?.records ?? []), [outlets.data]);
  const [mode, setMode] = useState<ScheduleFormMode | null>(null);
  const setEnabled = useSetScheduleEnabled(siteId);
  const remove = useDeleteSchedule(siteId);
  const run = useRunSchedule(siteId);
  // Until the level is known nothing may be changed.
  const permLvl = settings.data?.permLvl;
  const canChange = permLvl !== undefined && canChangeSchedules(permLvl);

  if (list.isPending) return <LoadingPanel label="Loading scheduled commands..." />;
  if (list.isError) {
    return <ErrorBanner message={LOAD_FAILED} onRetry={() => void list.refetch()} />;
  }

  const add = () => setMode({ kind: 'add', devId });
  const addButton = (
    <Button
      leftSection={<IconPlus size={16} aria-hidden />}
      disabled={!canChange || outlets.isPending}
      onClick={add}
    >
      Add schedule
    </Button>
  );

  const confirmDelete = (schedule: Schedule) =>
    modals.openConfirmModal({
      title: 'Delete schedule',
      children: (
        <Text size="sm">
          Delete the schedule “{scheduleWords(schedule)}”? Its past firings stay in the event log.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(schedule.id, {
          onSuccess: () => notifications.show({ color: 'green', message: 'Schedule deleted' }),
          onError: showError,
        }),
    });

  const confirmRun = (schedule: Schedule) =>
    modals.openConfirmModal({
      title: 'Run schedule now',
      children: (
        <Text size="sm">
          Send “{scheduleWords(schedule)}” now? It goes through the same checks as a timed firing
          (locked outlets are not switched).
        </Text>
      ),
      labels: { confirm: 'Run now', cancel: 'Cancel' },
      onConfirm: () => run.mutate(schedule.id, { onSuccess: showFire, onError: showError }),
    });

  const { records, zone } = list.data;
  return (
    <>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed">
          {devId
            ? 'Commands planned for this device, in the location’s local time.'
            : 'Commands planned for this location, in its local time.'}
          {!canChange && permLvl !== undefined && ' You can view them but not change them.'}
        </Text>
        {records.length > 0 && addButton}
      </Group>
      {records.length === 0 ? (
        <EmptyState
          icon={<IconCalendarTime aria-hidden />}
          message={
            devId
              ? 'No scheduled commands for this device.'
              : 'No scheduled commands for this location.'
          }
          action={addButton}
        />
      ) : (
        <SchedulesTable
          records={records}
          zone={zone}
          actions={{
            canChange,
            switching: setEnabled.isPending ? (setEnabled.variables?.id ?? null) : null,
            onEdit: (schedule) => setMode({ kind: 'edit', schedule }),
            onDuplicate: (schedule) => setMode({ kind: 'duplicate', schedule }),
            onDelete: confirmDelete,
            onRun: confirmRun,
            onEnabled: (schedule, enabled) =>
              setEnabled.mutate(
                { id: schedule.id, enabled },
                {
                  onSuccess: () =>
                    notifications.show({
                      color: 'green',
                      message: enabled ? 'Schedule enabled' : 'Schedule disabled',
                    }),
                  onError: showError,
                },
              ),
          }}
        />
      )}
      <ScheduleFormModal
        siteId={siteId}
        mode={mode}
        devices={devices}
        onClose={() => setMode(null)}
      />
    </>
  );
}
