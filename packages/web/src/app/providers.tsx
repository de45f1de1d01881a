import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { colorSchemeManager } from './color-scheme';
import { cssVariablesResolver, theme } from './theme';

/**
 * Mantine (theme, the system's colour scheme unless the user chose one) and the data-fetching
 * cache. The modals provider and the toasts' container sit in the signed-in shell, where every
 * modal and toast of the spec lives, so the sign-in page does not load their code.
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
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
