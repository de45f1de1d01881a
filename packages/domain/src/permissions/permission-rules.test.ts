import { describe, expect, it } from 'vitest';
import type { PermLvl } from './perm-lvl';
import { PERM_LVLS } from './perm-lvl';
import {
  canAddDevice,
  canChangeOutletLocks,
  canChangeSchedules,
  canCreateGroup,
  canDeleteDevice,
  canEditOrDeleteNote,
  canEditOutlets,
  canMute,
  canRenameDevice,
  canUpdateFirmware,
  canUseEmptyStateAction,
  canUseNotes,
  deviceAdminLinks,
  notesLocations,
  permissionMessages,
} from './permission-rules';

const NON_CLIENT: PermLvl[] = ['ADMIN', 'owner', 'INSTALLER'];

describe('CLIENT restrictions', () => {
  const rules = [
    canAddDevice,
    canUpdateFirmware,
    canUseNotes,
    canRenameDevice,
    canEditOutlets,
    canUseEmptyStateAction,
    canChangeSchedules,
  ];

  it('CLIENT cannot add devices, update firmware, use notes, rename, edit outlets or change schedules', () => {
    for (const rule of rules) expect(rule('CLIENT')).toBe(false);
  });

  it('every other level can', () => {
    for (const rule of rules) for (const lvl of NON_CLIENT) expect(rule(lvl)).toBe(true);
  });
});

describe('mute', () => {
  it('CLIENT and INSTALLER cannot mute', () => {
    expect(canMute('CLIENT')).toBe(false);
    expect(canMute('INSTALLER')).toBe(false);
  });

  it('ADMIN and owner can mute', () => {
    expect(canMute('ADMIN')).toBe(true);
    expect(canMute('owner')).toBe(true);
  });
});

describe('delete device', () => {
  it('ADMIN and owner may delete a device; INSTALLER and CLIENT may not', () => {
    expect(canDeleteDevice('ADMIN', 'STANDARD')).toBe(true);
    expect(canDeleteDevice('owner', 'STANDARD')).toBe(true);
    expect(canDeleteDevice('INSTALLER', 'STANDARD')).toBe(false);
    expect(canDeleteDevice('CLIENT', 'STANDARD')).toBe(false);
  });

  it('the SUPPORT tier may, at any level', () => {
    for (const lvl of PERM_LVLS) expect(canDeleteDevice(lvl, 'SUPPORT')).toBe(true);
  });
});

describe('outlet locks', () => {
  it('lock checkboxes are disabled when the location is locked', () => {
    expect(canChangeOutletLocks(true)).toBe(false);
    expect(canChangeOutletLocks(false)).toBe(true);
  });
});

describe('device admin links', () => {
  it('CLIENT sees only the 3 general links', () => {
    expect(deviceAdminLinks('CLIENT', 'STANDARD').map((l) => l.key)).toEqual([
      'settings',
      'status',
      'events',
    ]);
  });

  it('non-CLIENT sees 2 more restricted links, five in all', () => {
    for (const lvl of NON_CLIENT) {
      const links = deviceAdminLinks(lvl, 'STANDARD');
      expect(links).toHaveLength(5);
      expect(links.map((l) => l.key)).toContain('firmware');
      expect(links.map((l) => l.key)).toContain('delete');
    }
  });

  it('SUPPORT tier sees the restricted admin links at any level', () => {
    for (const lvl of PERM_LVLS) {
      expect(deviceAdminLinks(lvl, 'SUPPORT').map((l) => l.key)).toEqual([
        'settings',
        'status',
        'events',
        'firmware',
        'delete',
        'discover',
      ]);
    }
  });

  it('links carry the sub-route path and the spec label', () => {
    expect(deviceAdminLinks('ADMIN', 'STANDARD')[1]).toEqual({
      key: 'status',
      label: 'View Status',
      path: '/status',
    });
  });
});

describe('notes permissions', () => {
  it('the creator can edit or delete a note', () => {
    expect(canEditOrDeleteNote({ userId: 7 }, '7', 'INSTALLER')).toBe(true);
  });

  it('an ADMIN at the location can edit or delete any note', () => {
    expect(canEditOrDeleteNote({ userId: 7 }, 8, 'ADMIN')).toBe(true);
  });

  it('another user who is not ADMIN cannot', () => {
    expect(canEditOrDeleteNote({ userId: 7 }, 8, 'owner')).toBe(false);
    expect(canEditOrDeleteNote({ userId: 7 }, 8, 'INSTALLER')).toBe(false);
  });

  it('CLIENT-level locations are hidden from the notes location list', () => {
    const locations = [
      { siteId: '1', permLvl: 'CLIENT' as const },
      { siteId: '2', permLvl: 'ADMIN' as const },
      { siteId: '3', permLvl: 'INSTALLER' as const },
    ];
    expect(notesLocations(locations).map((l) => l.siteId)).toEqual(['2', '3']);
  });
});

describe('admin groups', () => {
  it('creating a group is allowed when any record is admin or owner, case-insensitive', () => {
    expect(canCreateGroup([{ permLvl: 'CLIENT' }, { permLvl: 'Admin' }])).toBe(true);
    expect(canCreateGroup([{ permLvl: 'OWNER' }])).toBe(true);
    expect(canCreateGroup([{ permLvl: 'owner' }])).toBe(true);
  });

  it('not allowed without an admin or owner record', () => {
    expect(canCreateGroup([{ permLvl: 'CLIENT' }, { permLvl: 'INSTALLER' }])).toBe(false);
    expect(canCreateGroup([])).toBe(false);
  });
});

describe('permission messages', () => {
  it('are worded exactly as the spec', () => {
    expect(permissionMessages).toEqual({
      noPermissionAnyLocation: 'You dont have permissions at any location.',
      noNotesPermissionAnyLocation:
        'You dont have permissions to see/create notes at any location.',
      noPermissionThisLocation: "You don't have permission to access this location.",
    });
  });
});
