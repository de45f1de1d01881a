import { Center, Loader, Stack, Text } from '@mantine/core';

export function LoadingPanel({
  label = 'Loading...',
  minHeight = 160,
}: {
  label?: string;
  minHeight?: number | string;
}) {
  return (
    <Center mih={minHeight} role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="md" aria-hidden />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
