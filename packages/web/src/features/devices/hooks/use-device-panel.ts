import { getDeviceSpec, isConnected, type DeviceClass, type DeviceMeta } from '@powerdeck/domain';
import { useEffect, useReducer, useState } from 'react';
import { postControl } from '../api/device-controls';
import { createCommandRegistry } from '../state/command-registry';
import {
  panelOf,
  panelsReducer,
  type DevicePanelState,
  type PanelAction,
  type PanelsState,
} from '../state/device-panel-reducer';
import { useDeviceData, useDeviceMeta, type DeviceData } from './use-device-data';
import { useLiveDevice } from './use-live-device';
import { useMonitoringExpiry } from './use-monitoring';
import { usePanelActions, type PanelActions } from './use-panel-actions';

export interface DevicePanel {
  meta: DeviceMeta;
  data: DeviceData;
  state: PanelsState;
  panel: DevicePanelState;
  dispatch: (action: PanelAction) => void;
  actions: PanelActions;
  streamOpen: boolean;
}

function startMonitoring(devId: string): PanelsState {
  return panelsReducer({}, { type: 'monitorStart', devId, now: Date.now() });
}

/** Auto status update (spec §7, §9) is requested while the panel is open and monitoring. */
function useAutoStatusUpdate(meta: DeviceMeta | undefined, enabled: boolean) {
  const siteId = meta?.siteId;
  const devClass = meta?.devClass;
  const devId = meta?.devId;
  useEffect(() => {
    if (!enabled || !siteId || !devClass || !devId) return undefined;
    const { param, seconds } = getDeviceSpec(devClass).autoStatusUpdate;
    const request = () => {
      // A failed request only means slower updates; the stream and polling go on.
      postControl({ siteId, devClass, devId }, 'autostatusupdate', { [param]: seconds }).catch(
        () => undefined,
      );
    };
    request();
    const timer = setInterval(request, seconds * 1000);
    return () => clearInterval(timer);
  }, [enabled, siteId, devClass, devId]);
}

/** Everything the device control panel shows and does, for the device in the URL. */
export function useDevicePanel(siteId: string, devClass: DeviceClass, devId: string) {
  const metaQuery = useDeviceMeta(siteId, devClass, devId);
  const meta = metaQuery.data;
  const [state, dispatch] = useReducer(panelsReducer, devId, startMonitoring);
  const [commands] = useState(createCommandRegistry);
  const panel = panelOf(state, devId);
  const active = panel.monitor.active;

  const streamOpen = useLiveDevice(meta, active, { dispatch, commands });
  const data = useDeviceData(meta, {
    polling: active && !streamOpen,
    onStatus: (id, status) =>
      dispatch({ type: 'statusReceived', devId: id, time: status.time, otlts: status.otlts }),
  });
  useMonitoringExpiry(devId, panel.monitor, dispatch);
  useAutoStatusUpdate(meta, active && isConnected(data.contact[devId]));

  return { metaQuery, meta, data, state, panel, dispatch, commands, streamOpen };
}

export function useDevicePanelActions(
  panel: ReturnType<typeof useDevicePanel>,
): PanelActions | undefined {
  const { meta, data, state, dispatch, commands } = panel;
  // Hooks cannot be conditional: the actions take a placeholder meta until it loads.
  const actions = usePanelActions(meta ?? PLACEHOLDER_META, data, state, dispatch, commands);
  return meta ? actions : undefined;
}

const PLACEHOLDER_META: DeviceMeta = {
  siteId: '',
  devClass: 'm4000',
  devId: '',
  devName: '',
  fwVer: null,
  parentDevId: null,
  permLvl: 'CLIENT',
  locationLocked: true,
  kids: [],
  outlets: [],
  cycGrp: [],
  seqGrp: [],
  ntwkinvhash: '',
};
