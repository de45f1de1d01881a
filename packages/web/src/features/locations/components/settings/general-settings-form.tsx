import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  locationSettingsSchema,
  type LocationSettings,
  type LocationSettingsView,
} from '@powerdeck/domain';
import { Controller, useForm } from 'react-hook-form';
import { isApiRequestError } from '../../../../lib/api-client';
import { useSaveSettings, useTimezones } from '../../api/location-settings';

const VIEW_PREFS = [
  { value: 'outlet_controls', label: 'Outlet controls' },
  { value: 'energy_management', label: 'Energy management' },
];

/** General settings (spec §3): Save is disabled until the form is changed and valid (spec §5). */
export function GeneralSettingsForm({
  view,
  canEdit,
}: {
  view: LocationSettingsView;
  canEdit: boolean;
}) {
  const save = useSaveSettings(view.siteId);
  const timezones = useTimezones();
  const form = useForm<LocationSettings>({
    resolver: zodResolver(locationSettingsSchema),
    mode: 'all',
    defaultValues: view.general,
  });
  const { register, control, formState } = form;
  const err = (name: keyof LocationSettings) =>
    formState.touchedFields[name] || formState.dirtyFields[name]
      ? formState.errors[name]?.message
      : undefined;

  const handleSubmit = form.handleSubmit((values) => {
    save.mutate(values, {
      onSuccess: (saved) => {
        form.reset(saved.general);
        notifications.show({ color: 'green', message: 'Location settings saved' });
      },
      onError: (error) =>
        notifications.show({
          color: 'red',
          message: isApiRequestError(error) ? error.message : 'Location settings not saved',
        }),
    });
  });

  const timezoneData = (timezones.data ?? []).map((t) => ({ value: t.offset, label: t.label }));
  if (!timezoneData.some((t) => t.value === view.general.timezone)) {
    timezoneData.push({ value: view.general.timezone, label: `GMT ${view.general.timezone}` });
  }

  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={(e) => void handleSubmit(e)} noValidate>
        <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack>
            <Title order={2} size="h4">
              General
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Location name"
                required
                {...register('locationName')}
                error={err('locationName')}
              />
              <TextInput
                label="Installation date"
                type="date"
                {...register('installationDate')}
                error={err('installationDate')}
              />
              <Controller
                control={control}
                name="timezone"
                render={({ field }) => (
                  <Select
                    label="Time zone"
                    data={timezoneData}
                    value={field.value}
                    onChange={(v) => field.onChange(v ?? view.general.timezone)}
                    allowDeselect={false}
                    searchable
                    disabled={!canEdit}
                  />
                )}
              />
              <Controller
                control={control}
                name="devViewPref"
                render={({ field }) => (
                  <Select
                    label="Device view preference"
                    data={VIEW_PREFS}
                    value={field.value}
                    onChange={(v) => field.onChange(v ?? 'outlet_controls')}
                    allowDeselect={false}
                    disabled={!canEdit}
                  />
                )}
              />
              <Controller
                control={control}
                name="dst"
                render={({ field }) => (
                  <Checkbox
                    label="Daylight Saving Time"
                    checked={field.value === 'yes'}
                    onChange={(e) => field.onChange(e.currentTarget.checked ? 'yes' : 'no')}
                    mt="xs"
                  />
                )}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Address" {...register('address')} />
              <TextInput label="Address 2" {...register('address2')} />
              <TextInput label="City" {...register('city')} />
              <TextInput label="Region" {...register('region')} />
              <TextInput label="Country" {...register('country')} />
              <TextInput label="Zip code" {...register('zipCode')} error={err('zipCode')} />
            </SimpleGrid>
            {canEdit && (
              <Group justify="flex-end">
                <Button
                  type="submit"
                  disabled={!formState.isDirty || !formState.isValid}
                  loading={save.isPending}
                >
                  Save
                </Button>
              </Group>
            )}
          </Stack>
        </fieldset>
      </form>
    </Paper>
  );
}
