/** A location's pages (its layout, tabs and notes), as one chunk: see lazy-pages.ts. */
export { LocationLayout } from '../../features/locations/routes/location-layout';
export { LocationDevicesPage } from '../../features/devices/routes/location-devices-page';
export { LocationEventsPage } from '../../features/events/routes/location-events-page';
export { LocationNetworkPage } from '../../features/network/routes/location-network-page';
export { LocationCommandsPage } from '../../features/schedules/routes/location-commands-page';
export { NotesPage } from '../../features/notes/routes/notes-page';
export { LocationOutletsPage } from '../../features/locations/routes/location-outlets-page';
export { LocationSettingsPage } from '../../features/locations/routes/location-settings-page';
