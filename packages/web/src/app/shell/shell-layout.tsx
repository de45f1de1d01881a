import { AppShell, Burger, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { LoadingPanel } from '../../components/loading-panel';
import { LogoMark } from '../../components/logo';
import { useSession } from '../../features/auth/api/session';
import { useBrand } from '../../lib/public-config';
import { paths } from '../../lib/paths';
import { AlertBell } from './alert-bell';
import { BreadcrumbBar } from './breadcrumb-bar';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { SearchBox } from './search-box';
import { Sidebar } from './sidebar';
import { SystemBanner } from './system-banner';
import { ToastHost } from './toast-host';
import { UserMenu } from './user-menu';

/** The signed-in frame (spec §2): header, sidebar, banner, breadcrumbs, then the page. */
export function ShellLayout() {
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const [desktopOpened, { toggle: toggleDesktop }] = useDisclosure(true);
  const brand = useBrand();
  const user = useSession().data;

  return (
    <ModalsProvider modalProps={{ centered: true, closeOnClickOutside: false }}>
      <ToastHost />
      <AppShell
        header={{ height: 60 }}
        navbar={{
          width: 248,
          breakpoint: 'md',
          collapsed: { mobile: !mobileOpened, desktop: !desktopOpened },
        }}
        padding="md"
      >
        <AppShell.Header>
          <Group h="100%" px="md" gap="sm" wrap="nowrap">
            <Burger
              opened={mobileOpened}
              onClick={toggleMobile}
              hiddenFrom="md"
              size="sm"
              aria-label={mobileOpened ? 'Close navigation' : 'Open navigation'}
            />
            <Burger
              opened={false}
              aria-expanded={desktopOpened}
              onClick={toggleDesktop}
              visibleFrom="md"
              size="sm"
              aria-label={desktopOpened ? 'Hide navigation' : 'Show navigation'}
            />
            <UnstyledButton component={Link} to={paths.locationsList} aria-label={`${brand} home`}>
              <Group gap={8} wrap="nowrap">
                <LogoMark />
                <Text fw={700} size="lg" visibleFrom="sm">
                  {brand}
                </Text>
              </Group>
            </UnstyledButton>
            <Group flex={1} justify="center" px={{ base: 0, sm: 'md' }} wrap="nowrap">
              <SearchBox />
            </Group>
            <Group gap="xs" wrap="nowrap">
              <ColorSchemeToggle />
              <AlertBell />
              {user && <UserMenu user={user} />}
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar>
          <Sidebar onNavigate={closeMobile} />
        </AppShell.Navbar>
        <AppShell.Main>
          <SystemBanner />
          <BreadcrumbBar />
          <Suspense fallback={<LoadingPanel />}>
            <Outlet />
          </Suspense>
        </AppShell.Main>
      </AppShell>
    </ModalsProvider>
  );
}
