/** What other features use of the device screens: the outlet controls and their live state. */
export { deviceKeys } from './api/device-keys';
export { useLocationDevices } from './api/device-list';
export { MonitoringPausedModal } from './components/device-modals';
export { EditOutletsButton } from './components/edit-outlets-button';
export { OutletsLockedNote } from './components/outlet-panel';
export { OutletRow, outletLabels, type OutletControls } from './components/outlet-row';
export {
  deviceGroupsOf,
  useDeviceMeta,
  type DeviceGroup,
  type PanelDevice,
} from './hooks/use-device-data';
export { useDeviceSet, type DeviceSet } from './hooks/use-device-set';
