import { createContext, useContext } from 'react';
import type { DevicePanel } from '../hooks/use-device-panel';

export const DevicePanelContext = createContext<DevicePanel | null>(null);

/** The open device panel: its data, per-device panel state and commands. */
export function useDevicePanelContext(): DevicePanel {
  const panel = useContext(DevicePanelContext);
  if (!panel) throw new Error('useDevicePanelContext outside a device panel');
  return panel;
}
