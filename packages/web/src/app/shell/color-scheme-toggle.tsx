import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { LazyTooltip } from '../../components/lazy-tooltip';

/** Header button that switches light/dark; the choice is remembered over the system setting. */
export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const current = useComputedColorScheme('light');
  const next = current === 'dark' ? 'light' : 'dark';
  const label = `Switch to ${next} mode`;
  return (
    <LazyTooltip label={label}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
        onClick={() => setColorScheme(next)}
      >
        {next === 'dark' ? <IconMoon size={20} aria-hidden /> : <IconSun size={20} aria-hidden />}
      </ActionIcon>
    </LazyTooltip>
  );
}
