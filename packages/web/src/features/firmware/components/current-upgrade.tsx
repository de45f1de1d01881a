import { Alert, Group, Paper, Text, Title } from '@mantine/core';
import { firmwareErrorText, formatDateTime, type FirmwareUpgrade } from '@powerdeck/domain';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { UpgradeSteps } from './upgrade-progress';

/** The upgrade Manage Firmware follows: its phases live, then how it ended. */
export function CurrentUpgrade({ upgrade }: { upgrade: FirmwareUpgrade }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={2} size="h4">
          Upgrade to {upgrade.toVersion}
        </Title>
        <Text size="sm" c="dimmed">
          Started {formatDateTime(upgrade.queuedAt)}
          {upgrade.startedBy ? ` by ${upgrade.startedBy}` : ''}
        </Text>
      </Group>
      <UpgradeSteps upgrade={upgrade} />
      {upgrade.phase === 'failed' && (
        <Alert
          mt="md"
          color="red"
          variant="light"
          title="Upgrade failed"
          icon={<IconAlertTriangle aria-hidden />}
          role="alert"
        >
          {upgrade.reason ? firmwareErrorText(upgrade.reason) : 'The upgrade did not complete.'}
        </Alert>
      )}
      {upgrade.phase === 'done' && (
        <Alert
          mt="md"
          color="teal"
          variant="light"
          icon={<IconCircleCheck aria-hidden />}
          role="status"
        >
          The device runs firmware {upgrade.toVersion}.
        </Alert>
      )}
    </Paper>
  );
}
