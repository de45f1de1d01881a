import { hydrate } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { getSession, SESSION_STALE_MS, sessionQueryKey } from '../features/auth/api/session';
import { publicConfigQueryKey } from '../lib/public-config';
import { createQueryClient } from '../lib/query-client';
import type { ConsoleStart } from './console-start';
import { prefetchRouteData } from './prefetch-route-data';
import { preloadRoute } from './preload-route';
import { AppProviders } from './providers';
import { AppRouter } from './router';
import { routes } from './routes';

/**
 * The console with Mantine, react-query and the router, which the entry (main.tsx) loads for every
 * page but a signed-out visitor's sign-in page. The session query starts from what the entry
 * knows: its answer, or its check in flight (asked once, not again by the first page). For someone
 * signed in it resolves once the first page's chunks are there, so that page renders at once
 * rather than behind a loading panel (see lazy-pages.ts).
 */
export async function startConsole(start: ConsoleStart): Promise<ReactElement> {
  const queryClient = createQueryClient();
  if (start.queries) hydrate(queryClient, start.queries);
  if (start.sessionUser !== undefined) queryClient.setQueryData(sessionQueryKey, start.sessionUser);
  else if (start.sessionCheck) {
    let early: Promise<unknown> | undefined = start.sessionCheck;
    void queryClient.prefetchQuery({
      queryKey: sessionQueryKey,
      // a retry asks the server again rather than repeating the entry's failed answer
      queryFn: () => {
        const answer = early ?? getSession();
        early = undefined;
        return answer;
      },
      staleTime: SESSION_STALE_MS,
    });
  }
  if (start.publicConfig) queryClient.setQueryData(publicConfigQueryKey, start.publicConfig);

  // The first page's chunks download while the session check runs (not after it), and its first
  // data is asked for as soon as the check answers (issue 18 item 11).
  const firstPage = preloadRoute(routes, window.location.pathname);
  prefetchRouteData(queryClient, window.location.pathname);
  // A visitor who is not signed in is sent to the sign-in page without waiting for those chunks.
  const user = start.sessionCheck ? await start.sessionCheck.catch(() => null) : start.sessionUser;
  if (user) await firstPage;

  return (
    <AppProviders queryClient={queryClient}>
      <AppRouter />
    </AppProviders>
  );
}
