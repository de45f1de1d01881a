import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Menu,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { type GroupSummary, canCreateGroup, messages, permissionMessages } from '@powerdeck/domain';
import { IconDots, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { adminGroupPath } from '../../../lib/paths';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBanner } from '../../../components/error-banner';
import { LoadingPanel } from '../../../components/loading-panel';
import { PageTitle } from '../../../components/page-title';
import { useSession } from '../../auth';
import { useDeleteGroup, useGroupDetails, useGroupsList, useUserSites } from '../api/groups-api';
import { GroupWizard } from '../components/group-wizard';

/** /admin: the admin groups list, with create, edit, delete and view (spec §2, §4, §6). */
export function AdminPage() {
  const user = useSession().data;
  const list = useGroupsList();
  const sites = useUserSites();
  const [wizard, setWizard] = useState<{ editId: string | null } | null>(null);
  const canCreate = sites.data ? canCreateGroup(sites.data.records) : false;
  const records = list.data?.pages.flatMap((page) => page.records) ?? [];

  return (
    <>
      <PageTitle
        title="Administration"
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            disabled={!canCreate}
            onClick={() => setWizard({ editId: null })}
          >
            Create Group
          </Button>
        }
      />
      <Stack gap="md">
        {sites.data && !canCreate && (
          <Alert color="yellow" variant="light">
            {permissionMessages.noPermissionAnyLocation}
          </Alert>
        )}
        {list.isPending ? (
          <LoadingPanel />
        ) : list.isError ? (
          <ErrorBanner message={messages.adminFetchFailed} onRetry={() => void list.refetch()} />
        ) : records.length === 0 ? (
          <EmptyState message="No groups yet." />
        ) : (
          <GroupsTable records={records} onEdit={(id) => setWizard({ editId: id })} />
        )}
        {list.hasNextPage && (
          <Group justify="center">
            <Button
              variant="default"
              loading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              Load more
            </Button>
          </Group>
        )}
      </Stack>
      {wizard && user && (
        <WizardLoader editId={wizard.editId} userId={user.userId} onClose={() => setWizard(null)} />
      )}
    </>
  );
}

function WizardLoader({
  editId,
  userId,
  onClose,
}: {
  editId: string | null;
  userId: string;
  onClose: () => void;
}) {
  const details = useGroupDetails(editId);
  if (editId !== null && details.isPending) return null;
  if (editId !== null && details.isError) {
    return (
      <Modal opened onClose={onClose} title="Edit Group" centered>
        <Alert color="red" role="alert">
          {messages.adminFetchFailed}
        </Alert>
      </Modal>
    );
  }
  return <GroupWizard group={details.data ?? null} userId={userId} onClose={onClose} />;
}

function GroupsTable({
  records,
  onEdit,
}: {
  records: GroupSummary[];
  onEdit: (id: string) => void;
}) {
  const remove = useDeleteGroup();
  const confirmDelete = (group: GroupSummary) =>
    modals.openConfirmModal({
      title: 'Delete group',
      children: <Text size="sm">Delete the group "{group.groupName}"?</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      // The hook says whether it worked.
      onConfirm: () => remove.mutate(group.id),
    });
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={480}>
        <Table highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Group Name</Table.Th>
              <Table.Th>Locations</Table.Th>
              <Table.Th>Users</Table.Th>
              <Table.Th w={60}>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {records.map((group) => (
              <Table.Tr key={group.id}>
                <Table.Td>
                  <Text component={Link} to={adminGroupPath(group.id)} c="blue" size="sm">
                    {group.groupName}
                  </Text>
                </Table.Td>
                <Table.Td>{group.locationCount}</Table.Td>
                <Table.Td>{group.userCount}</Table.Td>
                <Table.Td>
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={`Actions for ${group.groupName}`}
                      >
                        <IconDots size={18} />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item component={Link} to={adminGroupPath(group.id)}>
                        View
                      </Menu.Item>
                      <Menu.Item disabled={!group.canEdit} onClick={() => onEdit(group.id)}>
                        Edit
                      </Menu.Item>
                      <Menu.Item
                        color="red"
                        disabled={!group.canEdit}
                        onClick={() => confirmDelete(group)}
                      >
                        Delete
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
