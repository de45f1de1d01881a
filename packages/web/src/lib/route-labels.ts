import type { DeviceAdminSection, DeviceSection, LocationTab } from './paths';

/** Names of tabs and sections as the spec words them (spec §2). */
export const LOCATION_TAB_LABELS: Record<LocationTab, string> = {
  devices: 'All Devices',
  outlets: 'All Outlets',
  settings: 'Location Settings',
  network: 'Network Management',
  commands: 'Scheduled Commands',
  events: 'Event Logs',
};

export const DEVICE_SECTION_LABELS: Record<DeviceSection, string> = {
  controls: 'Device Controls',
  usage: 'Energy Usage',
  commands: 'Scheduled Commands',
  alerts: 'Manage Alerts',
  admin: 'Device Admin',
};

export const DEVICE_ADMIN_LABELS: Record<DeviceAdminSection, string> = {
  settings: 'Settings',
  status: 'View Status',
  events: 'View Events',
  firmware: 'Manage Firmware',
  delete: 'Delete Device',
  discover: 'Discover Units',
};
