import { Anchor, Button, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../lib/paths';
import { CenteredCard } from '../../../components/centered-card';
import { usePublicConfig } from '../../../lib/public-config';

export function RegistrationSuccessPage() {
  const state = useLocation().state as { email?: unknown } | null;
  const email = typeof state?.email === 'string' ? state.email : undefined;
  const config = usePublicConfig();

  return (
    <CenteredCard title="Check your e-mail">
      <Stack gap="md">
        <Text role="status">
          Your account has been created. We sent a link to {email ?? 'your e-mail address'}: open it
          to verify your address, then sign in.
        </Text>
        {config.data?.demo && (
          <Text size="sm" c="dimmed">
            Demo mode: the e-mail is waiting in the{' '}
            <Anchor component={Link} to={paths.outbox}>
              outbox
            </Anchor>
            .
          </Text>
        )}
        <Button component={Link} to={paths.login} variant="light">
          Go to sign in
        </Button>
      </Stack>
    </CenteredCard>
  );
}
