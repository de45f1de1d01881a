import { Alert, Button, Stack, Text } from '@mantine/core';
import { alertEmailMessages } from '@powerdeck/domain';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { CenteredCard } from '../../../components/centered-card';
import { ServerError } from '../../../components/server-error';
import { unsubscribeByMail } from '../api/alerts-api';

/**
 * Opened from an alert e-mail's unsubscribe link (issue 19). Opening it changes nothing: mail
 * scanners and link previews open links, so only the button (a POST, like a mail client's
 * one-click unsubscribe) turns the e-mail off. No sign-in needed: the link's token is signed.
 */
export function AlertMailUnsubscribePage() {
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const unsubscribe = useMutation({ mutationFn: () => unsubscribeByMail(token) });

  return (
    <CenteredCard title={unsubscribe.isSuccess ? 'Unsubscribed' : 'Unsubscribe from alert e-mails'}>
      <Stack gap="md">
        {token === '' && (
          <Alert color="red" variant="light" role="alert">
            {alertEmailMessages.badUnsubscribeLink}
          </Alert>
        )}
        {unsubscribe.isError && <ServerError error={unsubscribe.error} />}
        {unsubscribe.isSuccess ? (
          <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
            {alertEmailMessages.unsubscribed} The console’s bell still shows them; you can choose
            e-mail again in Profile → Alert Subscriptions.
          </Alert>
        ) : (
          <>
            <Text size="sm">
              Stop the e-mails of the alerts this mail came from? The alerts still reach the
              console’s bell.
            </Text>
            <Button
              disabled={token === ''}
              loading={unsubscribe.isPending}
              onClick={() => unsubscribe.mutate()}
            >
              Unsubscribe
            </Button>
          </>
        )}
      </Stack>
    </CenteredCard>
  );
}
