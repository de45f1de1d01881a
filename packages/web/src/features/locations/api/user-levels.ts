import { canUseEmptyStateAction, type PermLvl } from '@powerdeck/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useSession } from '../../auth';

export interface UserLevels {
  /** False until the session and the levels are in: rules that need a level refuse meanwhile. */
  known: boolean;
  /** The user's level at a location, if any. */
  levelAt: (siteId: string) => PermLvl | undefined;
  /**
   * Known to be at level CLIENT at every location the user holds (spec §6: the empty-state action is
   * inert); false while unknown.
   */
  clientOnly: boolean;
  /** Holds this level at some location (a SUPPORT user's own levels only); false while unknown. */
  holdsAnywhere: (level: PermLvl) => boolean;
}

/**
 * The signed-in user's real levels: the session says who they are and their tier (SUPPORT acts as
 * ADMIN everywhere), `accountManagement svc=getUserSitesData` their level at each location (spec
 * §6 "Per-location user level comes from a user sites-data call").
 */
export function useUserLevels(): UserLevels {
  const session = useSession();
  const user = session.data ?? undefined;
  const sites = useQuery({
    queryKey: ['accountManagement', 'getUserSitesData', 'self'],
    queryFn: ({ signal }) => api.account.getUserSitesData({}, { signal }),
    enabled: user !== undefined,
  });
  const records = sites.data?.records ?? [];
  const support = user?.tier === 'SUPPORT';
  return {
    known: user !== undefined && sites.isSuccess,
    levelAt: (siteId) =>
      support ? 'ADMIN' : records.find((record) => record.siteId === siteId)?.permLvl,
    clientOnly:
      !support &&
      records.length > 0 &&
      records.every((record) => !canUseEmptyStateAction(record.permLvl)),
    holdsAnywhere: (level) => records.some((record) => record.permLvl === level),
  };
}
