import { ErrorBoundary } from 'react-error-boundary';
import { BrowserRouter, useLocation, useRoutes, type RouteObject } from 'react-router';
import { RouteError } from '../components/route-error';
import { RouteTableContext } from './route-table';
import { routes } from './routes';

/**
 * A route table rendered at the current location, behind one error boundary (a page that fails to
 * load or render shows RouteError; going elsewhere clears it). Used by the console and its tests.
 */
export function RouteTable({ routes: table }: { routes: RouteObject[] }) {
  const { pathname } = useLocation();
  const element = useRoutes(table);
  return (
    <RouteTableContext.Provider value={table}>
      <ErrorBoundary FallbackComponent={RouteError} resetKeys={[pathname]}>
        {element}
      </ErrorBoundary>
    </RouteTableContext.Provider>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <RouteTable routes={routes} />
    </BrowserRouter>
  );
}
