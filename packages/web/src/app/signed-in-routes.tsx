import type { ReactNode } from 'react';
import { Navigate, type Params, type RouteObject } from 'react-router';
import { PlaceholderPage } from '../features/placeholders/routes/placeholder-page';
import * as Pages from './lazy-pages';
import {
  DEVICE_ADMIN_SECTIONS,
  LOCATION_TABS,
  adminGroupPath,
  clientContactPath,
  clientSettingsPath,
  deviceHelpPath,
  locationPath,
  locationRootPath,
  paths,
  profilePath,
  resolveDeviceSegments,
  devicePath,
  type DeviceAdminSection,
  type DeviceSection,
  type LocationTab,
} from '../lib/paths';
import type { RouteHandle } from './route-handle';
import {
  DEVICE_ADMIN_LABELS,
  DEVICE_SECTION_LABELS,
  LOCATION_TAB_LABELS,
} from '../lib/route-labels';

const p = (params: Params, key: string): string => params[key] ?? '';

function crumb(id: string, name: string, url: string | ((params: Params) => string)): RouteHandle {
  return {
    crumb: (params) => ({ id, name, url: typeof url === 'string' ? url : url(params) }),
  };
}

function deviceRef(params: Params) {
  const { deviceId, deviceClass } = resolveDeviceSegments(p(params, 'first'), p(params, 'second'));
  return { locationId: p(params, 'locationId'), deviceId, deviceClass };
}

/** Every tab of a location has its page. */
const LOCATION_TAB_PAGES: Record<LocationTab, ReactNode> = {
  devices: <Pages.LocationDevicesPage />,
  outlets: <Pages.LocationOutletsPage />,
  settings: <Pages.LocationSettingsPage />,
  network: <Pages.LocationNetworkPage />,
  commands: <Pages.LocationCommandsPage />,
  events: <Pages.LocationEventsPage />,
};

const locationTabRoutes: RouteObject[] = LOCATION_TABS.map((tab) => ({
  path: tab,
  handle: crumb(tab, LOCATION_TAB_LABELS[tab], (params) =>
    locationPath(p(params, 'locationId'), tab),
  ),
  element: LOCATION_TAB_PAGES[tab],
}));

/** Every device page but admin (its own sub-routes below). */
const DEVICE_SECTION_PAGES: Record<Exclude<DeviceSection, 'admin'>, ReactNode> = {
  controls: <Pages.DeviceControlsPage />,
  usage: <Pages.DeviceEnergyPage />,
  commands: <Pages.DeviceCommandsPage />,
  alerts: <Pages.DeviceAlertsPage />,
};

const deviceSectionRoutes: RouteObject[] = (
  ['controls', 'usage', 'commands', 'alerts'] as const
).map((section) => ({
  path: section,
  handle: crumb(section, DEVICE_SECTION_LABELS[section], (params) =>
    devicePath(deviceRef(params), section),
  ),
  element: DEVICE_SECTION_PAGES[section],
}));

/** Every device admin page. */
const DEVICE_ADMIN_PAGES: Record<DeviceAdminSection, ReactNode> = {
  settings: <Pages.DeviceSettingsPage />,
  status: <Pages.DeviceStatusPage />,
  events: <Pages.DeviceEventsPage />,
  delete: <Pages.DeviceDeletePage />,
  firmware: <Pages.DeviceFirmwarePage />,
  discover: <Pages.DeviceDiscoverPage />,
};

const deviceAdminRoutes: RouteObject[] = DEVICE_ADMIN_SECTIONS.map((section) => ({
  path: section,
  handle: crumb(section, DEVICE_ADMIN_LABELS[section], (params) =>
    devicePath(deviceRef(params), 'admin', section),
  ),
  element: DEVICE_ADMIN_PAGES[section],
}));

export const signedInRoutes: RouteObject[] = [
  { path: paths.locations, element: <Navigate to={paths.locationsList} replace /> },
  {
    path: paths.locationsList,
    handle: crumb('locations', 'All Locations', paths.locationsList),
    element: <Pages.LocationsListPage />,
  },
  {
    path: 'locations/:locationId',
    // Every page of a location starts at the 'All Locations' root; the bar names the location.
    handle: {
      crumb: (params: Params) => [
        { id: 'locations', name: 'All Locations', url: paths.locationsList },
        { id: 'location', name: 'Location', url: locationRootPath(p(params, 'locationId')) },
      ],
    } satisfies RouteHandle,
    children: [
      {
        element: <Pages.LocationLayout />,
        children: [
          { index: true, element: <Navigate to="devices" replace /> },
          ...locationTabRoutes,
        ],
      },
      {
        path: 'notes',
        handle: crumb('notes', 'Notes', (params) => locationPath(p(params, 'locationId'), 'notes')),
        element: <Pages.NotesPage />,
      },
      {
        // Either order of the two segments; the layout turns the class-first form canonical.
        path: 'devices/:first/:second',
        handle: {
          // The breadcrumb bar shows the device's name in place of 'Device' once it is known.
          crumb: (params: Params) => ({
            id: 'device',
            name: 'Device',
            url: devicePath(deviceRef(params)),
          }),
        } satisfies RouteHandle,
        element: <Pages.DeviceLayout />,
        children: [
          ...deviceSectionRoutes,
          {
            path: 'admin',
            handle: crumb('admin', DEVICE_SECTION_LABELS.admin, (params) =>
              devicePath(deviceRef(params), 'admin'),
            ),
            children: [{ index: true, element: <Pages.DeviceAdminHome /> }, ...deviceAdminRoutes],
          },
        ],
      },
    ],
  },
  {
    path: paths.watchlist,
    handle: crumb('watchlist', 'Watchlist', paths.watchlist),
    element: <Pages.WatchlistPage />,
  },
  {
    path: paths.clients,
    handle: crumb('clients', 'All Clients', paths.clients),
    children: [
      {
        index: true,
        element: <Pages.ClientsPage />,
      },
      {
        path: ':clientId/settings',
        handle: crumb('client-settings', 'Client Settings', (params) =>
          clientSettingsPath(p(params, 'clientId')),
        ),
        element: <Pages.ClientSettingsPage />,
      },
      {
        path: ':clientId/contact',
        handle: crumb('client-contact', 'Client Contact', (params) =>
          clientContactPath(p(params, 'clientId')),
        ),
        element: <Pages.ClientContactPage />,
      },
    ],
  },
  {
    path: paths.admin,
    handle: crumb('admin', 'Administration', paths.admin),
    children: [
      {
        index: true,
        element: <Pages.AdminPage />,
      },
      {
        path: 'groups/:groupId',
        handle: crumb('group', 'Group', (params) => adminGroupPath(p(params, 'groupId'))),
        element: <Pages.GroupPage />,
      },
    ],
  },
  {
    path: paths.profile,
    handle: crumb('profile', 'Profile', profilePath()),
    children: [
      { index: true, element: <Navigate to={profilePath()} replace /> },
      profileRoute('accountDetails', 'Account Details', '', <Pages.AccountDetailsPage />),
      profileRoute('changePassword', 'Change Password', '', <Pages.ChangePasswordPage />),
      profileRoute('changeEmail', 'Change Email', '', <Pages.ChangeEmailPage />),
      profileRoute('alerts', 'Alert Subscriptions', '', <Pages.AlertSubscriptionsPage />),
      profileRoute('deleteAccount', 'Delete Account', '', <Pages.DeleteAccountPage />),
    ],
  },
  {
    path: paths.helpAndSupport,
    handle: crumb('help', 'Help & Support', paths.helpAndSupport),
    children: [
      {
        index: true,
        element: <Pages.HelpPage />,
      },
      {
        path: 'devices/:devClass',
        handle: crumb('help-device', 'Device Help', (params) =>
          deviceHelpPath(p(params, 'devClass')),
        ),
        element: <Pages.DeviceHelpPage />,
      },
    ],
  },
  {
    path: paths.systemStatus,
    handle: crumb('system-status', 'System Status', paths.systemStatus),
    element: <Pages.SystemStatusPage />,
  },
];

function profileRoute(
  section: Parameters<typeof profilePath>[0] & string,
  title: string,
  shows: string,
  element?: RouteObject['element'],
): RouteObject {
  return {
    path: section,
    handle: crumb(section, title, profilePath(section)),
    element: element ?? (
      <PlaceholderPage title={title} arrivesWith={`the profile issue: ${shows}`} />
    ),
  };
}
