import { Anchor, List, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { messages } from '@powerdeck/domain';
import { Link, useParams } from 'react-router';
import { locationRootPath } from '../../../lib/paths';
import { ErrorBanner } from '../../../components/error-banner';
import { LoadingPanel } from '../../../components/loading-panel';
import { PageTitle } from '../../../components/page-title';
import { useGroupDetails } from '../api/groups-api';

/** /admin/groups/:groupId: the group's locations and users. */
export function GroupPage() {
  const { groupId = '' } = useParams();
  const details = useGroupDetails(groupId);
  if (details.isPending) return <LoadingPanel />;
  if (details.isError) {
    return (
      <ErrorBanner message={messages.adminFetchFailed} onRetry={() => void details.refetch()} />
    );
  }
  const group = details.data;
  return (
    <>
      <PageTitle title={group.groupName} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Paper withBorder radius="md" p="md">
          <Title order={2} size="h5" mb="xs">
            Locations ({group.locations.length})
          </Title>
          <List spacing={4} size="sm">
            {group.locations.map((l) => (
              <List.Item key={l.siteId}>
                <Anchor component={Link} to={locationRootPath(l.siteId)}>
                  {l.name}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Title order={2} size="h5" mb="xs">
            Users ({group.users.length})
          </Title>
          <List spacing={4} size="sm">
            {group.users.map((u) => (
              <List.Item key={u.id}>
                {u.name}{' '}
                <Text span size="xs" c="dimmed">
                  {u.email}
                </Text>
              </List.Item>
            ))}
          </List>
        </Paper>
      </SimpleGrid>
    </>
  );
}
