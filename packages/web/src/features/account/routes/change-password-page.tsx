import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { changePasswordSchema } from '@powerdeck/domain';
import { useForm } from 'react-hook-form';
import { CurrentPasswordField, NewPasswordFields } from '../../../components/form-fields';
import { ServerError } from '../../../components/server-error';
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
          <CurrentPasswordField form={form} />
          <NewPasswordFields form={form} />
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
