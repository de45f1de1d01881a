import { Alert, Button, Checkbox, Group, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { sessionQueryKey } from '../../auth';
import { deleteUser } from '../api/account-api';
import { ProfileLayout } from '../components/profile-layout';

const REASONS = [
  'I no longer manage these devices',
  'I have another account',
  'The console is hard to use',
  'Other',
];

/** /profile/deleteAccount: feedback, confirmation, then the account is deleted and the user signed out. */
export function DeleteAccountPage() {
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: async () => {
      if (!(await deleteUser({ reason, comment: comment.trim() }))) throw new Error('not deleted');
    },
    onSuccess: async () => {
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, null);
      await navigate(paths.login, { replace: true });
    },
  });
  return (
    <ProfileLayout section="deleteAccount">
      <Stack gap="md">
        <Text size="sm">
          Deleting your account removes your access to every location, your alerts and your
          sessions. Notes you wrote stay with their locations.
        </Text>
        {remove.isError && (
          <Alert color="red" variant="light" role="alert">
            Your account could not be deleted. Please try again.
          </Alert>
        )}
        <NativeSelect
          label="Why are you leaving?"
          data={['', ...REASONS]}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <Textarea
          label="Anything else we should know?"

          rows={3}
          maxLength={1000}
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
        />
        <Checkbox
          label="I understand that this cannot be undone."
          checked={confirmed}
          onChange={(e) => setConfirmed(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button
            color="red"
            disabled={!confirmed}
            loading={remove.isPending}
            onClick={() => remove.mutate()}
          >
            Delete my account
          </Button>
        </Group>
      </Stack>
    </ProfileLayout>
  );
}
