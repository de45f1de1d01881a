import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths, readReturnPath } from '../../../lib/paths';
import { CenteredCard } from '../../../components/centered-card';
import { usePublicConfig } from '../../../lib/public-config';
import { useLogin } from '../api/login';
import { ServerError } from '../../../components/server-error';
import { useLoginForm } from '../use-login-form';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const config = usePublicConfig();
  const form = useLoginForm((input) => {
    login.mutate(input, {
      onSuccess: () => void navigate(readReturnPath(location.state), { replace: true }),
    });
  });

  return (
    <CenteredCard title="Sign in">
      <form onSubmit={form.onSubmit} noValidate>
        <Stack gap="md">
          <ServerError error={login.error} />
          <TextInput
            {...form.field('email')}
            label="Email"
            type="email"
            autoComplete="username"
            required
          />
          <PasswordInput
            {...form.field('password')}
            label="Password"
            autoComplete="current-password"
            required
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={paths.forgotPassword} size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" loading={login.isPending} fullWidth>
            Sign in
          </Button>
          <Text size="sm" ta="center">
            New here?{' '}
            <Anchor component={Link} to={paths.signup}>
              Sign up
            </Anchor>
          </Text>
          {config.data?.demo && (
            <Text size="xs" c="dimmed" ta="center">
              Demo mode: e-mails the server sends are in the{' '}
              <Anchor component={Link} to={paths.outbox} size="xs">
                outbox
              </Anchor>
              .
            </Text>
          )}
        </Stack>
      </form>
    </CenteredCard>
  );
}
