import { Badge, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { resolveDeviceSegments } from '../../../lib/paths';
import { PageTitle } from '../../../components/page-title';

/**
 * Stands in, inside the shell, for a screen a later issue builds: it says what will be here so
 * the route is reachable and testable now without looking broken.
 */
export function PlaceholderPage({ title, arrivesWith }: { title: string; arrivesWith: string }) {
  const { first, second, ...rest } = useParams();
  const device = first && second ? resolveDeviceSegments(first, second) : undefined;
  const params = Object.entries({
    ...rest,
    deviceId: device?.deviceId,
    deviceClass: device?.deviceClass,
  }).filter((entry): entry is [string, string] => entry[0] !== '*' && typeof entry[1] === 'string');
  return (
    <>
      <PageTitle title={title} />
      <Paper withBorder radius="md" p="lg">
        <Group align="flex-start" wrap="nowrap" gap="md">
          <ThemeIcon size={40} radius="xl" variant="light" aria-hidden>
            <IconTools size={22} />
          </ThemeIcon>
          <Stack gap={6}>
            <Text fw={500}>This screen arrives with {arrivesWith}.</Text>
            <Text size="sm" c="dimmed">
              The route already works: links and bookmarks to it will keep working when it does.
            </Text>
            {params.length > 0 && (
              <Group gap="xs" mt={4}>
                {params.map(([key, value]) => (
                  <Badge key={key} variant="outline" color="gray" tt="none">
                    {key}: {value}
                  </Badge>
                ))}
              </Group>
            )}
          </Stack>
        </Group>
      </Paper>
    </>
  );
}
