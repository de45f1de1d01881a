import { createContext, useContext } from 'react';
import { matchRoutes, useLocation, type RouteMatch, type RouteObject } from 'react-router';

/** The route table the console renders (the app's, or a test's), for what reads its matches. */
export const RouteTableContext = createContext<RouteObject[]>([]);

/**
 * The routes matched at the current location, outermost first, with their `handle` and params:
 * what a data router's `useMatches` gives, read from the table instead (the console renders its
 * routes with `useRoutes`, which leaves the data router's code out of the bundle; issue 18).
 */
export function useRouteMatches(): RouteMatch[] {
  const routes = useContext(RouteTableContext);
  return matchRoutes(routes, useLocation()) ?? [];
}
