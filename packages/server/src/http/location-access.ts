import type { PermLvl, SessionUser } from '@powerdeck/domain';
import type { PermissionsRepository } from '../areas/permissions/permissions.repository';
import { forbidden, messages } from './errors';

/**
 * The caller's permission level at a location, or 403 `You don't have permission to access this
 * location.` (spec §6). An unknown location is the same 403 for a standard user, so ids cannot be
 * probed.
 *
 * The SUPPORT tier (staff of the service provider, ARCHITECTURE §7) sees every location: where
 * they hold no level of their own they act as ADMIN there.
 */
export async function requireLocationAccess(
  permissions: PermissionsRepository,
  user: SessionUser,
  siteId: string,
): Promise<PermLvl> {
  const own = await permissions.permLvlAt(user.userId, siteId);
  if (own) return own;
  if (user.tier === 'SUPPORT' && (await permissions.locationExists(siteId))) return 'ADMIN';
  throw forbidden(messages.noLocationPermission);
}
