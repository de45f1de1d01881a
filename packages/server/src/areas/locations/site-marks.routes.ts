import { callTable } from '@powerdeck/domain';
import type { CallRegistry } from '../../http/contract';
import type { SiteMarksService } from './site-marks.service';

/**
 * watchManagement addSite/deleteSite, mutesManagement muteSite/unmuteSite (spec §7) and our
 * locations svc=visitSite.
 */
export function registerSiteMarksRoutes(calls: CallRegistry, service: SiteMarksService): void {
  calls.implement(callTable.locationAdmin, {
    addSite: ({ auth, input }) => service.watch(auth.user, input.siteId, true),
    deleteSite: ({ auth, input }) => service.watch(auth.user, input.siteId, false),
    muteSite: ({ auth, input }) => service.mute(auth.user, input.siteId, true),
    unmuteSite: ({ auth, input }) => service.mute(auth.user, input.siteId, false),
    visitSite: ({ auth, input }) => service.visit(auth.user, input.siteId),
  });
}
