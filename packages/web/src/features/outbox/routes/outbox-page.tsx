import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBanner } from '../../../components/error-banner';
import { LoadingPanel } from '../../../components/loading-panel';
import { isApiRequestError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/use-page-title';
import { useOutbox } from '../api/get-outbox';
import { OutboxMessage } from '../components/outbox-message';

/** Demo mode only: the e-mails the server sent or would have sent, with their delivery. */
export function OutboxPage() {
  usePageTitle('Outbox');
  const outbox = useOutbox();
  const status = isApiRequestError(outbox.error) ? outbox.error.status : undefined;

  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={1} size="h2">
            Outbox
          </Title>
          <Button
            variant="light"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => void outbox.refetch()}
            loading={outbox.isFetching}
          >
            Refresh
          </Button>
        </Group>
        <Text c="dimmed" size="sm">
          Every e-mail the demo sends is listed here, newest first, with its delivery: queued, sent,
          retrying or failed (without an SMTP server none leaves the machine).{' '}
          <Anchor component={Link} to={paths.login}>
            Back to sign in
          </Anchor>
        </Text>
        {outbox.isPending && <LoadingPanel />}
        {outbox.isError &&
          (status === 404 ? (
            <EmptyState message="The outbox is only available in demo mode." />
          ) : status === 403 ? (
            // read only on the demo's own machine or by a SUPPORT user: the server says which
            <EmptyState message={outbox.error.message} icon={<IconLock size={24} />} />
          ) : (
            <ErrorBanner message={outbox.error.message} onRetry={() => void outbox.refetch()} />
          ))}
        {outbox.data?.messages.length === 0 && (
          <EmptyState message="No e-mails have been sent yet." />
        )}
        {outbox.data?.messages.map((message) => (
          <OutboxMessage key={message.id} message={message} />
        ))}
      </Stack>
    </Container>
  );
}
