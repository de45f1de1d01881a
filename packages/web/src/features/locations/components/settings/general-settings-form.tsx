import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  locationSettingsSchema,
  type LocationSettings,
  type LocationSettingsView,
} from '@powerdeck/domain';
import { useForm } from 'react-hook-form';
import { isApiRequestError } from '../../../../lib/api-client';
import { useSaveSettings, useTimezones } from '../../api/location-settings';
import { LocationFields, type LocationFieldNames } from '../location-fields';

const LOCATION_FIELD_NAMES: LocationFieldNames<LocationSettings> = {
  name: 'locationName',
  installDate: 'installationDate',
  viewPref: 'devViewPref',
  zipCode: 'zipCode',
  dst: 'dst',
};

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
  const { formState } = form;
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
  const locationFields = {
    form,
    names: LOCATION_FIELD_NAMES,
    error: err,
    dstFormat: 'yes-no',
    timezones: timezoneData,
    timezoneFallback: view.general.timezone,
    disabled: !canEdit,
  } as const;

  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={(e) => void handleSubmit(e)} noValidate>
        <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack>
            <Title order={2} size="h4">
              General
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <LocationFields section="general" {...locationFields} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <LocationFields section="address" {...locationFields} />
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
