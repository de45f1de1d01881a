import { ActionIcon, Popover, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';

/** The header bell; the unread badge and the alerts panel arrive with the alerts issue. */
export function AlertBell() {
  return (
    <Popover position="bottom-end" width={280} shadow="md" withArrow>
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Alerts">
          <IconBell size={22} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm">
          The alerts panel arrives with the alerts issue: alerts and notifications for your
          locations and devices.
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}
