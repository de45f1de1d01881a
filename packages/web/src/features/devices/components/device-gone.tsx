import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconPlugConnectedX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { locationPath } from '../../../lib/paths';

/** Shown in place of a device's pages once its live stream said it was deleted from the location. */
export function DeviceGone({ locationId }: { locationId: string }) {
  return (
    <Alert
      color="gray"
      variant="light"
      role="status"
      title="This device was deleted from this location"
      icon={<IconPlugConnectedX aria-hidden />}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          Its controls, status and settings are gone. Its commands and events stay in the location’s
          event log.
        </Text>
        <Button
          component={Link}
          to={locationPath(locationId, 'devices')}
          size="xs"
          variant="default"
          leftSection={<IconArrowLeft size={14} aria-hidden />}
        >
          Back to the location
        </Button>
      </Stack>
    </Alert>
  );
}
