import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  OFFLINE_GRACE_MAX_SECONDS,
  OFFLINE_GRACE_MIN_SECONDS,
  alertSettingsSchema,
} from '@powerdeck/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { NumberField } from '../../../../components/number-field';
import { isApiRequestError } from '../../../../lib/api-client';
import { getAlertSettings, setAlertSettings } from '../../../alerts';

const alertSettingsKey = (siteId: string) => ['alertsManagement', 'getAlertSettings', siteId];

function GraceForm({
  siteId,
  initial,
  canEdit,
}: {
  siteId: string;
  initial: number;
  canEdit: boolean;
}) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState<number | ''>(initial);
  const parsed = alertSettingsSchema.safeParse({ offlineGraceSeconds: value });
  const error = parsed.success ? undefined : parsed.error.issues[0]?.message;
  const changed = parsed.success ? parsed.data.offlineGraceSeconds !== initial : true;
  const save = useMutation({
    mutationFn: (seconds: number) => setAlertSettings(siteId, { offlineGraceSeconds: seconds }),
    onSuccess: (saved) => {
      queryClient.setQueryData(alertSettingsKey(siteId), saved);
      notifications.show({ color: 'green', message: 'Alert settings saved' });
    },
    onError: (err) =>
      notifications.show({
        color: 'red',
        message: isApiRequestError(err) ? err.message : 'Alert settings not saved',
      }),
  });

  return (
    <Stack gap="xs">
      <NumberField
        label="Offline grace period (seconds)"
        description={`How long a device may stay offline before its users are alerted (${OFFLINE_GRACE_MIN_SECONDS}: at once).`}
        min={OFFLINE_GRACE_MIN_SECONDS}
        max={OFFLINE_GRACE_MAX_SECONDS}
        value={value}
        onChange={setValue}
        error={error}
        disabled={!canEdit}
        maw={480}
      />
      {canEdit ? (
        <Group>
          <Button
            disabled={!changed || !parsed.success}
            loading={save.isPending}
            onClick={() => parsed.success && save.mutate(parsed.data.offlineGraceSeconds)}
          >
            Save alert settings
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          Only an owner or ADMIN at this location can change it.
        </Text>
      )}
    </Stack>
  );
}

/** Alerts at this location: the offline grace period (edited by owner or ADMIN there). */
export function AlertSettingsSection({ siteId, canEdit }: { siteId: string; canEdit: boolean }) {
  const settings = useQuery({
    queryKey: alertSettingsKey(siteId),
    queryFn: () => getAlertSettings(siteId),
  });
  return (
    <Paper withBorder radius="md" p="md">
      <Stack>
        <Title order={2} size="h4">
          Alerts
        </Title>
        {settings.isError && (
          <Text size="sm" c="red">
            Alert settings could not be loaded.
          </Text>
        )}
        {settings.data && (
          <GraceForm
            key={settings.data.offlineGraceSeconds}
            siteId={siteId}
            initial={settings.data.offlineGraceSeconds}
            canEdit={canEdit}
          />
        )}
      </Stack>
    </Paper>
  );
}
