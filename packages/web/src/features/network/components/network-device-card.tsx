import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { findDeviceSpec, type NetworkDevice } from '@powerdeck/domain';
import { IconPencil, IconWifi } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { devicePath } from '../../../lib/paths';
import { networkTexts, signalOf } from '../network-texts';
import type { TimeText } from './location-time';
import { NetworkOutlets } from './network-outlets';
import { PingTargetsTable } from './ping-targets-table';

export function ConnectionBadge({ connected }: { connected: boolean }) {
  return (
    // never narrower than its word: in a table squeezed onto a tablet it read "CONNEC…"
    <Badge
      color={connected ? 'teal' : 'red'}
      variant="light"
      style={{ flexShrink: 0, minWidth: 'max-content' }}
    >
      {connected ? 'Connected' : 'Inactive'}
    </Badge>
  );
}

function classNameOf(devClass: string): string {
  return findDeviceSpec(devClass)?.displayName ?? devClass;
}

/** A labelled value of the device's network facts. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={label}>
      <Text size="xs" c="dimmed" aria-hidden>
        {label}
      </Text>
      <Text size="sm" ff={label === 'IP address' ? 'monospace' : undefined}>
        {children}
      </Text>
    </div>
  );
}

/** A wireless device's signal at its gateway: dBm, a word and a bar. */
export function SignalCell({ rssi }: { rssi: number | null }) {
  if (rssi === null) return <Text size="sm">—</Text>;
  const signal = signalOf(rssi);
  return (
    <Stack gap={2} miw={120}>
      <Text size="sm">
        {rssi} dBm · {signal.label}
      </Text>
      <Progress
        value={signal.percent}
        color={signal.color}
        size="sm"
        aria-label={`Signal ${signal.label}, ${rssi} dBm`}
      />
    </Stack>
  );
}

function SectionTitle({ children, right }: { children: ReactNode; right?: ReactNode }) {
  return (
    <Group justify="space-between" align="center" gap="xs" wrap="wrap">
      <Title order={3} size="h6">
        {children}
      </Title>
      {right}
    </Group>
  );
}

/** A gateway's wireless devices, or a card's or adapter's attached units. */
function KidsTable({ device, timeText }: { device: NetworkDevice; timeText: TimeText }) {
  const wireless = device.gateway;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table
        verticalSpacing={6}
        aria-label={
          wireless ? `Wireless devices of ${device.devName}` : `Units of ${device.devName}`
        }
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Device</Table.Th>
            <Table.Th>Connection</Table.Th>
            {wireless && <Table.Th>Signal</Table.Th>}
            <Table.Th>{wireless ? 'Last seen' : 'Last contact'}</Table.Th>
            <Table.Th>Firmware</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {device.kids.map((kid) => (
            <Table.Tr key={kid.devId}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {kid.devName}
                </Text>
                <Text size="xs" c="dimmed">
                  {classNameOf(kid.devClass)} · {kid.mac}
                </Text>
              </Table.Td>
              <Table.Td>
                <ConnectionBadge connected={kid.connected} />
              </Table.Td>
              {wireless && (
                <Table.Td>
                  <SignalCell rssi={kid.rssi} />
                </Table.Td>
              )}
              <Table.Td>
                <Text size="sm">{timeText(kid.lastContact)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{kid.fwVer ?? '—'}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * One device of the location on the Network Management tab: its connection and network facts,
 * its wireless devices or units, its auto-ping targets and its outlets' network marks.
 */
export function NetworkDeviceCard({
  siteId,
  device,
  canEdit,
  canJoin,
  timeText,
  onEditPing,
  onJoin,
}: {
  siteId: string;
  device: NetworkDevice;
  canEdit: boolean;
  canJoin: boolean;
  timeText: TimeText;
  onEditPing: () => void;
  onJoin: () => void;
}) {
  const spec = findDeviceSpec(device.devClass);
  const ping = device.ping;
  return (
    <Paper component="section" withBorder radius="md" p="md" aria-label={device.devName}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap">
            <Title order={2} size="h5">
              <Anchor
                component={Link}
                to={devicePath({
                  locationId: siteId,
                  deviceId: device.devId,
                  deviceClass: device.devClass,
                })}
                inherit
              >
                {device.devName}
              </Anchor>
            </Title>
            <Text size="sm" c="dimmed">
              {classNameOf(device.devClass)}
            </Text>
            {device.gateway && (
              <Badge
                variant="outline"
                color="blue"
                leftSection={<IconWifi size={12} aria-hidden />}
              >
                Gateway
              </Badge>
            )}
          </Group>
          <ConnectionBadge connected={device.connected} />
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Fact label="IP address">{device.ip ?? '—'}</Fact>
          <Fact label={spec?.idLabel ?? 'MAC ID'}>{device.mac}</Fact>
          <Fact label="Last contact">{timeText(device.lastContact)}</Fact>
          <Fact label="Firmware">{device.fwVer ?? '—'}</Fact>
        </SimpleGrid>

        {(device.gateway || device.kids.length > 0) && (
          <Stack gap="xs">
            <SectionTitle
              right={
                device.gateway &&
                canJoin && (
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconWifi size={14} aria-hidden />}
                    onClick={onJoin}
                  >
                    {networkTexts.joinWireless}
                  </Button>
                )
              }
            >
              {device.gateway ? 'Wireless devices' : 'Attached units'}
            </SectionTitle>
            {device.kids.length === 0 ? (
              <Text size="sm" c="dimmed">
                No wireless devices joined yet.
              </Text>
            ) : (
              <KidsTable device={device} timeText={timeText} />
            )}
          </Stack>
        )}

        {ping && (
          <Stack gap="xs">
            <SectionTitle
              right={
                <Group gap="xs">
                  {ping.pending && (
                    <Badge color="blue" variant="light" title={networkTexts.pendingHint}>
                      {networkTexts.pending}
                    </Badge>
                  )}
                  {canEdit && (
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconPencil size={14} aria-hidden />}
                      onClick={onEditPing}
                    >
                      Edit ping targets
                    </Button>
                  )}
                </Group>
              }
            >
              Auto-ping
            </SectionTitle>
            {ping.pending && (
              <Text size="xs" c="dimmed">
                {networkTexts.pendingHint}
              </Text>
            )}
            <PingTargetsTable device={device} timeText={timeText} />
          </Stack>
        )}

        {device.outlets.length > 0 && (
          <Stack gap="xs">
            <SectionTitle>Outlets</SectionTitle>
            <NetworkOutlets siteId={siteId} device={device} canEdit={canEdit} />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
