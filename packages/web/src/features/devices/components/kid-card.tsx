import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { getDeviceSpec } from '@powerdeck/domain';
import { DeviceActions } from '../../locations';
import type { PanelDevice } from '../hooks/use-device-data';
import { useDevicePanelContext } from './device-panel-context';
import { FindMeButton } from './find-me-button';
import { Readings } from './readings';

/** A child's card in the outlet panel: name, device id, readings, Battery % where it has one. */
export function KidCard({ device }: { device: PanelDevice }) {
  const { data, meta } = useDevicePanelContext();
  const spec = getDeviceSpec(device.devClass);
  const connected = data.connected[device.devId] ?? false;
  return (
    <Paper withBorder radius="sm" p="sm" bg="var(--pd-color-surface-muted)">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Text fw={600}>{device.name}</Text>
            <Text
              size="xs"
              c="dimmed"
            >{`${spec.displayName} · ${spec.idLabel}: ${device.devId}`}</Text>
          </Stack>
          <Group gap="xs">
            <DeviceActions
              device={{ siteId: meta.siteId, devId: device.devId, parentDevId: meta.devId }}
              permLvl={meta.permLvl}
            />
            {spec.panels.findMe && <FindMeButton device={device} />}
            <Badge color={connected ? 'teal' : 'gray'} variant="light">
              {connected ? 'Connected' : 'Disconnected'}
            </Badge>
          </Group>
        </Group>
        {spec.panels.meter && (
          <Readings devClass={device.devClass} status={data.status[device.devId]} />
        )}
      </Stack>
    </Paper>
  );
}
