import { getDeviceSpec, isConnected, type DeviceClass, type DeviceMeta } from '@powerdeck/domain';
import { useEffect, useMemo } from 'react';
import { requestAutoStatusUpdate } from '../api/device-controls';
import {
  panelOf,
  type DevicePanelState,
  type PanelAction,
  type PanelsState,
} from '../state/device-panel-reducer';
import { deviceGroupOf, toDeviceData, useDeviceMeta, type DeviceData } from './use-device-data';
import { useDeviceSet } from './use-device-set';
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
      requestAutoStatusUpdate({ siteId, devClass, devId }, param, seconds).catch(() => undefined);
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
  const groups = useMemo(() => (meta ? [deviceGroupOf(meta)] : []), [meta]);
  const set = useDeviceSet({ siteId, groups, monitorKey: devId });
  const { state, dispatch } = set;
  const panel = panelOf(state, devId);
  const data = toDeviceData(meta, set.data);
  const streamOpen = set.streams[devId] ?? false;
  useAutoStatusUpdate(meta, panel.monitor.active && isConnected(data.contact[devId]));

  return { metaQuery, meta, data, state, panel, dispatch, set, streamOpen };
}

export function useDevicePanelActions(
  panel: ReturnType<typeof useDevicePanel>,
): PanelActions | undefined {
  const { meta, set } = panel;
  // Hooks cannot be conditional: the actions take a placeholder meta until it loads.
  const actions = usePanelActions(meta ?? PLACEHOLDER_META, set);
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
