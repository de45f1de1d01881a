import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { TOAST_MS, TOAST_POSITION } from '@powerdeck/domain';
import { theme } from './theme';

/**
 * Mantine (theme, toasts at top-centre for 5 s — spec §9) and the data-fetching cache. The modals
 * provider sits in the signed-in shell, where every modal of the spec lives, so the sign-in page
 * does not load the modal code.
 */
export function AppProviders({
  queryClient,
  children,
  env,
}: {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off transitions and portals so tests see content at once. */
  env?: 'default' | 'test';
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} env={env}>
        <Notifications position={TOAST_POSITION} autoClose={TOAST_MS} />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
