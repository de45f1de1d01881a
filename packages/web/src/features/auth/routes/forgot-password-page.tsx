import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { forgotPasswordSchema } from '@powerdeck/domain';
import { IconMailCheck } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { CenteredCard } from '../../../components/centered-card';
import { EmailField } from '../../../components/form-fields';
import { useForgotPassword } from '../api/forgot-password';
import { ServerError } from '../../../components/server-error';

/** Always answers the same way, so the page never tells whether an address has an account. */
export function ForgotPasswordPage() {
  const request = useForgotPassword();
  const form = useForm({
    resolver: zodResolver(forgotPasswordSchema),
    mode: 'all',
    defaultValues: { email: '' },
  });
  const handleSubmit = form.handleSubmit((input) => request.mutate(input));

  return (
    <CenteredCard title="Reset your password">
      {request.isSuccess ? (
        <Stack gap="md">
          <Alert color="green" variant="light" icon={<IconMailCheck aria-hidden />} role="status">
            If an account exists for {request.variables.email}, we have sent it a link to reset the
            password. The link is valid for a limited time.
          </Alert>
          <Anchor component={Link} to={paths.login}>
            Back to sign in
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={(event) => void handleSubmit(event)} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Enter the e-mail address you sign in with and we will send you a reset link.
            </Text>
            <ServerError error={request.error} />
            <EmailField form={form} />
            <Button type="submit" loading={request.isPending} fullWidth>
              Send reset link
            </Button>
            <Anchor component={Link} to={paths.login} size="sm" ta="center">
              Back to sign in
            </Anchor>
          </Stack>
        </form>
      )}
    </CenteredCard>
  );
}
