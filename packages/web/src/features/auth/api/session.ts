import type { SessionUser } from '@powerdeck/domain';
import { useQuery } from '@tanstack/react-query';
import { publicApi } from '../../../lib/public-calls';

export const sessionQueryKey = ['auth', 'session'] as const;

/**
 * The signed-in user, or null when there is no session: the session call answers `user: null`
 * then (a 200, so a signed-out visitor's public pages log no failed request in the console).
 */
export async function getSession(): Promise<SessionUser | null> {
  const { user } = await publicApi.session({});
  return user;
}

export function useSession() {
  return useQuery({ queryKey: sessionQueryKey, queryFn: getSession, staleTime: 60_000 });
}
