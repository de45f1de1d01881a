import { Anchor, Badge, Group, Paper, Table, Text } from '@mantine/core';
import { messages, type DeviceListItem } from '@powerdeck/domain';
import { IconLock } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { devicePath } from '../../../app/paths';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBanner } from '../../../components/error-banner';
import { LoadingPanel } from '../../../components/loading-panel';
import { useLocationOutlets } from '../api/location-outlets';

function labels(o: { name1: string; name2?: string | undefined; name3?: string | undefined }) {
  return [o.name1, o.name2, o.name3].filter((n) => n !== undefined && n !== '').join(' / ');
}

function DeviceOutlets({ device }: { device: DeviceListItem }) {
  const path = devicePath({
    locationId: device.siteId,
    deviceId: device.devId,
    deviceClass: device.devClass,
  });
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Anchor component={Link} to={path} fw={600}>
          {device.devName}
        </Anchor>
        <Group gap={6}>
          <Badge variant="light" color="gray">
            {device.devClass}
          </Badge>
          <Badge variant="light" color={device.connected ? 'green' : 'red'}>
            {device.connected ? 'Connected' : 'Disconnected'}
          </Badge>
        </Group>
      </Group>
      <Table verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={70}>Outlet</Table.Th>
            <Table.Th>Labels</Table.Th>
            <Table.Th w={60}>Lock</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(device.outlets ?? []).map((o) => (
            <Table.Tr key={o.otltId}>
              <Table.Td>{o.otltId}</Table.Td>
              <Table.Td>{labels(o) || `Outlet ${o.otltId}`}</Table.Td>
              <Table.Td>
                {o.locked && <IconLock size={16} aria-label="Outlet locked" role="img" />}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/**
 * All Outlets tab: every outlet of the location with its device and labels. Switching and cycling
 * happen on the device's controls page (the device name links there).
 */
export function LocationOutletsPage() {
  const { locationId = '' } = useParams();
  const list = useLocationOutlets(locationId);
  if (list.isPending) return <LoadingPanel label="Loading outlets..." />;
  if (list.isError) {
    return (
      <ErrorBanner message={messages.loadDeviceInfoFailed} onRetry={() => void list.refetch()} />
    );
  }
  const withOutlets = list.data.records.filter((d) => (d.outlets ?? []).length > 0);
  if (withOutlets.length === 0) return <EmptyState message="This location has no outlets yet." />;
  return (
    <>
      <Text size="sm" c="dimmed" mb="sm">
        Open a device to switch or cycle its outlets.
      </Text>
      <div
        style={{
          display: 'grid',
          gap: 'var(--mantine-spacing-md)',
          gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))',
        }}
      >
        {withOutlets.map((d) => (
          <DeviceOutlets key={d.devId} device={d} />
        ))}
      </div>
    </>
  );
}
