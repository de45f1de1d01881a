import { Button, Group, Modal, Text } from '@mantine/core';
import { permissionMessages } from '@powerdeck/domain';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';

/** Spec §4: failing to load a location's settings shows this dialog, which returns to /locations. */
export function NoPermissionDialog() {
  const navigate = useNavigate();
  const leave = () => void navigate(paths.locations, { replace: true });
  return (
    <Modal opened onClose={leave} title="No Permission" centered closeOnClickOutside={false}>
      <Text>{permissionMessages.noPermissionThisLocation}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={leave}>OK</Button>
      </Group>
    </Modal>
  );
}
