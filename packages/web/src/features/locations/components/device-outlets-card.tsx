import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { getDeviceSpec, type DeviceOutlet, type PermLvl } from '@powerdeck/domain';
import { Link } from 'react-router';
import { deviceListPath } from '../../../lib/paths';
import { useLocationSettings } from '../api/location-settings';
import {
  EditOutletsButton,
  OutletRow,
  type DeviceGroup,
  type DeviceSet,
  type OutletControls,
  type PanelDevice,
} from '../../devices';

function ConnectionBadge({ connected }: { connected: boolean }) {
  return (
    <Badge color={connected ? 'teal' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
      {connected ? 'Connected' : 'Disconnected'}
    </Badge>
  );
}

function OutletRows({
  device,
  outlets,
  controls,
  keyword,
}: {
  device: PanelDevice;
  outlets: readonly DeviceOutlet[];
  controls: OutletControls;
  keyword: string;
}) {
  const count = getDeviceSpec(device.devClass).outletCount;
  return (
    <Stack gap={0} role="list" aria-label={`Outlets of ${device.name}`}>
      {Array.from({ length: count }, (_, i) => i + 1).map((otlt) => (
        <div role="listitem" key={otlt}>
          <OutletRow
            controls={controls}
            device={device}
            otlt={otlt}
            outlet={outlets.find((o) => o.otltId === otlt)}
            keyword={keyword}
          />
        </div>
      ))}
    </Stack>
  );
}

/**
 * A device of the All Outlets tab: its name (to its controls), type and connection, then its
 * outlets and each kid's, switched and cycled exactly as on the device panel.
 */
export function DeviceOutletsCard({
  siteId,
  group,
  outletsOf,
  controls,
  keyword,
  permLvl,
  targetOf,
  onEdited,
}: {
  siteId: string;
  group: DeviceGroup;
  outletsOf: (devId: string) => readonly DeviceOutlet[];
  controls: OutletControls;
  keyword: string;
  permLvl: PermLvl;
  targetOf: DeviceSet['targetOf'];
  onEdited: () => void;
}) {
  const { parent, kids } = group;
  const viewPref = useLocationSettings(siteId).data?.general.devViewPref;
  const hasOutlets = (device: PanelDevice) => getDeviceSpec(device.devClass).outletCount > 0;
  const connected = (device: PanelDevice) => controls.data.connected[device.devId] ?? false;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label={parent.name}
      data-testid={`device-outlets-${parent.devId}`}
      data-dev-class={parent.devClass}
    >
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={deviceListPath(siteId, parent, viewPref)} fw={600}>
            {parent.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {`${getDeviceSpec(parent.devClass).displayName} · ${parent.devId}`}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <EditOutletsButton
            siteId={siteId}
            device={parent}
            permLvl={permLvl}
            targetOf={targetOf}
            onSaved={onEdited}
          />
          <ConnectionBadge connected={connected(parent)} />
        </Group>
      </Group>
      <Stack gap="sm">
        {hasOutlets(parent) && (
          <OutletRows
            device={parent}
            outlets={outletsOf(parent.devId)}
            controls={controls}
            keyword={keyword}
          />
        )}
        {kids.filter(hasOutlets).map((kid) => (
          <Stack key={kid.devId} gap={4}>
            <Group
              justify="space-between"
              wrap="nowrap"
              gap="xs"
              px="sm"
              py={4}
              bg="var(--pd-color-surface-muted)"
              style={{ borderRadius: 'var(--mantine-radius-sm)' }}
            >
              <Text size="sm" fw={600} truncate="end" style={{ minWidth: 0 }}>
                {kid.name}
                <Text span size="xs" c="dimmed" fw={400}>
                  {` · ${getDeviceSpec(kid.devClass).displayName} · ${kid.devId}`}
                </Text>
              </Text>
              <ConnectionBadge connected={connected(kid)} />
            </Group>
            <OutletRows
              device={kid}
              outlets={outletsOf(kid.devId)}
              controls={controls}
              keyword={keyword}
            />
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
