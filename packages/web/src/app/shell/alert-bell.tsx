import { ActionIcon, Indicator, Popover } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { AlertsPanel } from '../../features/alerts/components/alerts-panel';
import { useAlertsPolling } from '../../features/alerts/hooks/use-alerts-polling';
import { useAlertsStream } from '../../features/alerts/hooks/use-alerts-stream';

/**
 * The header bell with the unread badge. New alerts arrive on the user's live stream; the 60 s
 * polling, living as long as the shell, is the fallback (spec §4).
 */
export function AlertBell() {
  const alerts = useAlertsPolling();
  useAlertsStream();
  const [opened, { toggle, close }] = useDisclosure(false);
  const unread = alerts.data?.unread ?? 0;
  return (
    <Popover
      position="bottom-end"
      width={360}
      shadow="md"
      withArrow
      opened={opened}
      onChange={(o) => !o && close()}
    >
      {/* the button is the target, so its popup state (aria-expanded) sits on a button */}
      <Indicator
        label={unread > 99 ? '99+' : unread}
        size={18}
        color="red"
        disabled={unread === 0}
        offset={6}
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={unread > 0 ? `Alerts, ${unread} unread` : 'Alerts'}
            onClick={toggle}
          >
            <IconBell size={22} aria-hidden />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p="xs">
        <AlertsPanel
          records={alerts.data?.records ?? []}
          onChanged={alerts.restart}
          onNavigate={close}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
