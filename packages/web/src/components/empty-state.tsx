import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

/** Empty-state panel (spec §2): a message and an optional action. */
export function EmptyState({
  message,
  icon,
  action,
}: {
  message: string;
  icon?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm">
        {icon && (
          <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
            {icon}
          </ThemeIcon>
        )}
        <Text ta="center">{message}</Text>
        {action}
      </Stack>
    </Paper>
  );
}
