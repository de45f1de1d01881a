import { Anchor, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { findDeviceSpec } from '@powerdeck/domain';
import { Link } from 'react-router';
import { devicePath } from '../../../lib/paths';
import { useLocationEnergy } from '../api/energy-api';
import { formatCost, formatKwh } from '../energy-data';
import { MonthSummary } from './month-summary';

/**
 * The location's energy this month, at the top of All Devices: month to date, the forecast against
 * the monthly budget, and the devices that used most (each opening its Energy Usage tab).
 */
export function LocationEnergyCard({ siteId }: { siteId: string }) {
  const energy = useLocationEnergy(siteId);
  // The devices list matters more than this card: a failed read leaves it out quietly.
  if (energy.isError) return null;
  return (
    <Paper withBorder radius="md" p="md" mb="md" component="section" aria-label="Energy this month">
      <Title order={2} size="h4" mb="sm">
        Energy this month
      </Title>
      {!energy.data ? (
        <Skeleton height={72} aria-label="Loading energy" />
      ) : (
        <Group align="flex-start" gap="xl" wrap="wrap">
          <div style={{ flex: '2 1 320px' }}>
            <MonthSummary
              siteId={siteId}
              month={energy.data.month}
              ratesSet={energy.data.ratesSet}
            />
          </div>
          <Stack gap={4} style={{ flex: '1 1 260px' }}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Top consumers
            </Text>
            {energy.data.topConsumers.length === 0 ? (
              <Text size="sm" c="dimmed">
                No energy recorded this month yet.
              </Text>
            ) : (
              <Table verticalSpacing={4} aria-label="Top consumers">
                <Table.Tbody>
                  {energy.data.topConsumers.map((device) => (
                    <Table.Tr key={device.devId}>
                      <Table.Td>
                        <Anchor
                          component={Link}
                          size="sm"
                          to={devicePath(
                            {
                              locationId: siteId,
                              deviceId: device.devId,
                              deviceClass: device.devClass,
                            },
                            'usage',
                          )}
                        >
                          {device.devName}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {findDeviceSpec(device.devClass)?.displayName ?? device.devClass}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Text size="sm">{formatKwh(device.kwh)}</Text>
                        {device.cost !== null && (
                          <Text size="xs" c="dimmed">
                            {formatCost(device.cost)}
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        </Group>
      )}
    </Paper>
  );
}
