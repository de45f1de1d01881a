import { ActionIcon, Group, Highlight, Loader, Stack, Switch, Text } from '@mantine/core';
import {
  getDeviceSpec,
  isCycleDisabled,
  isToggleDisabled,
  type DeviceOutlet,
} from '@powerdeck/domain';
import { IconLock, IconRefresh } from '@tabler/icons-react';
import { memo } from 'react';
import type { OutletActions } from '../hooks/outlet-actions';
import type { DevicesData, PanelDevice } from '../hooks/use-device-data';
import {
  isOutletCycling,
  isOutletInProgress,
  panelOf,
  type OutletCommand,
  type PanelsState,
} from '../state/device-panel-reducer';
import { CommandStateText } from './command-state-text';
import classes from './outlet-row.module.css';
import { LazyTooltip } from '../../../components/lazy-tooltip';

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

/**
 * One outlet: index, cycle button, on/off toggle, labels, lock marker and command state. Reads what
 * the row shows from the panel state and data, then renders it through a memoised view: a status
 * message that changes nothing this row shows does not re-render its switch, tooltip or labels
 * (issue 18 item 11: at 100 statuses a second every row re-rendered on each one).
 */
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
  const locked = outlet?.locked ?? false;
  return (
    <OutletRowView
      device={device}
      otlt={otlt}
      outlet={outlet}
      keyword={keyword}
      on={connected && (data.status[device.devId]?.otlts[otlt - 1] ?? false)}
      inProgress={isOutletInProgress(panel, otlt)}
      cycling={isOutletCycling(panel, otlt)}
      locked={locked}
      toggleDisabled={isToggleDisabled({
        outletLocked: locked,
        locationLocked: controls.locationLocked,
        connected,
      })}
      cycleDisabled={isCycleDisabled({ connected })}
      command={panel.outlets[otlt]?.command ?? null}
      actions={actions}
    />
  );
}

/** What a row shows, each a value that is equal (===) between renders when unchanged. */
interface OutletRowViewProps {
  device: PanelDevice;
  otlt: number;
  outlet: DeviceOutlet | undefined;
  keyword: string;
  on: boolean;
  inProgress: boolean;
  cycling: boolean;
  locked: boolean;
  toggleDisabled: boolean;
  cycleDisabled: boolean;
  command: OutletCommand | null;
  actions: OutletActions;
}

/** The same device, even when the caller rebuilt its object. */
const sameDevice = (a: PanelDevice, b: PanelDevice) =>
  a === b ||
  (a.devId === b.devId && a.devClass === b.devClass && a.name === b.name && a.isKid === b.isKid);

function sameRow(prev: OutletRowViewProps, next: OutletRowViewProps): boolean {
  return (
    sameDevice(prev.device, next.device) &&
    prev.otlt === next.otlt &&
    prev.outlet === next.outlet &&
    prev.keyword === next.keyword &&
    prev.on === next.on &&
    prev.inProgress === next.inProgress &&
    prev.cycling === next.cycling &&
    prev.locked === next.locked &&
    prev.toggleDisabled === next.toggleDisabled &&
    prev.cycleDisabled === next.cycleDisabled &&
    prev.command === next.command &&
    prev.actions.toggle === next.actions.toggle &&
    prev.actions.cycle === next.actions.cycle
  );
}

const SWITCH_CLASSES = { input: classes.switchInput, track: classes.switchTrack };

const OutletRowView = memo(function OutletRowView({
  device,
  otlt,
  outlet,
  keyword,
  on,
  inProgress,
  cycling,
  locked,
  toggleDisabled,
  cycleDisabled,
  command,
  actions,
}: OutletRowViewProps) {
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
      <LazyTooltip label={cycling ? 'Cycling…' : `Cycle ${name}`} withArrow>
        <ActionIcon
          variant="light"
          aria-label={`Cycle outlet ${otlt}`}
          disabled={cycleDisabled}
          onClick={() => actions.cycle(device, otlt)}
          data-cycling={cycling || undefined}
        >
          {cycling ? <Loader size={14} /> : <IconRefresh size={16} aria-hidden />}
        </ActionIcon>
      </LazyTooltip>
      <Switch
        aria-label={`Outlet ${otlt} power`}
        checked={on}
        disabled={toggleDisabled}
        onChange={() => actions.toggle(device, otlt)}
        thumbIcon={inProgress ? <Loader size={10} /> : undefined}
        data-in-progress={inProgress || undefined}
        color="teal"
        classNames={SWITCH_CLASSES}
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
        <CommandStateText command={command} />
      </Stack>
    </Group>
  );
}, sameRow);
