import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { IconLogout, IconUser } from '@tabler/icons-react';
import type { SessionUser } from '@powerdeck/domain';
import { Link, useNavigate } from 'react-router';
import { useLogout } from '../../features/auth/api/logout';
import { paths, profilePath } from '../../lib/paths';

function initials(user: SessionUser): string {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() || '?';
}

export function UserMenu({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const logout = useLogout();
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;

  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu for ${name}`} style={{ borderRadius: '50%' }}>
          <Avatar color="blue" radius="xl" size={34}>
            {initials(user)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item
          component={Link}
          to={profilePath()}
          leftSection={<IconUser size={16} aria-hidden />}
        >
          Profile
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() =>
            logout.mutate(undefined, {
              onSettled: () => void navigate(paths.login, { replace: true }),
            })
          }
        >
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
