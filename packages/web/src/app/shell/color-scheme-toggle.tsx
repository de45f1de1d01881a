import { ActionIcon, Box, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { LazyTooltip } from '../../components/lazy-tooltip';

/**
 * Header button that switches light/dark; the choice is remembered over the system setting. Both
 * icons are rendered and the page's colour scheme hides one (`darkHidden`, `lightHidden`), so a
 * page the server rendered (which cannot know the scheme) shows the right one from its first paint.
 */
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
        <Box component="span" darkHidden>
          <IconMoon size={20} aria-hidden />
        </Box>
        <Box component="span" lightHidden>
          <IconSun size={20} aria-hidden />
        </Box>
      </ActionIcon>
    </LazyTooltip>
  );
}
