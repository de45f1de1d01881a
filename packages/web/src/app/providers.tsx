import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { TOAST_MS, TOAST_POSITION } from '@powerdeck/domain';
import { colorSchemeManager } from './color-scheme';
import { cssVariablesResolver, theme } from './theme';

/**
 * Mantine (theme, the system's colour scheme unless the user chose one, toasts at top-centre for 5 s — spec §9) and the data-fetching cache. The modals
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
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        env={env}
        defaultColorScheme="auto"
        colorSchemeManager={colorSchemeManager}
      >
        <Notifications position={TOAST_POSITION} autoClose={TOAST_MS} />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
