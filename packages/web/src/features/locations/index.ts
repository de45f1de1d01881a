/** What other features use of the location screens: its settings (the user's level) and its devices. */
export { useLocationOutlets } from './api/location-outlets';
export { useLocationSettings } from './api/location-settings';
export { useUserLevels } from './api/user-levels';
export { DeviceActions } from './components/device-actions';
