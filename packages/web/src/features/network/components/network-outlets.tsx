import { Badge, Switch, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { NetworkDevice, NetworkOutlet } from '@powerdeck/domain';
import { isApiRequestError } from '../../../lib/api-client';
import { useSetNetworkOutlet } from '../api/network-api';
import { networkTexts, outletName } from '../network-texts';

function sourceText(outlet: NetworkOutlet): string {
  if (outlet.source === 'device') return networkTexts.fromDevice;
  if (outlet.source === 'user') return networkTexts.fromUser;
  return '';
}

/**
 * The outlets of a device and its kids with their "Feeds the network" mark: switching such an
 * outlet off asks for a confirmation first. CLIENT sees the marks without the switches.
 */
export function NetworkOutlets({
  siteId,
  device,
  canEdit,
}: {
  siteId: string;
  device: NetworkDevice;
  canEdit: boolean;
}) {
  const mark = useSetNetworkOutlet(siteId);
  const busy = (outlet: NetworkOutlet) =>
    mark.isPending && mark.variables.devId === outlet.devId && mark.variables.otlt === outlet.otlt;
  const ownerName = (devId: string) =>
    devId === device.devId ? null : (device.kids.find((k) => k.devId === devId)?.devName ?? devId);

  return (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing={4} aria-label={`Outlets of ${device.devName}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={60}>#</Table.Th>
            <Table.Th>Outlet</Table.Th>
            <Table.Th>{networkTexts.feedsNetwork}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {device.outlets.map((outlet) => {
            const owner = ownerName(outlet.devId);
            const name = outletName(outlet);
            const label = `${name}${owner ? ` of ${owner}` : ''} feeds the network`;
            return (
              <Table.Tr key={`${outlet.devId}-${outlet.otlt}`}>
                <Table.Td>{outlet.otlt}</Table.Td>
                <Table.Td>
                  <Text size="sm">{name}</Text>
                  {owner && (
                    <Text size="xs" c="dimmed">
                      {owner}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {canEdit ? (
                    <Switch
                      checked={outlet.feedsNetwork}
                      disabled={busy(outlet)}
                      aria-label={label}
                      label={sourceText(outlet)}
                      onChange={(event) =>
                        mark.mutate(
                          {
                            parentDevId: device.devId,
                            devId: outlet.devId,
                            otlt: outlet.otlt,
                            feedsNetwork: event.currentTarget.checked,
                          },
                          {
                            onError: (error) =>
                              notifications.show({
                                color: 'red',
                                message: isApiRequestError(error)
                                  ? error.message
                                  : networkTexts.markFailed,
                              }),
                          },
                        )
                      }
                    />
                  ) : outlet.feedsNetwork ? (
                    <Badge variant="light" color="orange" aria-label={label}>
                      {networkTexts.feedsNetwork}
                      {outlet.source === 'device' ? ' (device)' : ''}
                    </Badge>
                  ) : (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
