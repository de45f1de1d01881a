import { isValidElement, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import type { PreloadablePage } from './lazy-pages';

function isPreloadable(type: unknown): type is PreloadablePage {
  return (
    (typeof type === 'object' || typeof type === 'function') &&
    type !== null &&
    typeof (type as { preload?: unknown }).preload === 'function'
  );
}

/** The lazy page of a route's element, also inside the Suspense wrapper routes.tsx gives some. */
export function lazyPageOf(node: ReactNode): PreloadablePage | undefined {
  if (!isValidElement(node)) return undefined;
  if (isPreloadable(node.type)) return node.type;
  return lazyPageOf((node.props as { children?: ReactNode }).children);
}

/**
 * Asks for the chunks of every lazy page on the way to `pathname` (the signed-in shell, a layout,
 * the page) at once, so they download while the session check is in flight instead of one after
 * another once it has answered (issue 18 item 11, LCP). Resolves once they have all arrived or
 * failed: a failed download is left for the page's own render to report (it sees the same promise).
 */
export async function preloadRoute(routes: RouteObject[], pathname: string): Promise<void> {
  await Promise.allSettled(
    (matchRoutes(routes, pathname) ?? []).flatMap((match) => {
      const page = lazyPageOf(match.route.element);
      return page ? [page.preload()] : [];
    }),
  );
}
