import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/use-page-title';

/** The page's heading; it also names the browser tab. */
export function PageTitle({ title, actions }: { title: string; actions?: ReactNode }) {
  usePageTitle(title);
  return (
    <Group justify="space-between" align="center" mb="md" wrap="wrap">
      <Title order={1} size="h2">
        {title}
      </Title>
      {actions}
    </Group>
  );
}
