import { Anchor, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBanner } from '../../../components/error-banner';
import { LoadingPanel } from '../../../components/loading-panel';
import { PageTitle } from '../../../components/page-title';
import { useClient, useClientContacts } from '../api/clients';

/** /clients/{id}/contact: the client's contact list (svc=getContactsForClientId). */
export function ClientContactPage() {
  const { clientId = '' } = useParams();
  const client = useClient(clientId);
  const contacts = useClientContacts(clientId);
  const title = client.data ? `${client.data.firstName} contacts` : 'Client contacts';
  return (
    <>
      <PageTitle title={title} />
      {contacts.isPending && <LoadingPanel label="Loading contacts..." />}
      {contacts.isError && <ErrorBanner message="Client not found" />}
      {contacts.data && contacts.data.length === 0 && (
        <EmptyState message="No contacts for this client." />
      )}
      {contacts.data && contacts.data.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {contacts.data.map((c) => (
            <Card key={c.id} withBorder radius="md" component="article">
              <Stack gap={4}>
                <Text fw={600}>
                  {c.firstName} {c.lastName}
                </Text>
                <Text size="sm">{c.phone}</Text>
                <Anchor size="sm" href={`mailto:${c.email}`}>
                  {c.email}
                </Anchor>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
