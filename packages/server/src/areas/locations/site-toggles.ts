import { callTable, canMute } from '@powerdeck/domain';
import { and, eq } from 'drizzle-orm';
import type { CallContext, CallRegistry } from '../../http/contract';
import { forbidden } from '../../http/errors';
import { requireLocationAccess } from '../../http/location-access';
import type { Clock } from '../../infra/clock';
import type { Db } from '../../infra/db/database';
import { siteMutes, siteWatches } from '../../infra/db/schema';
import { siteVisits } from '../../infra/db/schema-locations';
import type { PermissionsRepository } from '../permissions/permissions.repository';

/** The calls of this file take a siteId alone. */
type SiteCallContext = CallContext<typeof callTable.locationAdmin.addSite>;

const muteForbidden = 'Your permission level at this location does not allow muting.';

/** Per-user marks on a location: watched, muted, last visited. */
export class SiteMarksRepository {
  constructor(private readonly db: Db) {}

  async setWatched(userId: string, siteId: string, on: boolean): Promise<void> {
    if (on) await this.db.insert(siteWatches).values({ userId, siteId }).onConflictDoNothing();
    else
      await this.db
        .delete(siteWatches)
        .where(and(eq(siteWatches.userId, userId), eq(siteWatches.siteId, siteId)));
  }

  async setMuted(userId: string, siteId: string, on: boolean): Promise<void> {
    if (on) await this.db.insert(siteMutes).values({ userId, siteId }).onConflictDoNothing();
    else
      await this.db
        .delete(siteMutes)
        .where(and(eq(siteMutes.userId, userId), eq(siteMutes.siteId, siteId)));
  }

  async visit(userId: string, siteId: string, at: Date): Promise<void> {
    await this.db
      .insert(siteVisits)
      .values({ userId, siteId, visitedAt: at })
      .onConflictDoUpdate({
        target: [siteVisits.userId, siteVisits.siteId],
        set: { visitedAt: at },
      });
  }
}

/**
 * watchManagement addSite/deleteSite, mutesManagement muteSite/unmuteSite (spec §7) and our
 * locations svc=visitSite (records the visit the Refine modal's "recent visit" sort uses).
 * Watching needs any level at the location; muting is refused to CLIENT and INSTALLER (spec §6).
 */
export function registerSiteToggleRoutes(
  calls: CallRegistry,
  deps: { marks: SiteMarksRepository; permissions: PermissionsRepository; clock: Clock },
): void {
  const { marks, permissions, clock } = deps;
  const watch =
    (on: boolean) =>
    async ({ auth, input }: SiteCallContext) => {
      await requireLocationAccess(permissions, auth.user, input.siteId);
      await marks.setWatched(auth.user.userId, input.siteId, on);
      return { siteId: input.siteId, watched: on };
    };
  const mute =
    (on: boolean) =>
    async ({ auth, input }: SiteCallContext) => {
      const level = await requireLocationAccess(permissions, auth.user, input.siteId);
      if (!canMute(level)) throw forbidden(muteForbidden);
      await marks.setMuted(auth.user.userId, input.siteId, on);
      return { siteId: input.siteId, muted: on };
    };
  calls.implement(callTable.locationAdmin, {
    addSite: watch(true),
    deleteSite: watch(false),
    muteSite: mute(true),
    unmuteSite: mute(false),
    async visitSite({ auth, input }) {
      await requireLocationAccess(permissions, auth.user, input.siteId);
      await marks.visit(auth.user.userId, input.siteId, clock.now());
      return { siteId: input.siteId };
    },
  });
}
