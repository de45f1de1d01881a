/**
 * The signed-in pages visited now and then: watchlist, clients, account, help, admin, alert
 * subscriptions, system status, as one chunk: see lazy-pages.ts.
 */
export { WatchlistPage } from '../../features/locations/routes/watchlist-page';
export { ClientsPage } from '../../features/clients/routes/clients-page';
export { ClientSettingsPage } from '../../features/clients/routes/client-settings-page';
export { ClientContactPage } from '../../features/clients/routes/client-contact-page';
export { AccountDetailsPage } from '../../features/account/routes/account-details-page';
export { ChangePasswordPage } from '../../features/account/routes/change-password-page';
export { ChangeEmailPage } from '../../features/account/routes/change-email-page';
export { DeleteAccountPage } from '../../features/account/routes/delete-account-page';
export { HelpPage } from '../../features/help/routes/help-page';
export { DeviceHelpPage } from '../../features/help/routes/device-help-page';
export { AdminPage } from '../../features/groups/routes/admin-page';
export { GroupPage } from '../../features/groups/routes/group-page';
export { AlertSubscriptionsPage } from '../../features/alerts/routes/alert-subscriptions-page';
export { SystemStatusPage } from '../../features/system-status/routes/system-status-page';
