import { Anchor, List, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { type GroupDetails, type GroupUser, messages } from '@powerdeck/domain';
import { Link, useParams } from 'react-router';
import { locationRootPath } from '../../../lib/paths';
import { ErrorBanner } from '../../../components/error-banner';
import { LoadingPanel } from '../../../components/loading-panel';
import { PageTitle } from '../../../components/page-title';
import { useGroupDetails, useMemberLevels } from '../api/groups-api';

/**
 * One member and their level at each of the group's locations (spec §6 per-location user
 * levels), '(admin)' when they are ADMIN at any, as the checklist marks them.
 */
function MemberRow({ user, group }: { user: GroupUser; group: GroupDetails }) {
  const levels = useMemberLevels(
    user.id,
    group.locations.map((l) => l.siteId),
  );
  const records = levels.data?.records ?? [];
  const nameOf = (siteId: string) => group.locations.find((l) => l.siteId === siteId)?.name;
  const admin = records.some((r) => r.permLvl === 'ADMIN');
  return (
    <List.Item>
      {user.name}
      {admin && ' (admin)'}{' '}
      <Text span size="xs" c="dimmed">
        {user.email}
      </Text>
      {records.length > 0 && (
        <Text size="xs" c="dimmed">
          {records.map((r) => `${nameOf(r.siteId) ?? r.siteId}: ${r.permLvl}`).join(' · ')}
        </Text>
      )}
      {levels.isSuccess && records.length === 0 && (
        <Text size="xs" c="dimmed">
          No level known at this group's locations
        </Text>
      )}
    </List.Item>
  );
}

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
              <MemberRow key={u.id} user={u} group={group} />
            ))}
          </List>
        </Paper>
      </SimpleGrid>
    </>
  );
}
