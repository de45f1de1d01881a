import { createElement, lazy, type ComponentType } from 'react';

/** A lazy page whose chunk can be asked for before it renders (see preload-route.ts). */
export type PreloadablePage = ComponentType & {
  preload: () => Promise<unknown>;
};

/**
 * React.lazy for a named export, so each page is its own chunk (the sign-in page is not lazy). A
 * page whose chunk has already arrived (preloaded) renders at once instead of suspending: React
 * shows a suspended page's fallback and then holds the page back until 300 ms after that fallback
 * appeared (its Suspense throttling), which on a fresh load put the first page ~300 ms later than
 * its chunks and data (issue 18 item 11, LCP).
 */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K): PreloadablePage {
  let loading: Promise<M> | undefined;
  let loaded: ComponentType | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module[name] as ComponentType;
      return module;
    }));
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded as ComponentType };
  });
  const Page = () => createElement(loaded ?? Lazy);
  return Object.assign(Page, { preload });
}

/*
 * Pages a user moves between come as one chunk per area (page-chunks/): a device's pages, a
 * location's, the occasional signed-in ones, the signed-out account pages. Going from one to the
 * next then waits for no download, and the whole console is ~20 kB smaller gzipped than with a
 * chunk per page (each file compresses on its own and imports the shared chunks by name), for
 * ~10 kB more on the first page of an area (issue 18 item 10: scripts/bundle-size.js).
 */
const devicePages = () => import('./page-chunks/device-pages');
const locationPages = () => import('./page-chunks/location-pages');
const accountPages = () => import('./page-chunks/account-pages');
const publicPages = () => import('./page-chunks/public-pages');

export const SignupPage = lazyNamed(publicPages, 'SignupPage');
export const RegistrationSuccessPage = lazyNamed(publicPages, 'RegistrationSuccessPage');
export const NewAccountVerifyPage = lazyNamed(publicPages, 'NewAccountVerifyPage');
export const ForgotPasswordPage = lazyNamed(publicPages, 'ForgotPasswordPage');
export const ResetPasswordPage = lazyNamed(publicPages, 'ResetPasswordPage');
export const RedirectLoginPage = lazyNamed(publicPages, 'RedirectLoginPage');
export const MobilePage = lazyNamed(
  () => import('../features/mobile/routes/mobile-page'),
  'MobilePage',
);
export const MobileBannerPage = lazyNamed(
  () => import('../features/mobile/routes/mobile-banner-page'),
  'MobileBannerPage',
);
export const OutboxPage = lazyNamed(
  () => import('../features/outbox/routes/outbox-page'),
  'OutboxPage',
);
export const AlertMailUnsubscribePage = lazyNamed(
  () => import('../features/alerts/routes/alert-mail-unsubscribe-page'),
  'AlertMailUnsubscribePage',
);
export const NotFoundPage = lazyNamed(
  () => import('../features/not-found/routes/not-found-page'),
  'NotFoundPage',
);
export const ShellLayout = lazyNamed(() => import('./shell/shell-layout'), 'ShellLayout');
export const LocationsListPage = lazyNamed(
  () => import('../features/locations/routes/locations-list-page'),
  'LocationsListPage',
);
export const LocationLayout = lazyNamed(locationPages, 'LocationLayout');
export const DeviceLayout = lazyNamed(devicePages, 'DeviceLayout');
export const DeviceAdminHome = lazyNamed(devicePages, 'DeviceAdminHome');
export const DeviceControlsPage = lazyNamed(devicePages, 'DeviceControlsPage');
export const DeviceStatusPage = lazyNamed(devicePages, 'DeviceStatusPage');
export const DeviceSettingsPage = lazyNamed(devicePages, 'DeviceSettingsPage');
export const DeviceEnergyPage = lazyNamed(
  () => import('../features/energy/routes/device-energy-page'),
  'DeviceEnergyPage',
);
export const DeviceAlertsPage = lazyNamed(devicePages, 'DeviceAlertsPage');
export const DeviceDeletePage = lazyNamed(devicePages, 'DeviceDeletePage');
export const LocationDevicesPage = lazyNamed(locationPages, 'LocationDevicesPage');
export const LocationEventsPage = lazyNamed(locationPages, 'LocationEventsPage');
export const DeviceEventsPage = lazyNamed(devicePages, 'DeviceEventsPage');
export const DeviceFirmwarePage = lazyNamed(devicePages, 'DeviceFirmwarePage');
export const LocationNetworkPage = lazyNamed(locationPages, 'LocationNetworkPage');
export const DeviceDiscoverPage = lazyNamed(devicePages, 'DeviceDiscoverPage');
export const LocationCommandsPage = lazyNamed(locationPages, 'LocationCommandsPage');
export const DeviceCommandsPage = lazyNamed(devicePages, 'DeviceCommandsPage');
export const NotesPage = lazyNamed(locationPages, 'NotesPage');
export const LocationOutletsPage = lazyNamed(locationPages, 'LocationOutletsPage');
export const LocationSettingsPage = lazyNamed(locationPages, 'LocationSettingsPage');
export const WatchlistPage = lazyNamed(accountPages, 'WatchlistPage');
export const ClientsPage = lazyNamed(accountPages, 'ClientsPage');
export const ClientSettingsPage = lazyNamed(accountPages, 'ClientSettingsPage');
export const ClientContactPage = lazyNamed(accountPages, 'ClientContactPage');
export const AccountDetailsPage = lazyNamed(accountPages, 'AccountDetailsPage');
export const ChangePasswordPage = lazyNamed(accountPages, 'ChangePasswordPage');
export const ChangeEmailPage = lazyNamed(accountPages, 'ChangeEmailPage');
export const DeleteAccountPage = lazyNamed(accountPages, 'DeleteAccountPage');
export const HelpPage = lazyNamed(accountPages, 'HelpPage');
export const DeviceHelpPage = lazyNamed(accountPages, 'DeviceHelpPage');
export const AdminPage = lazyNamed(accountPages, 'AdminPage');
export const GroupPage = lazyNamed(accountPages, 'GroupPage');
export const AlertSubscriptionsPage = lazyNamed(accountPages, 'AlertSubscriptionsPage');
export const SystemStatusPage = lazyNamed(accountPages, 'SystemStatusPage');
