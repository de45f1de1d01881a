import { Button, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type AlertSubscription, messages } from '@powerdeck/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorBanner } from '../../../components/error-banner';
import { LoadingPanel } from '../../../components/loading-panel';
import { ProfileLayout } from '../../account/components/profile-layout';
import { listSubscriptions, subscribeAlert, unsubscribeAlert } from '../api/alerts-api';

const subscriptionsKey = ['alertsManagement', 'listSubscriptions'] as const;

/** /profile/alerts: every subscription the user changed, by type, device class and device. */
export function AlertSubscriptionsPage() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: subscriptionsKey, queryFn: listSubscriptions });
  const toggle = useMutation({
    mutationFn: (s: AlertSubscription) => (s.subscribed ? unsubscribeAlert(s) : subscribeAlert(s)),
    onSuccess: (_answer, s) => {
      if (s.subscribed) notifications.show({ color: 'green', message: messages.unsubscribed });
      void queryClient.invalidateQueries({ queryKey: subscriptionsKey });
      void queryClient.invalidateQueries({ queryKey: ['notificationsManagement'] });
    },
    onError: () => notifications.show({ color: 'red', message: messages.unsubscribeFailed }),
  });

  return (
    <ProfileLayout section="alerts">
      {list.isPending ? (
        <LoadingPanel />
      ) : list.isError ? (
        <ErrorBanner message={messages.adminFetchFailed} onRetry={() => void list.refetch()} />
      ) : list.data.records.length === 0 ? (
        <Text size="sm" c="dimmed">
          You receive alerts from every device at your locations. Alerts you unsubscribe from are
          listed here.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Device</Table.Th>
                <Table.Th>Class</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.records.map((s) => (
                <Table.Tr key={`${s.type}/${s.devClass}/${s.devId}`}>
                  <Table.Td>{s.devName || s.devId}</Table.Td>
                  <Table.Td>{s.devClass}</Table.Td>
                  <Table.Td>{s.type === 0 ? 'Alerts' : 'Notifications'}</Table.Td>
                  <Table.Td>{s.subscribed ? 'Subscribed' : 'Unsubscribed'}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="light"
                      loading={toggle.isPending && toggle.variables === s}
                      onClick={() => toggle.mutate(s)}
                    >
                      {s.subscribed ? 'Unsubscribe' : 'Subscribe'}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </ProfileLayout>
  );
}
