import { MONITOR_EXPIRY_CHECK_MS, MONITOR_KEEPALIVE_MS } from '@powerdeck/domain';
import { useEffect } from 'react';
import type { DevicePanelState, PanelAction } from '../state/device-panel-reducer';

/**
 * Spec §4 monitoring: the panel stays alive 15 minutes after the last user command (checked every
 * 200 ms); then it stops and the 'Monitoring Paused' modal offers to resume.
 */
export function useMonitoringExpiry(
  devId: string,
  monitor: DevicePanelState['monitor'],
  dispatch: (action: PanelAction) => void,
): void {
  const { active, lastActivityTime } = monitor;
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => {
      if (Date.now() - lastActivityTime >= MONITOR_KEEPALIVE_MS) {
        dispatch({ type: 'monitorExpire', devId });
      }
    }, MONITOR_EXPIRY_CHECK_MS);
    return () => clearInterval(timer);
  }, [active, lastActivityTime, devId, dispatch]);
}
