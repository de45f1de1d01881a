import { isDeviceClass } from '@powerdeck/domain';
import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { getSession, SESSION_STALE_MS, sessionQueryKey } from '../features/auth/api/session';
import { deviceMetaQuery } from '../features/devices/hooks/use-device-data';
import { sitesPagesQuery } from '../features/locations/api/get-sites-data';
import { paths, resolveDeviceSegments } from '../lib/paths';

type Prefetch = (queryClient: QueryClient) => Promise<unknown>;

/**
 * The first data query of the page at `pathname`, for the two pages of issue 18's LCP target. The
 * server's render of a page (server-render/), which cannot know the person's choice of view,
 * renders the default.
 */
export function firstQueryOf(pathname: string): Prefetch | undefined {
  if (matchPath(paths.locationsList, pathname)) {
    // the card view only (the page's default); the table view is the person's own choice
    const view =
      typeof window === 'undefined'
        ? null
        : window.localStorage.getItem('powerdeck.locations.view');
    if (view !== null && view !== JSON.stringify('cards')) return undefined;
    return (queryClient) => queryClient.prefetchInfiniteQuery(sitesPagesQuery());
  }
  const device = matchPath('/locations/:locationId/devices/:first/:second/*', pathname);
  if (device) {
    const { locationId = '', first = '', second = '' } = device.params;
    const { deviceId, deviceClass, swapped } = resolveDeviceSegments(first, second);
    if (swapped || !isDeviceClass(deviceClass)) return undefined;
    return (queryClient) =>
      queryClient.prefetchQuery(deviceMetaQuery(locationId, deviceClass, deviceId));
  }
  return undefined;
}

/**
 * On a fresh load of the locations list or of a device panel, asks for the page's first data as
 * soon as the session check says someone is signed in, instead of once the page's chunks have
 * arrived and rendered (issue 18 item 11, LCP). Nothing is asked for a signed-out visitor, whose
 * console then logs no refused request. The session query is the one `useSession` reads.
 */
export function prefetchRouteData(queryClient: QueryClient, pathname: string): void {
  const prefetch = firstQueryOf(pathname);
  if (!prefetch) return;
  const session = new QueryObserver(queryClient, {
    queryKey: sessionQueryKey,
    queryFn: getSession,
    staleTime: SESSION_STALE_MS,
  });
  const stop = session.subscribe((result) => {
    if (result.isPending) return;
    stop();
    if (result.data) prefetch(queryClient).catch(() => undefined);
  });
}
