import { Anchor, Avatar, Button, Center, Group, Loader, Paper, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { messages } from '@powerdeck/domain';
import { IconPlus, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { clientSettingsPath } from '../../../lib/paths';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBanner } from '../../../components/error-banner';
import { LoadingPanel } from '../../../components/loading-panel';
import { PageTitle } from '../../../components/page-title';
import { useClientPages, useClientStats } from '../api/clients';
import { CreateClientModal } from '../components/create-client-form';

/** /clients: every visible client, pages appended; counts patched in through clientsStats. */
export function ClientsPage() {
  const pages = useClientPages();
  const [createOpened, create] = useDisclosure(false);
  const clients = pages.data?.pages.flatMap((p) => p.records) ?? [];
  const stats = useClientStats(clients.map((c) => c.id));
  const counts = new Map((stats.data ?? []).map((s) => [s.id, s]));
  const count = (id: string, key: 'siteCnt' | 'devCnt') => {
    const value = counts.get(id)?.[key];
    if (value !== undefined) return value;
    return stats.isError ? (
      messages.notAvailable
    ) : (
      <Loader size={12} role="status" aria-label="Loading count" />
    );
  };

  return (
    <>
      <PageTitle
        title="All Clients"
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={create.open}>
            Create Client
          </Button>
        }
      />
      {pages.isPending && <LoadingPanel label="Loading clients..." />}
      {pages.isError && (
        <ErrorBanner message={messages.adminFetchFailed} onRetry={() => void pages.refetch()} />
      )}
      {pages.isSuccess && clients.length === 0 && (
        <EmptyState message="No clients yet." icon={<IconUsers size={26} />} />
      )}
      {clients.length > 0 && (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Client Name</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Locations</Table.Th>
                  <Table.Th>Devices</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {clients.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <Avatar src={c.imageFileRef} size={28} radius="xl" alt="">
                          {c.firstName.slice(0, 1)}
                        </Avatar>
                        <Anchor component={Link} to={clientSettingsPath(c.id)} fw={600}>
                          {c.firstName}
                        </Anchor>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{c.email ?? messages.notAvailable}</Text>
                    </Table.Td>
                    <Table.Td>{count(c.id, 'siteCnt')}</Table.Td>
                    <Table.Td>{count(c.id, 'devCnt')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {pages.hasNextPage && (
        <Center mt="md">
          <Button
            variant="default"
            loading={pages.isFetchingNextPage}
            onClick={() => void pages.fetchNextPage()}
          >
            Load more
          </Button>
        </Center>
      )}
      <CreateClientModal opened={createOpened} onClose={create.close} />
    </>
  );
}
