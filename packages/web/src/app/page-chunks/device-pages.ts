/**
 * A device's pages (its layout, sections and admin pages; not usage, whose charts load apart), as
 * one chunk: see lazy-pages.ts.
 */
export { DeviceLayout } from '../../features/devices/routes/device-layout';
export { DeviceAdminHome } from '../../features/devices/routes/device-admin-home';
export { DeviceControlsPage } from '../../features/devices/routes/device-controls-page';
export { DeviceStatusPage } from '../../features/devices/routes/device-status-page';
export { DeviceSettingsPage } from '../../features/device-settings/routes/device-settings-page';
export { DeviceAlertsPage } from '../../features/alerts/routes/device-alerts-page';
export { DeviceDeletePage } from '../../features/devices/routes/device-delete-page';
export { DeviceEventsPage } from '../../features/events/routes/device-events-page';
export { DeviceFirmwarePage } from '../../features/firmware/routes/device-firmware-page';
export { DeviceDiscoverPage } from '../../features/network/routes/device-discover-page';
export { DeviceCommandsPage } from '../../features/schedules/routes/device-commands-page';
