import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { canEditOutlets, getDeviceSpec } from '@powerdeck/domain';
import { IconEdit, IconLock } from '@tabler/icons-react';
import type { PanelDevice } from '../hooks/use-device-data';
import { useDevicePanelContext } from './device-panel-context';
import { KidCard } from './kid-card';
import { OutletRow, type OutletControls } from './outlet-row';
import { SequenceControls } from './sequence-controls';

function OutletRows({ device, keyword }: { device: PanelDevice; keyword: string }) {
  const { meta, data, state, actions } = useDevicePanelContext();
  const controls: OutletControls = {
    locationLocked: meta.locationLocked,
    state,
    data,
    actions,
  };
  const spec = getDeviceSpec(device.devClass);
  const outlets = device.isKid
    ? (meta.kids.find((kid) => kid.devId === device.devId)?.info.otlts ?? [])
    : meta.outlets;
  if (spec.outletCount === 0) return null;
  return (
    <Stack gap={0} role="list" aria-label={`Outlets of ${device.name}`}>
      {Array.from({ length: spec.outletCount }, (_, i) => i + 1).map((otlt) => (
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

/** Says why toggles are disabled at a locked location (cycling still works, spec §2 help text). */
export function OutletsLockedNote() {
  return (
    <Group gap={6} mb="xs" c="dimmed">
      <IconLock size={14} aria-hidden />
      <Text size="xs">
        Outlets at this location are locked: they can be cycled but not switched.
      </Text>
    </Group>
  );
}

/** 'Outlet Controls' ('Output' for dc12ip): the device's outlets, then each child with its own. */
export function OutletPanel({
  keyword,
  onEditOutlets,
}: {
  keyword: string;
  onEditOutlets: () => void;
}) {
  const { meta, data } = useDevicePanelContext();
  const spec = getDeviceSpec(meta.devClass);
  const [own, ...kids] = data.devices;
  const hasOutlets = data.devices.some((d) => getDeviceSpec(d.devClass).outletCount > 0);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={spec.outletPanelTitle}>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} size="h4">
          {spec.outletPanelTitle}
        </Title>
        <Group gap="xs" wrap="wrap">
          <SequenceControls />
          {hasOutlets && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconEdit size={14} aria-hidden />}
              disabled={!canEditOutlets(meta.permLvl)}
              onClick={onEditOutlets}
            >
              {spec.editOutletsTitle}
            </Button>
          )}
        </Group>
      </Group>
      {meta.locationLocked && hasOutlets && <OutletsLockedNote />}
      <Stack gap="md">
        {own && <OutletRows device={own} keyword={keyword} />}
        {kids.map((kid) => (
          <Stack key={kid.devId} gap={4}>
            <KidCard device={kid} />
            <OutletRows device={kid} keyword={keyword} />
          </Stack>
        ))}
        {!hasOutlets && kids.length === 0 && (
          <Text size="sm" c="dimmed">
            No outlets are attached to this device.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
