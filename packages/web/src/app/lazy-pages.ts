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

export const SignupPage = lazyNamed(
  () => import('../features/auth/routes/signup-page'),
  'SignupPage',
);
export const RegistrationSuccessPage = lazyNamed(
  () => import('../features/auth/routes/registration-success-page'),
  'RegistrationSuccessPage',
);
export const NewAccountVerifyPage = lazyNamed(
  () => import('../features/auth/routes/new-account-verify-page'),
  'NewAccountVerifyPage',
);
export const ForgotPasswordPage = lazyNamed(
  () => import('../features/auth/routes/forgot-password-page'),
  'ForgotPasswordPage',
);
export const ResetPasswordPage = lazyNamed(
  () => import('../features/auth/routes/reset-password-page'),
  'ResetPasswordPage',
);
export const RedirectLoginPage = lazyNamed(
  () => import('../features/auth/routes/redirect-login-page'),
  'RedirectLoginPage',
);
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
export const LocationLayout = lazyNamed(
  () => import('../features/locations/routes/location-layout'),
  'LocationLayout',
);
export const DeviceLayout = lazyNamed(
  () => import('../features/devices/routes/device-layout'),
  'DeviceLayout',
);
export const DeviceAdminHome = lazyNamed(
  () => import('../features/devices/routes/device-admin-home'),
  'DeviceAdminHome',
);
export const DeviceControlsPage = lazyNamed(
  () => import('../features/devices/routes/device-controls-page'),
  'DeviceControlsPage',
);
export const DeviceStatusPage = lazyNamed(
  () => import('../features/devices/routes/device-status-page'),
  'DeviceStatusPage',
);
export const DeviceSettingsPage = lazyNamed(
  () => import('../features/device-settings/routes/device-settings-page'),
  'DeviceSettingsPage',
);
export const DeviceEnergyPage = lazyNamed(
  () => import('../features/energy/routes/device-energy-page'),
  'DeviceEnergyPage',
);
export const DeviceAlertsPage = lazyNamed(
  () => import('../features/alerts/routes/device-alerts-page'),
  'DeviceAlertsPage',
);
export const DeviceDeletePage = lazyNamed(
  () => import('../features/devices/routes/device-delete-page'),
  'DeviceDeletePage',
);
export const LocationDevicesPage = lazyNamed(
  () => import('../features/devices/routes/location-devices-page'),
  'LocationDevicesPage',
);
export const LocationEventsPage = lazyNamed(
  () => import('../features/events/routes/location-events-page'),
  'LocationEventsPage',
);
export const DeviceEventsPage = lazyNamed(
  () => import('../features/events/routes/device-events-page'),
  'DeviceEventsPage',
);
export const DeviceFirmwarePage = lazyNamed(
  () => import('../features/firmware/routes/device-firmware-page'),
  'DeviceFirmwarePage',
);
export const LocationNetworkPage = lazyNamed(
  () => import('../features/network/routes/location-network-page'),
  'LocationNetworkPage',
);
export const DeviceDiscoverPage = lazyNamed(
  () => import('../features/network/routes/device-discover-page'),
  'DeviceDiscoverPage',
);
export const LocationCommandsPage = lazyNamed(
  () => import('../features/schedules/routes/location-commands-page'),
  'LocationCommandsPage',
);
export const DeviceCommandsPage = lazyNamed(
  () => import('../features/schedules/routes/device-commands-page'),
  'DeviceCommandsPage',
);
export const NotesPage = lazyNamed(
  () => import('../features/notes/routes/notes-page'),
  'NotesPage',
);
export const LocationOutletsPage = lazyNamed(
  () => import('../features/locations/routes/location-outlets-page'),
  'LocationOutletsPage',
);
export const LocationSettingsPage = lazyNamed(
  () => import('../features/locations/routes/location-settings-page'),
  'LocationSettingsPage',
);
export const WatchlistPage = lazyNamed(
  () => import('../features/locations/routes/watchlist-page'),
  'WatchlistPage',
);
export const ClientsPage = lazyNamed(
  () => import('../features/clients/routes/clients-page'),
  'ClientsPage',
);
export const ClientSettingsPage = lazyNamed(
  () => import('../features/clients/routes/client-settings-page'),
  'ClientSettingsPage',
);
export const ClientContactPage = lazyNamed(
  () => import('../features/clients/routes/client-contact-page'),
  'ClientContactPage',
);
export const AccountDetailsPage = lazyNamed(
  () => import('../features/account/routes/account-details-page'),
  'AccountDetailsPage',
);
export const ChangePasswordPage = lazyNamed(
  () => import('../features/account/routes/change-password-page'),
  'ChangePasswordPage',
);
export const ChangeEmailPage = lazyNamed(
  () => import('../features/account/routes/change-email-page'),
  'ChangeEmailPage',
);
export const DeleteAccountPage = lazyNamed(
  () => import('../features/account/routes/delete-account-page'),
  'DeleteAccountPage',
);
export const HelpPage = lazyNamed(() => import('../features/help/routes/help-page'), 'HelpPage');
export const DeviceHelpPage = lazyNamed(
  () => import('../features/help/routes/device-help-page'),
  'DeviceHelpPage',
);
export const AdminPage = lazyNamed(
  () => import('../features/groups/routes/admin-page'),
  'AdminPage',
);
export const GroupPage = lazyNamed(
  () => import('../features/groups/routes/group-page'),
  'GroupPage',
);
export const AlertSubscriptionsPage = lazyNamed(
  () => import('../features/alerts/routes/alert-subscriptions-page'),
  'AlertSubscriptionsPage',
);
export const SystemStatusPage = lazyNamed(
  () => import('../features/system-status/routes/system-status-page'),
  'SystemStatusPage',
);
