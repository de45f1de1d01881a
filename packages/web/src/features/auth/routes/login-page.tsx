import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { LoginInput } from '@powerdeck/domain';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths, readReturnPath } from '../../../lib/paths';
import { CenteredCard } from '../../../components/centered-card';
import { EmailField, FormPasswordInput } from '../../../components/form-fields';
import { usePublicConfig } from '../../../lib/public-config';
import { useLogin } from '../api/login';
import { ServerError } from '../../../components/server-error';
import { lazyResolver } from '../../../lib/lazy-resolver';

// The shared schema and zod load when the form first checks a field, not with the page.
const loginResolver = lazyResolver<LoginInput>(
  async () => (await import('../login-validation')).loginResolver,
);

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const config = usePublicConfig();
  const form = useForm<LoginInput>({
    resolver: loginResolver,
    mode: 'all',
    defaultValues: { email: '', password: '' },
  });

  const handleSubmit = form.handleSubmit((input) => {
    login.mutate(input, {
      onSuccess: () => void navigate(readReturnPath(location.state), { replace: true }),
    });
  });

  return (
    <CenteredCard title="Sign in">
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <Stack gap="md">
          <ServerError error={login.error} />
          <EmailField form={form} autoComplete="username" />
          <FormPasswordInput
            form={form}
            name="password"
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
