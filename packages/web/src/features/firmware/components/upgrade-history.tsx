import { Paper, Table, Text, Title } from '@mantine/core';
import { formatDateTime, messages } from '@powerdeck/domain';
import { ErrorBanner } from '../../../components/error-banner';
import { useFirmwareUpgrades } from '../api/firmware-api';
import { firmwareTexts, upgradeStateText, versionsText } from './firmware-texts';

/** How many of a device's past upgrades Manage Firmware lists. */
const HISTORY_SIZE = 5;

/** A device's latest upgrades, newest first: when, from which version to which, how it ended. */
export function UpgradeHistory({ siteId, devId }: { siteId: string; devId: string }) {
  const upgrades = useFirmwareUpgrades(siteId, { devId });
  let body;
  if (upgrades.isError) {
    body = (
      <ErrorBanner message={messages.someErrorOccured} onRetry={() => void upgrades.refetch()} />
    );
  } else if (!upgrades.data) {
    body = <Text c="dimmed">Loading...</Text>;
  } else if (upgrades.data.upgrades.length === 0) {
    body = <Text c="dimmed">{firmwareTexts.noHistory}</Text>;
  } else {
    body = (
      <Table aria-label="Firmware upgrades" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Started</Table.Th>
            <Table.Th>Version</Table.Th>
            <Table.Th>Result</Table.Th>
            <Table.Th>Started by</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {upgrades.data.upgrades.slice(0, HISTORY_SIZE).map((upgrade) => (
            <Table.Tr key={upgrade.id}>
              <Table.Td>{formatDateTime(upgrade.queuedAt)}</Table.Td>
              <Table.Td>{versionsText(upgrade.fromVersion, upgrade.toVersion)}</Table.Td>
              <Table.Td c={upgrade.phase === 'failed' ? 'red' : undefined}>
                {upgradeStateText(upgrade)}
              </Table.Td>
              <Table.Td>{upgrade.startedBy ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} size="h4" mb="sm">
        Upgrade history
      </Title>
      {body}
    </Paper>
  );
}
