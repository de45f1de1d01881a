import { paths } from '../../lib/paths';

export interface NavItem {
  to: string;
  label: string;
  /** Shown in the sidebar; the system-status item exists but is hidden (spec §2). */
  hidden?: boolean;
}

/** Sidebar links exactly as spec §2 lists them. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: paths.locations, label: 'All Locations' },
  { to: paths.watchlist, label: 'Watchlist' },
  { to: paths.clients, label: 'All Clients' },
  { to: paths.admin, label: 'Administration' },
  { to: paths.profile, label: 'Profile' },
  { to: paths.helpAndSupport, label: 'Help & Support' },
  { to: paths.systemStatus, label: 'System Status', hidden: true },
];

/** The fixed 'Recent' search hints of the sidebar. */
export const RECENT_SEARCH_HINTS: readonly string[] = [
  'Location name',
  'Device name',
  'MAC ID or serial number',
  'Outlet label',
  'Client name',
];
