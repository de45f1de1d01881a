import { Box, Divider, List, NavLink, Stack, Text } from '@mantine/core';
import {
  IconAdjustments,
  IconEye,
  IconHelp,
  IconUser,
  IconUsers,
  IconSearch,
  type Icon,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { LogoMark } from '../../components/logo';
import { paths } from '../../lib/paths';
import { ClassicUiLink } from './classic-ui-link';
import { NAV_ITEMS, RECENT_SEARCH_HINTS } from './nav-items';

const ICONS: Record<string, Icon> = {
  [paths.watchlist]: IconEye,
  [paths.clients]: IconUsers,
  [paths.admin]: IconAdjustments,
  [paths.profile]: IconUser,
  [paths.helpAndSupport]: IconHelp,
};

export function Sidebar({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  return (
    <Stack h="100%" gap={0} justify="space-between">
      {/* the browser's own scrolling: Mantine's ScrollArea measures itself on every resize */}
      <Box style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        <Box component="nav" aria-label="Main" p="xs">
          {NAV_ITEMS.filter((item) => !item.hidden).map((item) => {
            const ItemIcon = ICONS[item.to];
            const active = pathname === item.to || pathname.startsWith(`${item.to}/`);
            return (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={item.label}
                active={active}
                aria-current={active ? 'page' : undefined}
                onClick={onNavigate}
                leftSection={
                  item.to === paths.locations ? (
                    <LogoMark size={22} />
                  ) : ItemIcon ? (
                    <ItemIcon size={20} stroke={1.6} aria-hidden />
                  ) : null
                }
                styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
              />
            );
          })}
        </Box>
        <Divider my="xs" />
        <Box px="md" pb="md">
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={6} id="recent-heading">
            Recent
          </Text>
          <List
            size="sm"
            spacing={4}
            c="dimmed"
            aria-labelledby="recent-heading"
            icon={<IconSearch size={14} aria-hidden />}
            center
          >
            {RECENT_SEARCH_HINTS.map((hint) => (
              <List.Item key={hint}>{hint}</List.Item>
            ))}
          </List>
        </Box>
      </Box>
      <ClassicUiLink />
    </Stack>
  );
}
