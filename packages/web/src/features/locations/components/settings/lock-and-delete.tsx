import { Button, Group, Modal, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../../../lib/paths';
import { useDeleteLocation, useSetLock } from '../../api/location-settings';

/** Lock/unlock of the location's outlets (otltLock): owner or ADMIN. */
export function LockSection({ siteId, locked }: { siteId: string; locked: boolean }) {
  const lock = useSetLock(siteId);
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Title order={2} size="h4">
            Outlet lock
          </Title>
          <Text size="sm" c="dimmed">
            A locked location disables every outlet toggle and lock change.
          </Text>
        </div>
        <Switch
          size="md"
          label={locked ? 'Locked' : 'Unlocked'}
          checked={locked}
          disabled={lock.isPending}
          onChange={(e) =>
            lock.mutate(e.currentTarget.checked, {
              onSuccess: (_r, on) =>
                notifications.show({
                  color: 'green',
                  message: on ? 'Location locked' : 'Location unlocked',
                }),
              onError: () =>
                notifications.show({ color: 'red', message: 'Location lock could not be changed' }),
            })
          }
        />
      </Group>
    </Paper>
  );
}

/** Delete location with a confirm modal (owner or ADMIN). */
export function DeleteSection({ siteId, name }: { siteId: string; name: string }) {
  const [opened, confirm] = useDisclosure(false);
  const remove = useDeleteLocation(siteId);
  const client = useQueryClient();
  const navigate = useNavigate();
  return (
    <Paper withBorder radius="md" p="md" style={{ borderColor: 'var(--mantine-color-red-3)' }}>
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={2} size="h4">
            Delete location
          </Title>
          <Text size="sm" c="dimmed">
            Removes the location, its permissions and its settings.
          </Text>
        </div>
        <Button color="red" variant="light" onClick={confirm.open}>
          Delete location
        </Button>
      </Group>
      <Modal
        opened={opened}
        onClose={confirm.close}
        title="Delete location"
        centered
        closeOnClickOutside={false}
      >
        <Stack>
          <Text>Delete {name}? This cannot be undone.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={confirm.close}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => {
                    notifications.show({ color: 'green', message: 'Location deleted' });
                    confirm.close();
                    client.removeQueries({ queryKey: ['locations', siteId] });
                    void client.invalidateQueries({ queryKey: ['locations'] });
                    void navigate(paths.locationsList, { replace: true });
                  },
                  onError: () =>
                    notifications.show({ color: 'red', message: 'Location could not be deleted' }),
                })
              }
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
