import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { canChangeOutletLocks, getDeviceSpec, type DeviceMeta } from '@powerdeck/domain';
import { useForm, type UseFormReturn } from 'react-hook-form';
import {
  editOutletsDefaults,
  editOutletsFormSchema,
  type EditOutletsForm,
  type EditOutletsValues,
} from './edit-outlets-form';
import classes from './edit-outlets-modal.module.css';

/** 'Edit Outlets' ('Edit Outputs' for dc12ip): names, labels (max 40) and locks; Save and Cancel. */
export function EditOutletsModal({
  opened,
  meta,
  onCancel,
  onSave,
}: {
  opened: boolean;
  meta: DeviceMeta;
  onCancel: () => void;
  onSave: (values: EditOutletsValues) => void;
}) {
  const title = getDeviceSpec(meta.devClass).editOutletsTitle;
  return (
    <Modal opened={opened} onClose={onCancel} title={title} size="lg" centered>
      {opened && <OutletsForm meta={meta} onCancel={onCancel} onSave={onSave} />}
    </Modal>
  );
}

function OutletsForm({
  meta,
  onCancel,
  onSave,
}: {
  meta: DeviceMeta;
  onCancel: () => void;
  onSave: (values: EditOutletsValues) => void;
}) {
  const form = useForm<EditOutletsForm, unknown, EditOutletsValues>({
    resolver: zodResolver(editOutletsFormSchema),
    mode: 'onChange',
    defaultValues: editOutletsDefaults(meta),
  });
  const devices = form.getValues('devices');
  const { isDirty, isValid } = form.formState;
  const submit = form.handleSubmit(onSave);
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="lg">
        {devices.map((device, d) => (
          <DeviceFields
            key={device.devId}
            form={form}
            index={d}
            locksEnabled={canChangeOutletLocks(meta.locationLocked)}
          />
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={!isDirty || !isValid}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DeviceFields({
  form,
  index,
  locksEnabled,
}: {
  form: UseFormReturn<EditOutletsForm, unknown, EditOutletsValues>;
  index: number;
  locksEnabled: boolean;
}) {
  const device = form.getValues(`devices.${index}`);
  const errors = form.formState.errors.devices?.[index];
  const spec = getDeviceSpec(device.devClass);
  return (
    <Stack gap="xs">
      <TextInput
        label="Device Name"
        {...form.register(`devices.${index}.name`)}
        error={errors?.name?.message}
      />
      <Text size="xs" c="dimmed">{`${spec.displayName} · ${device.devId}`}</Text>
      {device.outlets.map((outlet, o) => (
        <div key={outlet.otltId} className={classes.outlet}>
          <Text size="sm" fw={600} className={classes.index}>
            {outlet.otltId}
          </Text>
          <div className={classes.labels}>
            {outlet.labels.map((_, l) => (
              <TextInput
                key={l}
                size="xs"
                aria-label={`Outlet ${outlet.otltId} label ${l + 1}`}
                placeholder={l === 0 ? `Outlet ${outlet.otltId}` : `Label ${l + 1}`}
                {...form.register(`devices.${index}.outlets.${o}.labels.${l}`)}
                error={errors?.outlets?.[o]?.labels?.[l]?.message}
              />
            ))}
          </div>
          <Checkbox
            size="xs"
            label="Lock"
            disabled={!locksEnabled}
            aria-label={`Lock outlet ${outlet.otltId}`}
            {...form.register(`devices.${index}.outlets.${o}.locked`)}
          />
        </div>
      ))}
    </Stack>
  );
}
