import { Alert, Button, Stack } from '@mantine/core';
import { authMessages } from '@powerdeck/domain';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { CenteredCard } from '../../../components/centered-card';
import { LoadingPanel } from '../../../components/loading-panel';
import { verifyEmail } from '../api/verify-email';
import { ServerError } from '../../../components/server-error';

/**
 * Opened from the verification e-mail. The token is spent once, so the call runs as a query
 * keyed on the token: a re-render or a second effect run never sends it twice.
 */
export function NewAccountVerifyPage() {
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const verification = useQuery({
    queryKey: ['auth', 'verifyEmail', token],
    queryFn: () => verifyEmail({ token }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

  return (
    <CenteredCard title="Verify your e-mail">
      <Stack gap="md">
        {token === '' && (
          <Alert color="red" variant="light" role="alert">
            {authMessages.tokenRequired}
          </Alert>
        )}
        {verification.isLoading && <LoadingPanel label="Verifying your e-mail address..." />}
        {verification.isError && <ServerError error={verification.error} />}
        {verification.isSuccess && (
          <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
            Your e-mail address is verified. You can sign in now.
          </Alert>
        )}
        <Button component={Link} to={paths.login} variant="light">
          Go to sign in
        </Button>
      </Stack>
    </CenteredCard>
  );
}
