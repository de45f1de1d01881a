import '@mantine/core/styles.css';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { ConsoleStart } from './app/console-start';
import { SignedOutStart, startsAtSignIn } from './app/signed-out-start';
import { getSession } from './features/auth/api/get-session';
import { paths } from './lib/paths';
import { publicApi } from './lib/public-calls';

const element = document.getElementById('root');
if (!element) throw new Error('The page has no #root element');
const root = createRoot(element);
const show = (node: ReactNode) => root.render(<StrictMode>{node}</StrictMode>);

// Asked at once, while the console's chunks download (issue 18 item 11).
const sessionCheck = getSession();

// Someone signed in is shown the signed-in shell: its chunks (Mantine's components, the modules the
// pages share) download as soon as the session check says so, while the console's own chunk loads
// and starts, instead of once it has started (issue 18 item 11, LCP). The shell's lazy page
// imports the same module later and gets it from the browser's module map.
sessionCheck.then(
  (user) => user && import('./app/shell/shell-layout').catch(() => undefined),
  () => undefined,
);

/** Loads the console (Mantine, react-query, the router: app.tsx) and shows it in place. */
function openConsole(start: ConsoleStart): void {
  import('./app/app')
    .then(({ startConsole }) => startConsole(start))
    .then(show, () =>
      show(<p role="alert">The console could not be loaded. Please reload the page.</p>),
    );
}

// A signed-out visitor's first page is the sign-in page: it comes without the console's libraries,
// which load once they sign in or go on (issue 18 item 10, the login route's budget).
if (startsAtSignIn(window.location.pathname)) {
  if (window.location.pathname === paths.root) window.history.replaceState(null, '', paths.login);
  show(
    <SignedOutStart
      sessionCheck={sessionCheck}
      configLoad={publicApi.publicConfig({})}
      openConsole={openConsole}
    />,
  );
} else {
  openConsole({ sessionCheck });
}
