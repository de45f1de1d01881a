import {
  ActionIcon,
  Button,
  Group,
  Menu,
  ScrollArea,
  Stack,
  Tabs,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  ALERT_TYPE,
  type AlertRecord,
  devicePath,
  formatDateTime,
  messages,
} from '@powerdeck/domain';
import { IconDotsVertical } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { locationPath } from '../../../lib/paths';
import { markAlertRead, markAllAlertsRead, unsubscribeAlert } from '../api/alerts-api';
import classes from './alerts-panel.module.css';

export interface AlertsPanelProps {
  records: readonly AlertRecord[];
  /** After a successful mark-read or unsubscribe: refetch and restart polling. */
  onChanged: () => void;
  onNavigate?: () => void;
}

const show = (color: 'red' | 'green', message: string) => notifications.show({ color, message });

/** The alerts panel (spec §2): 'Alerts' tab (the 'Notifications' tab is hidden). */
export function AlertsPanel({ records, onChanged, onNavigate }: AlertsPanelProps) {
  const navigate = useNavigate();
  const alerts = records.filter((r) => r.type === ALERT_TYPE);
  const unread = alerts.some((a) => !a.read);

  const act = async (run: () => Promise<unknown>, failure: string, success?: string) => {
    try {
      await run();
      if (success) show('green', success);
      onChanged();
    } catch {
      show('red', failure);
    }
  };
  const open = (alert: AlertRecord) => {
    const locationId = alert.locationId ?? alert.siteId;
    if (!locationId) return;
    onNavigate?.();
    // A location's own alert (its energy budget) opens the location, its month at the top.
    void navigate(
      alert.devClass && alert.devId
        ? devicePath({ ...alert, locationId, devClass: alert.devClass, devId: alert.devId })
        : locationPath(locationId),
    );
  };

  return (
    <Tabs defaultValue="alerts">
      <Group justify="space-between" wrap="nowrap">
        <Tabs.List>
          <Tabs.Tab value="alerts">Alerts</Tabs.Tab>
        </Tabs.List>
        <Button
          size="compact-xs"
          variant="subtle"
          disabled={!unread}
          onClick={() => void act(markAllAlertsRead, messages.markReadFailed)}
        >
          {messages.markAllAsRead}
        </Button>
      </Group>
      <Tabs.Panel value="alerts">
        {alerts.length === 0 ? (
          <Text size="sm" c="dimmed" p="sm">
            {messages.noAlerts}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={380}>
            <Stack gap={0} component="ul" className={classes.list} aria-label="Alerts">
              {alerts.map((alert) => (
                <li key={alert.id} className={classes.item} data-unread={!alert.read || undefined}>
                  <UnstyledButton className={classes.open} onClick={() => open(alert)}>
                    <Text size="sm" fw={alert.read ? 400 : 600}>
                      {alert.msg}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(alert.time)}
                    </Text>
                  </UnstyledButton>
                  <Menu position="bottom-end" withinPortal={false}>
                    <Menu.Target>
                      <ActionIcon variant="subtle" color="gray" aria-label="Alert options">
                        <IconDotsVertical size={16} />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item
                        disabled={alert.read}
                        onClick={() =>
                          void act(() => markAlertRead(alert.id), messages.markReadFailed)
                        }
                      >
                        {messages.markAsRead}
                      </Menu.Item>
                      <Menu.Item
                        disabled={!alert.isSubscribed}
                        onClick={() =>
                          void act(
                            () => unsubscribeAlert(alert),
                            messages.unsubscribeFailed,
                            messages.unsubscribed,
                          )
                        }
                      >
                        {messages.unsubscribe}
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </li>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Tabs.Panel>
    </Tabs>
  );
}
