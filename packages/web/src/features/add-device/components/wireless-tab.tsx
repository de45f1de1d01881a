import { messages, WIRELESS_LIST_MAX_HEIGHT_PX, type WirelessDevice } from '@powerdeck/domain';
import { Badge, Button, Group, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { joinedDevicePath } from '../../../lib/paths';
import { useGateways, useJoinDevice } from '../api/wireless';

/**
 * The Add Wireless Device tab (spec §2 add-device popup): the wireless devices the location's
 * gateways hear, each with Join; a joined device opens at its controls.
 */
export function WirelessTab({ siteId, onJoined }: { siteId: string; onJoined: () => void }) {
  const gateways = useGateways(siteId, true);
  const join = useJoinDevice(siteId);
  const navigate = useNavigate();

  if (gateways.isPending) {
    return (
      <Group justify="center" p="lg">
        <Loader size="sm" role="status" aria-label="Looking for wireless devices" />
      </Group>
    );
  }
  const retry = (
    <Button variant="light" onClick={() => void gateways.refetch()} loading={gateways.isFetching}>
      {messages.retryAgain}
    </Button>
  );
  if (gateways.isError) {
    return (
      <Stack align="center" p="lg" gap="sm">
        <Text c="red" role="alert">
          {messages.somethingWentWrong}
        </Text>
        {retry}
      </Stack>
    );
  }
  const { devices, gateways: found } = gateways.data;
  if (devices.length === 0) {
    return (
      <Stack align="center" p="lg" gap="sm">
        <Text c="dimmed">{messages.noWirelessDevices}</Text>
        {retry}
      </Stack>
    );
  }
  const gatewayName = (devId: string) => found.find((g) => g.devId === devId)?.devName || devId;
  const handleJoin = (device: WirelessDevice) =>
    join.mutate(device, {
      onSuccess: (joined) => {
        onJoined();
        void navigate(
          joinedDevicePath({
            locationId: siteId,
            deviceClass: joined.devClass,
            deviceId: joined.devId,
          }),
        );
      },
      onError: () => notifications.show({ color: 'red', message: messages.somethingWentWrong }),
    });

  return (
    <ScrollArea.Autosize mah={WIRELESS_LIST_MAX_HEIGHT_PX} type="auto" data-testid="wireless-list">
      <Stack gap="xs" pr="xs">
        {devices.map((device) => (
          <Group
            key={device.devId}
            justify="space-between"
            wrap="nowrap"
            p="xs"
            style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 6 }}
          >
            <Stack gap={2} miw={0}>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" fw={500} truncate>
                  {device.label}
                </Text>
                <Badge size="xs" variant="light">
                  {device.devClass.toUpperCase()}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed" truncate>
                {device.devId} · via {gatewayName(device.gateway)}
              </Text>
            </Stack>
            <Button
              size="xs"
              onClick={() => handleJoin(device)}
              loading={join.isPending && join.variables.devId === device.devId}
              disabled={join.isPending && join.variables.devId !== device.devId}
              aria-label={`Join ${device.label}`}
            >
              Join
            </Button>
          </Group>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}
