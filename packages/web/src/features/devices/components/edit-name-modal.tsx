import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, TextInput } from '@mantine/core';
import { deviceNameSchema } from '@powerdeck/domain';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

const formSchema = z.object({ name: deviceNameSchema });
type NameForm = z.input<typeof formSchema>;

/**
 * 'Edit Device Name' (spec §2, §5): prefilled, validated on change, Save disabled until the name
 * changed and is valid. A failure keeps it open with the error.
 */
export function EditNameModal({
  opened,
  oldName,
  saving,
  error,
  onCancel,
  onSave,
}: {
  opened: boolean;
  oldName: string;
  saving: boolean;
  error: string | null;
  onCancel: () => void;
  onSave: (name: string) => void;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Edit Device Name" centered>
      {opened && (
        <NameForm
          oldName={oldName}
          saving={saving}
          error={error}
          onCancel={onCancel}
          onSave={onSave}
        />
      )}
    </Modal>
  );
}

function NameForm({
  oldName,
  saving,
  error,
  onCancel,
  onSave,
}: {
  oldName: string;
  saving: boolean;
  error: string | null;
  onCancel: () => void;
  onSave: (name: string) => void;
}) {
  const form = useForm<NameForm>({
    resolver: zodResolver(formSchema),
    mode: 'onChange',
    defaultValues: { name: oldName },
  });
  const { errors, isDirty, isValid } = form.formState;
  const submit = form.handleSubmit((values) => onSave(values.name.trim()));
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <TextInput
        label="Device Name"
        data-autofocus
        {...form.register('name')}
        error={errors.name?.message}
      />
      {error && (
        <Alert color="red" variant="light" mt="sm" p="xs" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={!isDirty || !isValid} loading={saving}>
          Save
        </Button>
      </Group>
    </form>
  );
}
