import type { SessionUser } from '@powerdeck/domain';
import { useQuery } from '@tanstack/react-query';
import { publicApi } from '../../../lib/public-calls';
import { isApiRequestError } from '../../../lib/api-client';

export const sessionQueryKey = ['auth', 'session'] as const;

/** The signed-in user, or null when there is no session (401). */
export async function getSession(): Promise<SessionUser | null> {
  try {
    const { user } = await publicApi.session({});
    return user;
  } catch (error) {
    if (isApiRequestError(error, 401)) return null;
    throw error;
  }
}

export function useSession() {
  return useQuery({ queryKey: sessionQueryKey, queryFn: getSession, staleTime: 60_000 });
}
