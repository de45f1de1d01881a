import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { NOT_FOUND_REDIRECT_MS, messages } from '@powerdeck/domain';
import { usePageTitle } from '../../../lib/use-page-title';

/** Any unknown path (spec §2): says so, then goes to /login after one second. */
export function NotFoundPage() {
  const navigate = useNavigate();
  usePageTitle(messages.pageNotFound);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      void navigate(paths.login, { replace: true });
    }, NOT_FOUND_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder radius="md" p="xl" maw={440} w="100%">
        <Stack align="center" gap="sm">
          <Text fz={48} fw={700} c="dimmed" aria-hidden>
            404
          </Text>
          <Title order={1} size="h2">
            {messages.pageNotFound}
          </Title>
          <Text c="dimmed" role="status">
            {messages.redirectingHome}
          </Text>
          <Anchor component={Link} to={paths.login} size="sm">
            Go to the home page now
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
