import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { prefetchRouteData } from './app/prefetch-route-data';
import { preloadRoute } from './app/preload-route';
import { AppRouter } from './app/router';
import { routes } from './app/routes';
import { createQueryClient } from './lib/query-client';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// The first page's chunks download while the session check runs (not after it), and its first
// data is asked for as soon as the check answers (issue 18 item 11).
const queryClient = createQueryClient();
preloadRoute(routes, window.location.pathname);
prefetchRouteData(queryClient, window.location.pathname);

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
