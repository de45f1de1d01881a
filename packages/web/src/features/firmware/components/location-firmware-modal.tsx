import { Alert, Button, Group, List, Modal, Stack, Table, Text } from '@mantine/core';
import {
  firmwareErrorText,
  messages,
  type DeviceFirmwareRow,
  type FirmwareUpgrade,
} from '@powerdeck/domain';
import { useState } from 'react';
import { ErrorBanner } from '../../../components/error-banner';
import { LoadingPanel } from '../../../components/loading-panel';
import { ServerError } from '../../../components/server-error';
import {
  useDevicesFirmwareInfo,
  useFirmwareLive,
  useFirmwareUpgrades,
  useUpgradeLocation,
} from '../api/firmware-api';
import { hasEnded } from '../state/upgrade-cache';
import { firmwareTexts, versionsText } from './firmware-texts';
import { UpgradeLine } from './upgrade-progress';

const devices = (n: number) => `${n} device${n === 1 ? '' : 's'}`;

function isUnderWay(row: DeviceFirmwareRow): boolean {
  return row.upgrade !== null && !hasEnded(row.upgrade);
}

/** A location-wide upgrade still under way (opening the modal again shows it). */
function batchUnderWay(records: readonly DeviceFirmwareRow[]): string | null {
  return records.find((r) => isUnderWay(r) && r.upgrade?.batchId)?.upgrade?.batchId ?? null;
}

/**
 * Update Firmware of a location (the location header menu, issue 14): the devices with an update,
 * one confirmation, then each device's phases live and a summary of what succeeded and failed.
 */
export function LocationFirmwareModal({
  siteId,
  opened,
  onClose,
}: {
  siteId: string;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Update Firmware" size="xl">
      {opened && <LocationFirmware siteId={siteId} onClose={onClose} />}
    </Modal>
  );
}

function LocationFirmware({ siteId, onClose }: { siteId: string; onClose: () => void }) {
  const info = useDevicesFirmwareInfo(siteId);
  const start = useUpgradeLocation(siteId);
  const [startedBatch, setStartedBatch] = useState<string | null>(null);
  useFirmwareLive(siteId);

  if (info.isError) {
    return <ErrorBanner message={messages.someErrorOccured} onRetry={() => void info.refetch()} />;
  }
  if (!info.data) return <LoadingPanel />;
  const { records, concurrencyLimit } = info.data;
  const batchId = startedBatch ?? batchUnderWay(records);
  if (batchId !== null) {
    return <BatchProgress siteId={siteId} batchId={batchId} onClose={onClose} />;
  }

  const candidates = records.filter((r) => r.updateAvailable && !isUnderWay(r));
  const busy = records.filter(isUnderWay).length;
  const busyNote = busy > 0 && (
    <Text size="sm" c="dimmed">
      {devices(busy)} of this location {busy === 1 ? 'is' : 'are'} being upgraded already.
    </Text>
  );
  if (candidates.length === 0) {
    return (
      <Stack gap="md">
        <Text>{firmwareTexts.noUpdates}</Text>
        {busyNote}
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Text>
        {devices(candidates.length)} of this location {candidates.length === 1 ? 'has' : 'have'} a
        newer firmware:
      </Text>
      <Table aria-label="Devices to update" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Device</Table.Th>
            <Table.Th>Firmware</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {candidates.map((row) => (
            <Table.Tr key={row.devId}>
              <Table.Td>{row.devName}</Table.Td>
              <Table.Td>{versionsText(row.fwVer, row.latestVersion)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {busyNote}
      <Text size="sm" c="dimmed">
        {firmwareTexts.limit(concurrencyLimit)} Each device reboots into its new firmware at the end
        of its upgrade.
      </Text>
      <ServerError error={start.error} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          loading={start.isPending}
          onClick={() =>
            start.mutate(undefined, {
              onSuccess: (batch) => {
                if (batch.batchId !== null) setStartedBatch(batch.batchId);
              },
            })
          }
        >
          Update {devices(candidates.length)}
        </Button>
      </Group>
    </Stack>
  );
}

/** The upgrades of one batch, each with its phase and bar, and the summary once all ended. */
function BatchProgress({
  siteId,
  batchId,
  onClose,
}: {
  siteId: string;
  batchId: string;
  onClose: () => void;
}) {
  const batch = useFirmwareUpgrades(siteId, { batchId });
  if (batch.isError) {
    return <ErrorBanner message={messages.someErrorOccured} onRetry={() => void batch.refetch()} />;
  }
  if (!batch.data) return <LoadingPanel />;
  const { upgrades, summary, concurrencyLimit } = batch.data;
  const ended = summary.queued + summary.running === 0;
  return (
    <Stack gap="md">
      {ended ? (
        <BatchSummary upgrades={upgrades} />
      ) : (
        <div>
          <Text role="status">
            {summary.done + summary.failed} of {summary.total} finished · {summary.running}{' '}
            upgrading · {summary.queued} queued
          </Text>
          <Text size="sm" c="dimmed">
            {firmwareTexts.limit(concurrencyLimit)}
          </Text>
        </div>
      )}
      <Table aria-label="Firmware upgrades" verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="35%">Device</Table.Th>
            <Table.Th>Progress</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {upgrades.map((upgrade) => (
            <Table.Tr key={upgrade.id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {upgrade.devName}
                </Text>
                <Text size="sm" c="dimmed">
                  {versionsText(upgrade.fromVersion, upgrade.toVersion)}
                </Text>
              </Table.Td>
              <Table.Td>
                <UpgradeLine upgrade={upgrade} name={upgrade.devName} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {ended ? '' : 'The upgrades go on when this window is closed.'}
        </Text>
        <Button variant={ended ? 'filled' : 'default'} onClick={onClose}>
          Close
        </Button>
      </Group>
    </Stack>
  );
}

function BatchSummary({ upgrades }: { upgrades: readonly FirmwareUpgrade[] }) {
  const failed = upgrades.filter((u) => u.phase === 'failed');
  const succeeded = upgrades.length - failed.length;
  return (
    <Alert
      color={failed.length === 0 ? 'teal' : 'orange'}
      variant="light"
      role="status"
      title={`${succeeded} succeeded, ${failed.length} failed`}
    >
      {failed.length > 0 ? (
        <List size="sm" spacing={2} aria-label="Failed upgrades">
          {failed.map((u) => (
            <List.Item key={u.id}>
              {u.devName}: {u.reason ? firmwareErrorText(u.reason) : 'Failed'}
            </List.Item>
          ))}
        </List>
      ) : (
        <Text size="sm">Every device runs its new firmware.</Text>
      )}
    </Alert>
  );
}
