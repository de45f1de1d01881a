import { Anchor, Badge, Group, ScrollArea, Table, Text } from '@mantine/core';
import {
  findDeviceSpec,
  formatDateTime,
  messages,
  statusTimeToMs,
  type DeviceListItem,
} from '@powerdeck/domain';
import { Link, useParams } from 'react-router';
import { deviceListPath } from '../../../lib/paths';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBanner } from '../../../components/error-banner';
import { LoadingPanel } from '../../../components/loading-panel';
import { LocationEnergyCard } from '../../energy';
import { DeviceActions, useLocationSettings } from '../../locations';
import { useLocationDevices } from '../api/device-list';

interface DeviceTreeRow {
  device: DeviceListItem;
  /** The device whose controls open for this row: a kid opens its parent (spec §2). */
  opens: DeviceListItem;
  depth: 0 | 1;
}

/** Parents in name order, each followed by its kids. */
export function deviceTree(records: readonly DeviceListItem[]): DeviceTreeRow[] {
  const byId = new Map(records.map((d) => [d.devId, d]));
  const byName = (a: DeviceListItem, b: DeviceListItem) => a.devName.localeCompare(b.devName);
  const roots = records.filter((d) => !d.parentDevId || !byId.has(d.parentDevId)).sort(byName);
  return roots.flatMap((parent) => [
    { device: parent, opens: parent, depth: 0 as const },
    ...records
      .filter((kid) => kid.parentDevId === parent.devId)
      .sort(byName)
      .map((kid) => ({ device: kid, opens: parent, depth: 1 as const })),
  ]);
}

/** All Devices tab of a location (spec §2): every device with status, class and last active. */
export function LocationDevicesPage() {
  const { locationId = '' } = useParams();
  const list = useLocationDevices(locationId);
  const viewPref = useLocationSettings(locationId).data?.general.devViewPref;
  if (list.isError) {
    return (
      <ErrorBanner message={messages.loadDeviceInfoFailed} onRetry={() => void list.refetch()} />
    );
  }
  if (!list.data) return <LoadingPanel />;
  if (list.data.records.length === 0)
    return <EmptyState message="No devices at this location yet." />;
  const rows = deviceTree(list.data.records);
  return (
    <>
      <LocationEnergyCard siteId={locationId} />
      <ScrollArea type="auto">
        <Table
          highlightOnHover
          verticalSpacing="xs"
          horizontalSpacing={8}
          miw={640}
          aria-label="All Devices"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={110}>Status</Table.Th>
              <Table.Th>Device</Table.Th>
              <Table.Th>Class</Table.Th>
              <Table.Th>Device ID</Table.Th>
              <Table.Th>Last active</Table.Th>
              <Table.Th>Attached</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(({ device, opens, depth }) => (
              <Table.Tr key={device.devId}>
                <Table.Td>
                  <Badge color={device.connected ? 'teal' : 'red'} variant="light" miw={84}>
                    {device.connected ? 'Active' : 'Inactive'}
                  </Badge>
                </Table.Td>
                <Table.Td pl={depth === 1 ? 'xl' : undefined}>
                  <Group gap={4} wrap="nowrap">
                    {depth === 1 && (
                      <Text c="dimmed" aria-hidden>
                        ↳
                      </Text>
                    )}
                    <Anchor
                      component={Link}
                      to={deviceListPath(locationId, device, viewPref, opens)}
                      fw={depth === 0 ? 600 : 400}
                    >
                      {device.devName}
                    </Anchor>
                  </Group>
                </Table.Td>
                <Table.Td>
                  {findDeviceSpec(device.devClass)?.displayName ?? device.devClass}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {device.devId}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {device.lastContact === null
                    ? 'Never'
                    : formatDateTime(statusTimeToMs(device.lastContact))}
                </Table.Td>
                <Table.Td>{device.kids > 0 ? device.kids : ''}</Table.Td>
                <Table.Td>
                  <DeviceActions
                    device={{
                      siteId: locationId,
                      devId: device.devId,
                      parentDevId: device.parentDevId,
                    }}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </>
  );
}
