import { DeviceRoutePage } from '../../../components/device-route';
import { Alert, Button, Group, List, Paper, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type DeletedDevice,
  type DeviceClass,
  type DeviceMeta,
  canDeleteDevice,
  getDeviceSpec,
  messages,
} from '@powerdeck/domain';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorBanner } from '../../../components/error-banner';
import { LoadingPanel } from '../../../components/loading-panel';
import { PageTitle } from '../../../components/page-title';
import { ServerError } from '../../../components/server-error';
import { locationPath } from '../../../lib/paths';
import { useSession } from '../../auth';
import { deleteDevice, forgetDeletedDevice } from '../api/device-delete';
import { useDeviceMeta } from '../hooks/use-device-data';

/** Who may delete (our words; the server answers 403 with the same rule). */
export const DELETE_NOT_PERMITTED =
  'Only an ADMIN or owner of this location can delete its devices.';

/** The toast after a delete: the device (and kids), and what became of the schedules that targeted it. */
export function deletedToast(deleted: DeletedDevice): string {
  const { deleted: gone, edited } = deleted.schedules;
  const plural = (n: number) => (n === 1 ? 'schedule' : 'schedules');
  const kids = deleted.kids.length;
  const what =
    kids === 0
      ? `${deleted.devName} was`
      : `${deleted.devName} and the ${kids === 1 ? 'device' : `${kids} devices`} attached to it were`;
  const parts = [
    gone > 0
      ? `${gone} ${plural(gone)} that only targeted it ${gone === 1 ? 'was' : 'were'} deleted`
      : '',
    edited > 0
      ? `${edited} ${plural(edited)} no longer ${edited === 1 ? 'targets' : 'target'} it`
      : '',
  ].filter(Boolean);
  return `${what} deleted from the location.${parts.length > 0 ? ` ${parts.join('; ')}.` : ''}`;
}

/**
 * Delete Device (spec §2 device admin /delete; issue 14): names the device and asks for its name
 * to be typed. ADMIN, owner and SUPPORT may delete; others see why the button is off. After the
 * delete the location's device list opens with a toast.
 */
export function DeviceDeletePage() {
  return <DeviceRoutePage>{(device) => <DeleteDevice {...device} />}</DeviceRoutePage>;
}

function DeleteDevice({
  siteId,
  devClass,
  devId,
}: {
  siteId: string;
  devClass: DeviceClass;
  devId: string;
}) {
  const meta = useDeviceMeta(siteId, devClass, devId);
  const session = useSession();
  if (meta.isError) {
    return <ErrorBanner message={messages.someErrorOccured} onRetry={() => void meta.refetch()} />;
  }
  if (!meta.data || !session.data) return <LoadingPanel />;
  return (
    <>
      <PageTitle title="Delete Device" />
      <DeleteForm
        meta={meta.data}
        allowed={canDeleteDevice(meta.data.permLvl, session.data.tier)}
      />
    </>
  );
}

function DeleteForm({ meta, allowed }: { meta: DeviceMeta; allowed: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const spec = getDeviceSpec(meta.devClass);
  const name = meta.devName.trim() || meta.devId;
  // a wired kid leaves with the device it is attached to (the server answers 409 too)
  const attached = meta.parentDevId !== null && !spec.wireless;
  const remove = useMutation({
    mutationFn: () =>
      deleteDevice({ siteId: meta.siteId, devId: meta.devId, devClass: meta.devClass }),
    onSuccess: async (deleted) => {
      await forgetDeletedDevice(queryClient, deleted);
      notifications.show({ color: 'green', message: deletedToast(deleted) });
      void navigate(locationPath(meta.siteId, 'devices'));
    },
  });
  const matches = typed.trim() === name;
  const canSubmit = allowed && !attached && matches && !remove.isPending;

  return (
    <Paper withBorder radius="md" p="lg" maw={640}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (canSubmit) remove.mutate();
        }}
      >
        <Stack gap="md">
          <Text>
            Delete <strong>{name}</strong> ({spec.displayName}, {spec.idLabel} {meta.devId}) from
            this location?
          </Text>
          <List size="sm" spacing={4}>
            {meta.kids.length > 0 && (
              <List.Item>
                The devices attached to it leave with it:{' '}
                {meta.kids.map((kid) => kid.info.name || kid.devId).join(', ')}.
              </List.Item>
            )}
            <List.Item>
              Its claim is released: it can be added again with its MAC ID and the challenge key on
              its label.
            </List.Item>
            <List.Item>Its commands and events stay in the location’s event log.</List.Item>
            <List.Item>
              Scheduled commands lose it as a target; one that targets nothing else is deleted.
            </List.Item>
            <List.Item>Everyone’s watches, mutes and alert choices for it are removed.</List.Item>
          </List>
          {attached && (
            <Alert color="yellow" variant="light">
              This device is attached to another device: delete that device to take it out of the
              location.
            </Alert>
          )}
          {!allowed && (
            <Alert color="gray" variant="light">
              {DELETE_NOT_PERMITTED}
            </Alert>
          )}
          <TextInput
            label={`Type the device name, ${name}, to confirm`}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            disabled={!allowed || attached}
            autoComplete="off"
            spellCheck={false}
            data-autofocus
          />
          <ServerError error={remove.error} />
          <Group justify="flex-end">
            <Button
              type="submit"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              disabled={!canSubmit}
              loading={remove.isPending}
            >
              Delete Device
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
