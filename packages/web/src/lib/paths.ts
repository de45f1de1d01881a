import { ALERT_MAIL_UNSUBSCRIBE_PAGE, isDeviceClass, type VIEW_PREFS } from '@powerdeck/domain';

/**
 * Every route of the console (spec §2 plus our six unshown ones), as patterns for the router and
 * builders for links. Nothing else spells a path.
 */

export const LOCATION_TABS = [
  'devices',
  'outlets',
  'settings',
  'network',
  'commands',
  'events',
] as const;
export type LocationTab = (typeof LOCATION_TABS)[number];

export const DEVICE_SECTIONS = ['controls', 'usage', 'commands', 'alerts', 'admin'] as const;
export type DeviceSection = (typeof DEVICE_SECTIONS)[number];

export const DEVICE_ADMIN_SECTIONS = [
  'settings',
  'status',
  'events',
  'firmware',
  'delete',
  'discover',
] as const;
export type DeviceAdminSection = (typeof DEVICE_ADMIN_SECTIONS)[number];

export const PROFILE_SECTIONS = [
  'accountDetails',
  'changePassword',
  'changeEmail',
  'alerts',
  'deleteAccount',
] as const;
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];

export const paths = {
  root: '/',
  login: '/login',
  forgotPassword: '/forgot-password',
  mobileBanner: '/mobile-banner',
  resetPassword: '/reset-password',
  registrationSuccess: '/registration-success',
  newAccountVerify: '/new-account-verify',
  signup: '/signup',
  redirectLogin: '/redirectLogin',
  mobile: '/mobile',
  outbox: '/outbox',
  /** An alert e-mail's unsubscribe link (issue 19): public, a signed token. */
  alertMailUnsubscribe: ALERT_MAIL_UNSUBSCRIBE_PAGE,
  locations: '/locations',
  locationsList: '/locations/list',
  watchlist: '/watchlist',
  clients: '/clients',
  admin: '/admin',
  profile: '/profile',
  helpAndSupport: '/helpAndSupport',
  systemStatus: '/system-status',
} as const;

const seg = encodeURIComponent;

export function locationPath(locationId: string, tab: LocationTab | 'notes' = 'devices'): string {
  return `/locations/${seg(locationId)}/${tab}`;
}

/** The location's landing URL; the router sends it on to the devices tab. */
export function locationRootPath(locationId: string): string {
  return `/locations/${seg(locationId)}`;
}

export interface DeviceRef {
  locationId: string;
  deviceId: string;
  deviceClass: string;
}

/** Canonical device URL: /locations/{locationId}/devices/{deviceId}/{deviceClass}/{section}. */
export function devicePath(
  ref: DeviceRef,
  section: DeviceSection = 'controls',
  adminSection?: DeviceAdminSection,
): string {
  const base = `/locations/${seg(ref.locationId)}/devices/${seg(ref.deviceId)}/${seg(ref.deviceClass)}/${section}`;
  return section === 'admin' && adminSection ? `${base}/${adminSection}` : base;
}

/** A device as the lists name it: its id and class. */
interface ListedDevice {
  devId: string;
  devClass: string;
}

/**
 * Where a device of a location's lists opens (spec §3 devViewPref). Energy management: the
 * device's own Energy Usage (an attached device measures for itself or says who does). Otherwise
 * the controls of `controlsOf` — an attached device's parent, whose panel has its outlets (spec §2)
 * — also while the location's settings are not known.
 */
export function deviceListPath(
  locationId: string,
  device: ListedDevice,
  viewPref: (typeof VIEW_PREFS)[number] | undefined,
  controlsOf: ListedDevice = device,
): string {
  const opens = viewPref === 'energy_management' ? device : controlsOf;
  return devicePath(
    { locationId, deviceId: opens.devId, deviceClass: opens.devClass },
    viewPref === 'energy_management' ? 'usage' : 'controls',
  );
}

/** The device path of search results and alerts: /locations/{locationId}/devices/{devClass}/{devId}. */
export function searchDevicePath(ref: DeviceRef): string {
  return `/locations/${seg(ref.locationId)}/devices/${seg(ref.deviceClass)}/${seg(ref.deviceId)}`;
}

/** Where a freshly joined wireless device opens: /locations/{id}/devices/{devClass}/{devId}/controls. */
export function joinedDevicePath(ref: DeviceRef): string {
  return `${searchDevicePath(ref)}/controls`;
}

/**
 * Reads the two device segments of a URL in either order. Device ids are upper-case hex and
 * classes lower-case names, so the class is whichever segment is a known device class.
 * `swapped` is true when the URL put the class first (the search/alert and post-join forms).
 */
export function resolveDeviceSegments(
  first: string,
  second: string,
): { deviceId: string; deviceClass: string; swapped: boolean } {
  const swapped = isDeviceClass(first) && !isDeviceClass(second);
  return swapped
    ? { deviceId: second, deviceClass: first, swapped }
    : { deviceId: first, deviceClass: second, swapped };
}

export function profilePath(section: ProfileSection = 'accountDetails'): string {
  return `/profile/${section}`;
}

export function clientSettingsPath(clientId: string): string {
  return `/clients/${seg(clientId)}/settings`;
}

export function clientContactPath(clientId: string): string {
  return `/clients/${seg(clientId)}/contact`;
}

export function adminGroupPath(groupId: string): string {
  return `/admin/groups/${seg(groupId)}`;
}

export function deviceHelpPath(devClass: string): string {
  return `/helpAndSupport/devices/${seg(devClass)}`;
}

/** Only same-site paths may be returned to after sign-in; anything else falls back to the list. */
export function safeReturnPath(from: string | null | undefined): string {
  if (!from || !from.startsWith('/') || from.startsWith('//')) return paths.locationsList;
  if (from === paths.root || from === paths.login) return paths.locationsList;
  return from;
}

/** What a redirect to /login carries so sign-in can return the visitor where they were going. */
export interface LoginRedirectState {
  from?: string;
}

export function readReturnPath(state: unknown): string {
  const from = (state as LoginRedirectState | null)?.from;
  return safeReturnPath(typeof from === 'string' ? from : undefined);
}
