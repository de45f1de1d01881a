import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Loader, Stack } from '@mantine/core';
import { changeEmailSchema } from '@powerdeck/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { CurrentPasswordField, EmailField } from '../../../components/form-fields';
import { ServerError } from '../../../components/server-error';
import { sessionQueryKey } from '../../auth';
import { accountKeys, useChangeEmail, useVerifyEmailChange } from '../api/account-api';
import { ProfileLayout } from '../components/profile-layout';

/**
 * /profile/changeEmail: sends a link to the new address; opening that link (this page with
 * ?token=) makes the change.
 */
export function ChangeEmailPage() {
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  return (
    <ProfileLayout section="changeEmail">
      {token ? <VerifyChange token={token} /> : <ChangeForm />}
    </ProfileLayout>
  );
}

function ChangeForm() {
  const change = useChangeEmail();
  const form = useForm({
    resolver: zodResolver(changeEmailSchema),
    mode: 'all',
    defaultValues: { email: '', currentPassword: '' },
  });
  const handleSubmit = form.handleSubmit((input) => change.mutate(input));
  if (change.isSuccess) {
    return (
      <Alert color="green" variant="light" role="status">
        We sent a verification link to {change.variables.email}. Your email changes when you open
        it.
      </Alert>
    );
  }
  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack gap="md">
        <ServerError error={change.error} />
        <EmailField form={form} label="New email" />
        <CurrentPasswordField form={form} />
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            Send verification link
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function VerifyChange({ token }: { token: string }) {
  const verify = useVerifyEmailChange();
  const queryClient = useQueryClient();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    verify.mutate(token, {
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: accountKeys.details });
        void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      },
    });
  }, [token, verify, queryClient]);
  if (verify.isSuccess) {
    return (
      <Alert color="green" variant="light" role="status">
        Your email address has been changed.
      </Alert>
    );
  }
  return verify.isError ? <ServerError error={verify.error} /> : <Loader size="sm" />;
}
