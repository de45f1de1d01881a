import { Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type UndeliveredMessage,
  formatDateTime,
  undeliveredMailMessages,
} from '@powerdeck/domain';
import { DeliveryBadge } from '../../../components/delivery-badge';
import { ErrorBanner } from '../../../components/error-banner';
import { useResendMail, useUndeliveredMail } from '../api/system-status-api';

/**
 * SUPPORT's view of mail that has not gone out (issue 19: a message that fails for good is never
 * lost unseen): who it was for, its subject, its attempts and last error, and Send again for one
 * that failed. Bodies are not shown: they may hold another person's sign-in link.
 */
export function UndeliveredMail() {
  const mail = useUndeliveredMail();
  const resend = useResendMail();
  if (mail.isPending) return <Text size="sm">Loading...</Text>;
  if (mail.isError) {
    return <ErrorBanner message={mail.error.message} onRetry={() => void mail.refetch()} />;
  }
  if (mail.data.messages.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Every e-mail went out.
      </Text>
    );
  }
  const sendAgain = (message: UndeliveredMessage) =>
    resend.mutate(message.id, {
      onSuccess: () =>
        notifications.show({ color: 'green', message: undeliveredMailMessages.resent }),
      onError: (error) =>
        notifications.show({
          color: 'red',
          message: error.message || undeliveredMailMessages.resendFailed,
        }),
    });
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Queued</Table.Th>
            <Table.Th scope="col">To</Table.Th>
            <Table.Th scope="col">Subject</Table.Th>
            <Table.Th scope="col">Delivery</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {mail.data.messages.map((message) => (
            <Table.Tr key={message.id} data-testid="undelivered-mail-row">
              <Table.Td>{formatDateTime(message.queuedAt)}</Table.Td>
              <Table.Td>{message.to}</Table.Td>
              <Table.Td>{message.subject}</Table.Td>
              <Table.Td>
                <DeliveryBadge message={message} />
              </Table.Td>
              <Table.Td>
                {message.state === 'failed' && (
                  <Button
                    size="xs"
                    variant="light"
                    loading={resend.isPending && resend.variables === message.id}
                    onClick={() => sendAgain(message)}
                  >
                    Send again
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
