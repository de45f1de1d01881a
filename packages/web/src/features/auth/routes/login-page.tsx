import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { readReturnPath } from '../../../lib/paths';
import { useBrand, usePublicConfig } from '../../../lib/public-config';
import { sessionQueryKey } from '../api/session';
import { LoginScreen } from './login-screen';

/** The router's /login route: the sign-in screen, back to where the visitor was going after. */
export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const brand = useBrand();
  const config = usePublicConfig();

  return (
    <LoginScreen
      brand={brand}
      demo={config.data?.demo ?? false}
      onSignedIn={(user) => {
        queryClient.setQueryData(sessionQueryKey, user);
        void navigate(readReturnPath(location.state), { replace: true });
      }}
      onNavigate={(path) => void navigate(path)}
    />
  );
}
