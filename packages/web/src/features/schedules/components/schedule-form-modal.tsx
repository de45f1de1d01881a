import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, NativeSelect, SimpleGrid, Stack, Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  DAY_MASKS,
  messages,
  scheduleFormSchema,
  type Schedule,
  type ScheduleAction,
  type ScheduleFields,
  type ScheduleForm,
} from '@powerdeck/domain';
import { useMemo } from 'react';
import { useFieldArray, useForm, useWatch, type FieldPath, type PathValue } from 'react-hook-form';
import { fieldError } from '../../../components/field-error';
import {
  confirmNetworkOff as askNetworkOff,
  needsNetworkConfirmation,
} from '../../../components/network-off-confirm';
import { FormTextInput } from '../../../components/form-fields';
import { isApiRequestError } from '../../../lib/api-client';
import { useSaveSchedule } from '../api/schedules-api';
import { ACTION_WORDS, isWholeDeviceAction } from '../schedule-texts';
import { DayPicker } from './day-picker';
import { commonActions, type SchedulableDevice } from './schedulable-devices';
import { TargetRows } from './target-rows';

/** What the form is opened for: a new schedule (maybe for one device), a change, or a copy. */
export type ScheduleFormMode =
  | { kind: 'add'; devId?: string }
  | { kind: 'edit'; schedule: Schedule }
  | { kind: 'duplicate'; schedule: Schedule };

const TITLES: Record<ScheduleFormMode['kind'], string> = {
  add: 'Add schedule',
  edit: 'Edit schedule',
  duplicate: 'Duplicate schedule',
};

/** Our message for targets that share no action (the catalog says what each device can do). */
const NO_COMMON_ACTION = 'The selected devices have no action in common';

function defaultsOf(mode: ScheduleFormMode, devices: readonly SchedulableDevice[]): ScheduleForm {
  if (mode.kind === 'add') {
    const device = devices.find((d) => d.devId === mode.devId);
    return {
      name: '',
      targets: [{ devId: device?.devId ?? '', otlt: null }],
      action: device?.actions[0] ?? 'on',
      time: '',
      dayMask: DAY_MASKS.everyDay,
      startDate: '',
      endDate: '',
      enabled: true,
    };
  }
  const { schedule } = mode;
  return {
    name: schedule.name,
    targets: schedule.targets.map((t) => ({ devId: t.devId, otlt: t.otlt })),
    action: schedule.action,
    time: schedule.time,
    dayMask: schedule.dayMask,
    startDate: schedule.startDate ?? '',
    endDate: schedule.endDate ?? '',
    enabled: schedule.enabled,
  };
}

/** The add/edit form of a schedule in a modal; it validates with the server's own schema. */
export function ScheduleFormModal({
  siteId,
  mode,
  devices,
  onClose,
}: {
  siteId: string;
  mode: ScheduleFormMode | null;
  devices: readonly SchedulableDevice[];
  onClose: () => void;
}) {
  return (
    <Modal opened={mode !== null} onClose={onClose} title={mode && TITLES[mode.kind]} size="lg">
      {mode && <ScheduleFormBody siteId={siteId} mode={mode} devices={devices} onClose={onClose} />}
    </Modal>
  );
}

function ScheduleFormBody({
  siteId,
  mode,
  devices,
  onClose,
}: {
  siteId: string;
  mode: ScheduleFormMode;
  devices: readonly SchedulableDevice[];
  onClose: () => void;
}) {
  const save = useSaveSchedule(siteId);
  const defaultValues = useMemo(() => defaultsOf(mode, devices), [mode, devices]);
  const form = useForm<ScheduleForm, unknown, ScheduleFields>({
    resolver: zodResolver(scheduleFormSchema),
    mode: 'all',
    defaultValues,
  });
  const { control, formState } = form;
  const targets = useFieldArray({ control, name: 'targets' });
  const rows = useWatch({ control, name: 'targets' });
  const action = useWatch({ control, name: 'action' });
  const dayMask = useWatch({ control, name: 'dayMask' });
  const enabled = useWatch({ control, name: 'enabled' });
  const available = commonActions(
    devices,
    rows.map((row) => row.devId),
  );
  const wholeDevice = isWholeDeviceAction(action);

  /** A field's message once touched or sent (spec §5). */
  const errorOf = (name: FieldPath<ScheduleForm>) => fieldError(form, name);

  // A change re-checks the whole form: a rule across rows (the same outlet twice) belongs to
  // the row it names, not to the field that changed.
  const change = <N extends FieldPath<ScheduleForm>>(
    name: N,
    value: PathValue<ScheduleForm, N>,
  ) => {
    form.setValue(name, value, { shouldDirty: true, shouldTouch: true });
    void form.trigger();
  };

  const chooseAction = (next: ScheduleAction) => {
    change('action', next);
    if (isWholeDeviceAction(next)) {
      form.getValues('targets').forEach((_, i) => change(`targets.${i}.otlt`, null));
    }
  };

  const chooseDevice = (index: number, devId: string) => {
    change(`targets.${index}.devId`, devId);
    change(`targets.${index}.otlt`, null);
    const next = commonActions(
      devices,
      form.getValues('targets').map((row) => row.devId),
    );
    const first = next[0];
    if (first !== undefined && !next.includes(form.getValues('action'))) chooseAction(first);
  };

  const send = (values: ScheduleFields, confirmNetworkOff: boolean) => {
    const id = mode.kind === 'edit' ? mode.schedule.id : undefined;
    save.mutate(
      { ...values, id, ...(confirmNetworkOff && { confirmNetworkOff }) },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: mode.kind === 'edit' ? 'Schedule saved' : 'Schedule added',
          });
          onClose();
        },
        onError: (error) => {
          // It switches off an outlet that feeds the location's network: ask, then save again.
          if (!confirmNetworkOff && needsNetworkConfirmation(error)) {
            askNetworkOff({ onConfirm: () => send(values, true) });
            return;
          }
          if (isApiRequestError(error)) {
            for (const [field, message] of Object.entries(error.fields)) {
              form.setError(field as FieldPath<ScheduleForm>, { message });
            }
          }
          notifications.show({
            color: 'red',
            message: isApiRequestError(error) ? error.message : messages.error,
          });
        },
      },
    );
  };

  const submit = form.handleSubmit((values) => send(values, false));

  const changed = formState.isDirty || mode.kind === 'duplicate';
  const actionData = available.map((a) => ({ value: a, label: ACTION_WORDS[a] }));
  if (!available.includes(action))
    actionData.unshift({ value: action, label: ACTION_WORDS[action] });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <TargetRows
          rows={targets.fields.map((field, i) => ({
            key: field.id,
            devId: rows[i]?.devId ?? '',
            otlt: rows[i]?.otlt ?? null,
          }))}
          devices={devices}
          wholeDevice={wholeDevice}
          onDevice={chooseDevice}
          onOutlet={(index, otlt) => change(`targets.${index}.otlt`, otlt)}
          onAdd={() => {
            targets.append({ devId: '', otlt: null }, { shouldFocus: false });
            void form.trigger();
          }}
          onRemove={(index) => {
            targets.remove(index);
            void form.trigger();
          }}
          errorOf={(index, field) =>
            errorOf(field ? `targets.${index}.${field}` : `targets.${index}`)
          }
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label="Action"
            withAsterisk
            data={actionData}
            value={action}
            onChange={(event) => chooseAction(event.currentTarget.value as ScheduleAction)}
            error={available.length === 0 ? NO_COMMON_ACTION : errorOf('action')}
          />
          <FormTextInput
            form={form}
            name="time"
            type="time"
            label="Time"
            description="The location's local time"
            withAsterisk
          />
        </SimpleGrid>
        <DayPicker
          mask={dayMask}
          onChange={(mask) => change('dayMask', mask)}
          error={errorOf('dayMask')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FormTextInput
            form={form}
            name="startDate"
            type="date"
            label="Start date"
            description="Optional"
            rules={{ deps: ['endDate'] }}
          />
          <FormTextInput
            form={form}
            name="endDate"
            type="date"
            label="End date"
            description="Optional"
          />
        </SimpleGrid>
        <FormTextInput form={form} name="name" label="Name" description="Optional" />
        <Switch
          label="Enabled"
          checked={enabled ?? true}
          onChange={(event) => change('enabled', event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            disabled={!changed || !formState.isValid || available.length === 0}
            loading={save.isPending}
          >
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
