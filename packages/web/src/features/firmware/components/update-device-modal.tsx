import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ServerError } from '../../../components/server-error';

/** Asks before one device's upgrade, naming the device and both versions. */
export function UpdateDeviceModal({
  opened,
  devName,
  fromVersion,
  toVersion,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  devName: string;
  fromVersion: string | null;
  toVersion: string;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Update Firmware" centered>
      <Stack gap="md">
        <Text>
          Update the firmware of <strong>{devName}</strong> from{' '}
          {fromVersion ?? 'an unknown version'} to {toVersion}?
        </Text>
        <Text size="sm" c="dimmed">
          The device downloads the image, checks it, installs it and reboots into the new firmware.
        </Text>
        <ServerError error={error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={onConfirm} loading={pending}>
            Update
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
