import { Anchor, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { LOGIN_REDIRECT_MS, messages } from '@powerdeck/domain';
import { CenteredCard } from '../../../components/centered-card';

/** Shown after the user's credentials changed elsewhere: back to /login in 3.5 s (spec §2). */
export function RedirectLoginPage() {
  const navigate = useNavigate();

  useEffect(() => {
    const timer = window.setTimeout(() => {
      void navigate(paths.login, { replace: true });
    }, LOGIN_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);

  return (
    <CenteredCard title="Please sign in again">
      <Stack gap="sm">
        <Text role="status">{messages.loginCredentialsChanged}</Text>
        <Text size="sm" c="dimmed">
          You will be taken to the sign-in page in a few seconds.
        </Text>
        <Anchor component={Link} to={paths.login} replace>
          Go to login now
        </Anchor>
      </Stack>
    </CenteredCard>
  );
}
