import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { changePasswordSchema } from '@powerdeck/domain';
import { useForm } from 'react-hook-form';
import { fieldError } from '../../auth/components/field-error';
import { ServerError } from '../../auth/components/server-error';
import { useChangePassword } from '../api/account-api';
import { ProfileLayout } from '../components/profile-layout';

/** /profile/changePassword: the current password is required; other sessions end on success. */
export function ChangePasswordPage() {
  const change = useChangePassword();
  const form = useForm({
    resolver: zodResolver(changePasswordSchema),
    mode: 'all',
    defaultValues: { currentPassword: '', password: '', passwordConfirm: '' },
  });
  const handleSubmit = form.handleSubmit((input) =>
    change.mutate(input, { onSuccess: () => form.reset() }),
  );
  return (
    <ProfileLayout section="changePassword">
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <Stack gap="md">
          <ServerError error={change.error} />
          {change.isSuccess && (
            <Alert color="green" variant="light" role="status">
              Your password has been changed. You were signed out everywhere else.
            </Alert>
          )}
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            {...form.register('currentPassword')}
            error={fieldError(form, 'currentPassword')}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            description="At least 8 characters"
            required
            {...form.register('password', { deps: ['passwordConfirm'] })}
            error={fieldError(form, 'password')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            {...form.register('passwordConfirm')}
            error={fieldError(form, 'passwordConfirm')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </ProfileLayout>
  );
}
