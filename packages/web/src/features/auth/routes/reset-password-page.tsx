import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { authMessages, resetPasswordSchema } from '@powerdeck/domain';
import { IconCircleCheck } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { CenteredCard } from '../../../components/centered-card';
import { NewPasswordFields } from '../../../components/form-fields';
import { useResetPassword } from '../api/reset-password';
import { ServerError } from '../../../components/server-error';

export function ResetPasswordPage() {
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const reset = useResetPassword();
  const form = useForm({
    resolver: zodResolver(resetPasswordSchema),
    mode: 'all',
    defaultValues: { token, password: '', passwordConfirm: '' },
  });
  const handleSubmit = form.handleSubmit((input) => reset.mutate(input));

  if (token === '') {
    return (
      <CenteredCard title="Choose a new password">
        <Stack gap="md">
          <Alert color="red" variant="light" role="alert">
            {authMessages.tokenRequired}
          </Alert>
          <Anchor component={Link} to={paths.forgotPassword}>
            Request a new reset link
          </Anchor>
        </Stack>
      </CenteredCard>
    );
  }

  return (
    <CenteredCard title="Choose a new password">
      {reset.isSuccess ? (
        <Stack gap="md">
          <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
            Your password has been changed. Sign in with the new one.
          </Alert>
          <Button component={Link} to={paths.login} variant="light">
            Go to sign in
          </Button>
        </Stack>
      ) : (
        <form onSubmit={(event) => void handleSubmit(event)} noValidate>
          <Stack gap="md">
            <ServerError error={reset.error} />
            <NewPasswordFields form={form} />
            <Button type="submit" loading={reset.isPending} fullWidth>
              Change password
            </Button>
            <Anchor component={Link} to={paths.forgotPassword} size="sm" ta="center">
              Request a new reset link
            </Anchor>
          </Stack>
        </form>
      )}
    </CenteredCard>
  );
}
