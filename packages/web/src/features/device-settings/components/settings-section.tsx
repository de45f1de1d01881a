import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One section of a device's settings: a titled panel with an explanation. */
export function SettingsSection({
  title,
  help,
  children,
}: {
  title: string;
  help?: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <div>
          <Title order={3} size="h5">
            {title}
          </Title>
          {help && (
            <Text size="xs" c="dimmed">
              {help}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
