import { Button, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type AlertSubscription, messages } from '@powerdeck/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorBanner } from '../../../components/error-banner';
import { LoadingPanel } from '../../../components/loading-panel';
import { ProfileLayout } from '../../account';
import { listSubscriptions, subscribeAlert, unsubscribeAlert } from '../api/alerts-api';
import { AlertEmailSelect } from '../components/alert-email-select';

const subscriptionsKey = ['alertsManagement', 'listSubscriptions'] as const;

/**
 * /profile/alerts: every alert the user can subscribe to — the alerts of each device at their
 * locations — with its state and a button to change it.
 */
export function AlertSubscriptionsPage() {
  const queryClient = useQueryClient();
  const [pageNo, setPageNo] = useState(1);
  const list = useQuery({
    queryKey: [...subscriptionsKey, pageNo],
    queryFn: () => listSubscriptions(pageNo),
    placeholderData: keepPreviousData,
  });
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
    <ProfileLayout section="alerts" wide>
      {list.isPending ? (
        <LoadingPanel />
      ) : list.isError ? (
        <ErrorBanner message={messages.adminFetchFailed} onRetry={() => void list.refetch()} />
      ) : list.data.totalRecords === 0 ? (
        <Text size="sm" c="dimmed">
          There are no devices at your locations yet, so there are no alerts to subscribe to.
        </Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            You receive the alerts of every device at your locations unless you unsubscribe here or
            from an alert. Each can also come by e-mail, at once or in a digest; a muted device or
            location sends no e-mail.
          </Text>
          <Table.ScrollContainer minWidth={600}>
            <Table aria-label="Alert subscriptions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Location</Table.Th>
                  <Table.Th>Device</Table.Th>
                  {/* on a tablet the device's name says enough: its class and type make room */}
                  <Table.Th visibleFrom="lg">Class</Table.Th>
                  <Table.Th visibleFrom="lg">Type</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>E-mail</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.records.map((s) => (
                  <Table.Tr key={`${s.type}/${s.devClass}/${s.devId}`}>
                    <Table.Td>{s.locationName ?? ''}</Table.Td>
                    <Table.Td>{s.devName || s.devId}</Table.Td>
                    <Table.Td visibleFrom="lg">{s.devClass}</Table.Td>
                    <Table.Td visibleFrom="lg">
                      {s.type === 0 ? 'Alerts' : 'Notifications'}
                    </Table.Td>
                    <Table.Td>{s.subscribed ? 'Subscribed' : 'Unsubscribed'}</Table.Td>
                    <Table.Td>
                      <AlertEmailSelect
                        subscription={s}
                        email={s.email}
                        label={`E-mail for ${s.devName || s.devId}`}
                        hideLabel
                        onSaved={() =>
                          queryClient.invalidateQueries({ queryKey: subscriptionsKey })
                        }
                      />
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-sm"
                        variant="light"
                        aria-label={`${s.subscribed ? 'Unsubscribe from' : 'Subscribe to'} ${s.devName || s.devId}`}
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
          {list.data.totalRecords > list.data.recordsPerPage && (
            <Group justify="flex-end">
              <Pagination
                total={Math.ceil(list.data.totalRecords / list.data.recordsPerPage)}
                value={pageNo}
                onChange={setPageNo}
                size="sm"
              />
            </Group>
          )}
        </Stack>
      )}
    </ProfileLayout>
  );
}
