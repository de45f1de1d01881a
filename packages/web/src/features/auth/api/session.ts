import { useQuery } from '@tanstack/react-query';
import { getSession } from './get-session';

export { getSession };

export const sessionQueryKey = ['auth', 'session'] as const;

/** How long a session answer is trusted before a page asks again. */
export const SESSION_STALE_MS = 60_000;

export function useSession() {
  return useQuery({ queryKey: sessionQueryKey, queryFn: getSession, staleTime: SESSION_STALE_MS });
}
