import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';

export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <ThemeIcon size={size} radius="md" variant="filled" aria-hidden>
      <IconBolt size={size * 0.65} stroke={2} />
    </ThemeIcon>
  );
}

export function Logo({ brand }: { brand: string }) {
  return (
    <Group gap={8} wrap="nowrap">
      <LogoMark />
      <Text fw={700} size="lg">
        {brand}
      </Text>
    </Group>
  );
}
