import { Center, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from './logo';
import { useBrand } from '../lib/public-config';
import { usePageTitle } from '../lib/use-page-title';

/** The frame of every public page (sign-in, account, mobile): brand, a heading and the page's content. */
export function CenteredCard({ title, children }: { title: string; children: ReactNode }) {
  const brand = useBrand();
  usePageTitle(title);
  return (
    <Center mih="100vh" p="md" bg="var(--pd-color-surface-muted)">
      <Stack w="100%" maw={420} gap="lg">
        <Center>
          <Logo brand={brand} />
        </Center>
        <Paper withBorder shadow="sm" radius="md" p="xl">
          <Title order={1} size="h3" mb="md">
            {title}
          </Title>
          {children}
        </Paper>
      </Stack>
    </Center>
  );
}
