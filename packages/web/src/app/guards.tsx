import { Center } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../features/auth/api/session';
import { ErrorBanner } from '../components/error-banner';
import { LoadingPanel } from '../components/loading-panel';
import { isMobilePhoneBrowser } from '../lib/device-detection';
import { paths, readReturnPath, type LoginRedirectState } from '../lib/paths';

/**
 * Signed-in routes (spec §2): phones go to /mobile, visitors to /login remembering the origin.
 */
export function RequireSession() {
  const location = useLocation();
  const session = useSession();

  if (isMobilePhoneBrowser()) return <Navigate to={paths.mobile} replace />;
  if (session.isPending) return <LoadingPanel label="Checking your session..." minHeight="100vh" />;
  if (session.isError) {
    return (
      <Center mih="100vh" p="md">
        <ErrorBanner
          message="The console could not reach the server."
          onRetry={() => void session.refetch()}
        />
      </Center>
    );
  }
  if (!session.data) {
    const state: LoginRedirectState = {
      from: `${location.pathname}${location.search}${location.hash}`,
    };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return <Outlet />;
}

/** Public account pages send a signed-in user on (to the remembered origin, else the list). */
export function RedirectIfSignedIn() {
  const location = useLocation();
  const session = useSession();

  if (session.isPending) return <LoadingPanel minHeight="100vh" />;
  if (session.data) return <Navigate to={readReturnPath(location.state)} replace />;
  return <Outlet />;
}
