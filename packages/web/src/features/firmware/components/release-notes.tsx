import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDay, type FirmwareImage } from '@powerdeck/domain';
import { newerImages } from '../state/versions';

/** The release notes of the images newer than the device's version, newest first. */
export function ReleaseNotes({
  images,
  fwVer,
}: {
  images: readonly FirmwareImage[];
  fwVer: string | null;
}) {
  const newer = newerImages(images, fwVer);
  if (newer.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} size="h4" mb="sm">
        What’s new
      </Title>
      <Stack gap="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {newer.map((image, i) => (
          <li key={image.version}>
            <Group gap="xs" mb={2}>
              <Text fw={600}>{image.version}</Text>
              {i === 0 && (
                <Badge size="sm" variant="light">
                  Latest
                </Badge>
              )}
              <Text size="sm" c="dimmed">
                Released {formatDay(image.released)}
              </Text>
            </Group>
            <Text size="sm">{image.releaseNotes}</Text>
          </li>
        ))}
      </Stack>
    </Paper>
  );
}
