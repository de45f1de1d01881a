import { ActionIcon, Group, Highlight, Loader, Stack, Switch, Text, Tooltip } from '@mantine/core';
import {
  getDeviceSpec,
  isCycleDisabled,
  isToggleDisabled,
  type DeviceOutlet,
} from '@powerdeck/domain';
import { IconLock, IconRefresh } from '@tabler/icons-react';
import type { OutletActions } from '../hooks/outlet-actions';
import type { DevicesData, PanelDevice } from '../hooks/use-device-data';
import {
  isOutletCycling,
  isOutletInProgress,
  panelOf,
  type PanelsState,
} from '../state/device-panel-reducer';
import { CommandStateText } from './command-state-text';
import classes from './outlet-row.module.css';

/**
 * What an outlet row reads and does: the same on the device panel and the location's All Outlets
 * tab (one implementation of spec §4's switch and cycle).
 */
export interface OutletControls {
  /** The location's outlets are locked: toggles are refused. */
  locationLocked: boolean;
  state: PanelsState;
  data: Pick<DevicesData, 'connected' | 'status'>;
  actions: OutletActions;
}

/** The labels a row shows: name1..name3 on banked models, the one name otherwise. */
export function outletLabels(device: PanelDevice, outlet: DeviceOutlet | undefined): string[] {
  if (!outlet) return [];
  const count = getDeviceSpec(device.devClass).bankLabelCount;
  return [outlet.name1, outlet.name2, outlet.name3]
    .slice(0, count)
    .filter((label): label is string => !!label && label.trim() !== '');
}

export function labelMatches(labels: readonly string[], keyword: string): boolean {
  const needle = keyword.trim().toLowerCase();
  return needle !== '' && labels.some((label) => label.toLowerCase().includes(needle));
}

/** One outlet: index, cycle button, on/off toggle, labels, lock marker and command state. */
export function OutletRow({
  controls,
  device,
  otlt,
  outlet,
  keyword = '',
}: {
  controls: OutletControls;
  device: PanelDevice;
  otlt: number;
  outlet: DeviceOutlet | undefined;
  keyword?: string;
}) {
  const { data, state, actions } = controls;
  const panel = panelOf(state, device.devId);
  const connected = data.connected[device.devId] ?? false;
  const on = connected && (data.status[device.devId]?.otlts[otlt - 1] ?? false);
  const inProgress = isOutletInProgress(panel, otlt);
  const cycling = isOutletCycling(panel, otlt);
  const locked = outlet?.locked ?? false;
  const toggleDisabled = isToggleDisabled({
    outletLocked: locked,
    locationLocked: controls.locationLocked,
    connected,
  });
  const labels = outletLabels(device, outlet);
  const highlighted = labelMatches(labels, keyword);
  const name = labels[0] ?? `Outlet ${otlt}`;

  return (
    <Group
      className={classes.row}
      data-highlighted={highlighted || undefined}
      data-testid={`outlet-${device.devId}-${otlt}`}
      wrap="nowrap"
      gap="sm"
      px="sm"
      py={6}
    >
      <Text className={classes.index} fw={600} c="dimmed" aria-hidden>
        {otlt}
      </Text>
      <Tooltip label={cycling ? 'Cycling…' : `Cycle ${name}`} withArrow>
        <ActionIcon
          variant="light"
          aria-label={`Cycle outlet ${otlt}`}
          disabled={isCycleDisabled({ connected })}
          onClick={() => actions.cycle(device, otlt)}
          data-cycling={cycling || undefined}
        >
          {cycling ? <Loader size={14} /> : <IconRefresh size={16} aria-hidden />}
        </ActionIcon>
      </Tooltip>
      <Switch
        aria-label={`Outlet ${otlt} power`}
        checked={on}
        disabled={toggleDisabled}
        onChange={() => actions.toggle(device, otlt)}
        thumbIcon={inProgress ? <Loader size={10} /> : undefined}
        data-in-progress={inProgress || undefined}
        color="teal"
        classNames={{ input: classes.switchInput, track: classes.switchTrack }}
      />
      <Stack gap={0} className={classes.labels}>
        <Group gap={6} wrap="wrap">
          {labels.length === 0 ? (
            <Text size="sm" c="dimmed">
              {`Outlet ${otlt}`}
            </Text>
          ) : (
            labels.map((label, index) => (
              <Highlight
                key={index}
                size="sm"
                highlight={keyword.trim()}
                className={index > 0 ? classes.extraLabel : undefined}
              >
                {label}
              </Highlight>
            ))
          )}
          {locked && <IconLock size={14} aria-label="Locked" role="img" />}
          {inProgress && (
            <Text size="xs" c="dimmed">
              In progress
            </Text>
          )}
        </Group>
        <CommandStateText command={panel.outlets[otlt]?.command ?? null} />
      </Stack>
    </Group>
  );
}
