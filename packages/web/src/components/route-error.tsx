import { Button, Text } from '@mantine/core';
import type { FallbackProps } from 'react-error-boundary';
import { CenteredCard } from './centered-card';

// What browsers say when a lazy page's chunk is gone (Chromium, Safari, Firefox).
const MISSING_CHUNK = /dynamically imported module|Importing a module script failed/i;

/** A page that could not be loaded because the console was rebuilt since this tab opened it. */
export function isMissingChunk(error: unknown): boolean {
  return error instanceof Error && MISSING_CHUNK.test(error.message);
}

/**
 * Shown by the route table's error boundary (app/router.tsx) when a page fails to load or render,
 * until the user goes to another page. After an update the open tab still asks for the old build's
 * chunks, which are gone: a reload fetches the new one.
 */
export function RouteError({ error }: Pick<FallbackProps, 'error'>) {
  const updated = isMissingChunk(error);
  return (
    <CenteredCard title={updated ? 'The console has been updated' : 'Something went wrong'}>
      <Text mb="md">
        {updated
          ? 'Reload the page to use the new version.'
          : 'This page could not be shown. Reload to try again.'}
      </Text>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </CenteredCard>
  );
}
