import { type SessionUser, canMute } from '@powerdeck/domain';
import { forbidden } from '../../http/errors';
import { requireLocationAccess } from '../../http/location-access';
import type { Clock } from '../../infra/clock';
import type { PermissionsRepository } from '../permissions/permissions.repository';
import type { SiteMarksRepository } from './site-marks.repository';

const muteForbidden = 'Your permission level at this location does not allow muting.';

/**
 * A user's marks on a location. Watching and recording a visit need any level there; muting is
 * refused to CLIENT and INSTALLER (spec §6).
 */
export class SiteMarksService {
  constructor(
    private readonly marks: SiteMarksRepository,
    private readonly permissions: PermissionsRepository,
    private readonly clock: Clock,
  ) {}

  async watch(user: SessionUser, siteId: string, on: boolean) {
    await requireLocationAccess(this.permissions, user, siteId);
    await this.marks.setWatched(user.userId, siteId, on);
    return { siteId, watched: on };
  }

  async mute(user: SessionUser, siteId: string, on: boolean) {
    const level = await requireLocationAccess(this.permissions, user, siteId);
    if (!canMute(level)) throw forbidden(muteForbidden);
    await this.marks.setMuted(user.userId, siteId, on);
    return { siteId, muted: on };
  }

  /** Records the visit the Refine modal's "recent visit" sort uses. */
  async visit(user: SessionUser, siteId: string) {
    await requireLocationAccess(this.permissions, user, siteId);
    await this.marks.visit(user.userId, siteId, this.clock.now());
    return { siteId };
  }
}
