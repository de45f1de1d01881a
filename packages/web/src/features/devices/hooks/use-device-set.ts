import { useReducer, useState } from 'react';
import type { ControlTarget } from '../api/device-controls';
import { createCommandRegistry, type CommandRegistry } from '../state/command-registry';
import {
  panelOf,
  panelsReducer,
  type DevicePanelState,
  type PanelAction,
  type PanelsState,
} from '../state/device-panel-reducer';
import { controlTargetOf, useOutletActions, type OutletActions } from './outlet-actions';
import {
  useDevicesData,
  type DeviceGroup,
  type DevicesData,
  type PanelDevice,
} from './use-device-data';
import { useLiveDevices } from './use-live-device';
import { useMonitoringExpiry } from './use-monitoring';

/**
 * Devices followed live on one screen — the device panel's device and kids, or every device of a
 * location on its All Outlets tab: their status and contact, the per-device panel state, the
 * commands in flight, the live streams (or polling) and monitoring (spec §4). `monitorKey` names
 * the panel state entry that holds the screen's monitoring.
 */
export interface DeviceSet {
  state: PanelsState;
  dispatch: (action: PanelAction) => void;
  commands: CommandRegistry;
  data: DevicesData;
  /** Per parent device id: whether its push stream is up. */
  streams: Record<string, boolean>;
  monitor: DevicePanelState['monitor'];
  targetOf: (device: PanelDevice) => ControlTarget;
  outlets: OutletActions;
  touch: () => void;
  resume: () => void;
}

/** Monitoring actions stamped with the time they happen. */
const activityNow = (devId: string): PanelAction => ({ type: 'activity', devId, now: Date.now() });
const resumeNow = (devId: string): PanelAction => ({
  type: 'monitorResume',
  devId,
  now: Date.now(),
});

function startMonitoring(monitorKey: string): PanelsState {
  return panelsReducer({}, { type: 'monitorStart', devId: monitorKey, now: Date.now() });
}

export function useDeviceSet(options: {
  siteId: string;
  groups: readonly DeviceGroup[];
  monitorKey: string;
  /** A device's names, labels or kids changed. */
  onDeviceChange?: (devId: string) => void;
}): DeviceSet {
  const { siteId, groups, monitorKey } = options;
  const [state, dispatch] = useReducer(panelsReducer, monitorKey, startMonitoring);
  const [commands] = useState(createCommandRegistry);
  const monitor = panelOf(state, monitorKey).monitor;
  const active = monitor.active;

  const streams = useLiveDevices(
    groups.map((group) => group.parent),
    active,
    {
      dispatch,
      commands,
      ...(options.onDeviceChange ? { onDeviceChange: options.onDeviceChange } : {}),
    },
  );
  const data = useDevicesData(siteId, groups, {
    polling: (parentDevId) => active && !streams[parentDevId],
    onStatus: (id, status) =>
      dispatch({ type: 'statusReceived', devId: id, time: status.time, otlts: status.otlts }),
  });
  useMonitoringExpiry(monitorKey, monitor, dispatch);

  const touch = () => dispatch(activityNow(monitorKey));
  const targetOf = (device: PanelDevice) => controlTargetOf(siteId, groups, device);
  const outlets = useOutletActions({
    state,
    dispatch,
    commands,
    targetOf,
    isOn: (devId, otlt) => data.status[devId]?.otlts[otlt - 1] ?? false,
    touch,
  });
  const resume = () => dispatch(resumeNow(monitorKey));

  return { state, dispatch, commands, data, streams, monitor, targetOf, outlets, touch, resume };
}
