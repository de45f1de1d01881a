import type { AccountTier } from '../api/session';
import type { PermLvl } from './perm-lvl';

/** The three permission messages of spec §6, word for word. */
export const permissionMessages = {
  noPermissionAnyLocation: 'You dont have permissions at any location.',
  noNotesPermissionAnyLocation: 'You dont have permissions to see/create notes at any location.',
  noPermissionThisLocation: "You don't have permission to access this location.",
} as const;

const isClient = (permLvl: PermLvl): boolean => permLvl === 'CLIENT';

/** Add a Device is disabled for CLIENT (spec §6). */
export function canAddDevice(permLvl: PermLvl): boolean {
  return !isClient(permLvl);
}

/** Update Firmware is disabled for CLIENT. */
export function canUpdateFirmware(permLvl: PermLvl): boolean {
  return !isClient(permLvl);
}

/** The Notes action is not offered to CLIENT. */
export function canUseNotes(permLvl: PermLvl): boolean {
  return !isClient(permLvl);
}

/** The rename button is disabled for CLIENT. */
export function canRenameDevice(permLvl: PermLvl): boolean {
  return !isClient(permLvl);
}

/** The edit-outlets button is disabled, and the edit form unavailable, for CLIENT. */
export function canEditOutlets(permLvl: PermLvl): boolean {
  return !isClient(permLvl);
}

/** The empty-state action (Add Location / Add a Device) does nothing for CLIENT. */
export function canUseEmptyStateAction(permLvl: PermLvl): boolean {
  return !isClient(permLvl);
}

/** Scheduled commands: CLIENT may view them but not add, edit, delete, enable or run (issue 13). */
export function canChangeSchedules(permLvl: PermLvl): boolean {
  return !isClient(permLvl);
}

/** Device settings: CLIENT sees them read-only (issue 14); INSTALLER and above change them. */
export function canChangeDeviceSettings(permLvl: PermLvl): boolean {
  return !isClient(permLvl);
}

/** CLIENT and INSTALLER cannot mute (the click is ignored). */
export function canMute(permLvl: PermLvl): boolean {
  return permLvl !== 'CLIENT' && permLvl !== 'INSTALLER';
}

/**
 * Delete Device (issue 14): ADMIN and owner at the location, and the SUPPORT tier (treated as
 * ADMIN everywhere); INSTALLER sees the link but not the right, CLIENT neither.
 */
export function canDeleteDevice(permLvl: PermLvl, tier: AccountTier): boolean {
  return tier === 'SUPPORT' || permLvl === 'ADMIN' || permLvl === 'owner';
}

/** Lock checkboxes of the edit-outlets form are disabled when the location is locked. */
export function canChangeOutletLocks(locationLocked: boolean): boolean {
  return !locationLocked;
}

/** Device admin sub-routes (spec §2). */
export type DeviceAdminLinkKey =
  'settings' | 'status' | 'events' | 'firmware' | 'delete' | 'discover';

export interface DeviceAdminLink {
  key: DeviceAdminLinkKey;
  label: string;
  /** Path below `/locations/{locationId}/devices/{deviceId}/{deviceClass}/admin`. */
  path: `/${DeviceAdminLinkKey}`;
}

const link = (key: DeviceAdminLinkKey, label: string): DeviceAdminLink => ({
  key,
  label,
  path: `/${key}`,
});

/** The 3 general links every level sees. */
const GENERAL_LINKS = [
  link('settings', 'Settings'),
  link('status', 'View Status'),
  link('events', 'View Events'),
];
/** The 2 more restricted links a non-CLIENT level sees (five in all). */
const RESTRICTED_LINKS = [link('firmware', 'Manage Firmware'), link('delete', 'Delete Device')];
/** The higher tier's restricted admin link. */
const SUPPORT_LINKS = [link('discover', 'Discover Units')];

/**
 * Device admin links (spec §6): CLIENT sees the 3 general links, other levels 2 more; the SUPPORT
 * tier (the spec's unnamed higher tier) sees every link, Discover Units included, at any level.
 */
export function deviceAdminLinks(permLvl: PermLvl, tier: AccountTier): readonly DeviceAdminLink[] {
  if (tier === 'SUPPORT') return [...GENERAL_LINKS, ...RESTRICTED_LINKS, ...SUPPORT_LINKS];
  if (isClient(permLvl)) return GENERAL_LINKS;
  return [...GENERAL_LINKS, ...RESTRICTED_LINKS];
}

export interface NoteAuthor {
  /** The creator's user id. */
  userId: string | number;
}

/** Notes: edit or delete only if the creator or ADMIN at that location (spec §6). */
export function canEditOrDeleteNote(
  note: NoteAuthor,
  userId: string | number,
  permLvl: PermLvl,
): boolean {
  return permLvl === 'ADMIN' || String(note.userId) === String(userId);
}

/** A permission record as returned by the sites-data calls. */
export interface PermissionRecord {
  permLvl: string;
}

/** Creating an admin group: any record admin or owner, case-insensitive (spec §4, §6). */
export function canCreateGroup(records: readonly PermissionRecord[]): boolean {
  return records.some((record) => {
    const level = record.permLvl.toLowerCase();
    return level === 'admin' || level === 'owner';
  });
}

/** The notes screen's location list: CLIENT-level locations hidden (spec §2, §6). */
export function notesLocations<T extends { permLvl: PermLvl }>(locations: readonly T[]): T[] {
  return locations.filter((location) => canUseNotes(location.permLvl));
}
