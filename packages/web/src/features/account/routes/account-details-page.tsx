import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type AccountDetails, messages, updateAccountDetailsSchema } from '@powerdeck/domain';
import { useForm } from 'react-hook-form';
import { ErrorBanner } from '../../../components/error-banner';
import { LoadingPanel } from '../../../components/loading-panel';
import { FormTextInput } from '../../../components/form-fields';
import { ServerError } from '../../../components/server-error';
import { useAccountDetails, useUpdateAccountDetails } from '../api/account-api';
import { ProfileLayout } from '../components/profile-layout';

/** /profile/accountDetails: name, e-mail and phone; name and phone can be changed. */
export function AccountDetailsPage() {
  const details = useAccountDetails();
  return (
    <ProfileLayout section="accountDetails">
      {details.isPending ? (
        <LoadingPanel />
      ) : details.isError ? (
        <ErrorBanner message={messages.adminFetchFailed} onRetry={() => void details.refetch()} />
      ) : (
        <DetailsForm details={details.data} />
      )}
    </ProfileLayout>
  );
}

function DetailsForm({ details }: { details: AccountDetails }) {
  const update = useUpdateAccountDetails();
  const form = useForm({
    resolver: zodResolver(updateAccountDetailsSchema),
    mode: 'all',
    values: { firstName: details.firstName, lastName: details.lastName, phone: details.phone },
  });
  const handleSubmit = form.handleSubmit((input) =>
    update.mutate(input, {
      onSuccess: () => notifications.show({ color: 'green', message: 'Account details saved.' }),
    }),
  );
  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack gap="md">
        <ServerError error={update.error} />
        <Group grow align="flex-start">
          <FormTextInput form={form} name="firstName" label="First name" required />
          <FormTextInput form={form} name="lastName" label="Last name" required />
        </Group>
        <TextInput
          label="Email"
          value={details.email}
          readOnly
          description="Change it on the Change Email page."
        />
        {details.pendingEmail && (
          <Text size="sm" c="dimmed">
            Waiting for confirmation of {details.pendingEmail}.
          </Text>
        )}
        <FormTextInput form={form} name="phone" label="Phone" type="tel" />
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={update.isPending}
            disabled={!form.formState.isDirty || !form.formState.isValid}
          >
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
