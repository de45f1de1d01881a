import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  canRenameDevice,
  deviceCardColour,
  formatDateTime,
  getDeviceSpec,
  statusTimeToMs,
  type DeviceCardColour,
} from '@powerdeck/domain';
import { IconInfoCircle, IconPencil, IconPower } from '@tabler/icons-react';
import { DeviceActions } from '../../locations';
import { useDevicePanelContext } from './device-panel-context';
import { FindMeButton } from './find-me-button';
import classes from './device-card.module.css';
import { LazyTooltip } from '../../../components/lazy-tooltip';

const COLOUR: Record<DeviceCardColour, { colour: string; label: string }> = {
  connected: { colour: 'teal', label: 'Connected' },
  warning: { colour: 'yellow', label: 'Warning' },
  error: { colour: 'red', label: 'Error' },
  disconnected: { colour: 'gray', label: 'Disconnected' },
};

/** The device card: name, edit-name, type, MAC ID or SN, last active, colour by state. */
export function DeviceCard({
  onEditName,
  onAbout,
  onReboot,
}: {
  onEditName: () => void;
  onAbout: () => void;
  onReboot: () => void;
}) {
  const { meta, data } = useDevicePanelContext();
  const spec = getDeviceSpec(meta.devClass);
  const status = data.status[meta.devId];
  const lastContact = data.contact[meta.devId]?.lastContact;
  const colour =
    COLOUR[
      deviceCardColour({
        devClass: meta.devClass,
        connected: data.connected[meta.devId] ?? false,
        spu: status?.spu ?? null,
        efuse: status?.efuse ?? null,
      })
    ];
  const device = { devId: meta.devId, devClass: meta.devClass, name: meta.devName, isKid: false };

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      className={classes.card}
      style={{ borderLeftColor: `var(--mantine-color-${colour.colour}-6)` }}
      data-colour={colour.label.toLowerCase()}
      aria-label="Device card"
      component="section"
    >
      <Stack gap="xs">
        <Group gap="xs" justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap={4} wrap="nowrap" className={classes.name}>
            <Title order={1} size="h3" className={classes.title}>
              {meta.devName}
            </Title>
            <LazyTooltip label="Edit Device Name" withArrow>
              <ActionIcon
                variant="subtle"
                aria-label="Edit Device Name"
                disabled={!canRenameDevice(meta.permLvl)}
                onClick={onEditName}
              >
                <IconPencil size={16} aria-hidden />
              </ActionIcon>
            </LazyTooltip>
          </Group>
          <DeviceActions
            device={{ siteId: meta.siteId, devId: meta.devId, parentDevId: meta.parentDevId }}
            permLvl={meta.permLvl}
          />
        </Group>
        <Group gap="xs" wrap="wrap">
          <Text size="sm">{spec.displayName}</Text>
          <Badge color={colour.colour} variant="light">
            {colour.label}
          </Badge>
        </Group>
        <Text size="sm">
          <Text span c="dimmed">{`${spec.idLabel}: `}</Text>
          {meta.devId}
        </Text>
        <Text size="sm">
          <Text span c="dimmed">
            Last active:{' '}
          </Text>
          {typeof lastContact === 'number' ? formatDateTime(statusTimeToMs(lastContact)) : 'Never'}
        </Text>
        {(spec.panels.infoButton || spec.panels.reboot || spec.panels.findMe) && (
          <Group gap="xs" mt={4}>
            {spec.panels.infoButton && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconInfoCircle size={14} aria-hidden />}
                onClick={onAbout}
              >
                Info
              </Button>
            )}
            {spec.panels.reboot && (
              <Button
                size="xs"
                variant="light"
                color="orange"
                leftSection={<IconPower size={14} aria-hidden />}
                disabled={!data.connected[meta.devId]}
                onClick={onReboot}
              >
                Reboot
              </Button>
            )}
            {spec.panels.findMe && <FindMeButton device={device} />}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
