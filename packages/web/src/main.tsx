import '@mantine/core/styles.css';
import { StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import type { ConsoleStart } from './app/console-start';
import { SignedOutStart, startsAtSignIn } from './app/signed-out-start';
import { getSession } from './features/auth/api/get-session';
import { paths } from './lib/paths';
import { firstPaint } from './lib/first-paint';
import { publicApi } from './lib/public-calls';
import { takeServerRenderState } from './lib/server-render-state';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root element');
const element: HTMLElement = rootElement;

// A page the server rendered (server-render/) says who is signed in and brings its data; else the
// session is asked at once, while the console's chunks download (issue 18 item 11).
const serverRender = takeServerRenderState();
// the server rendered the page the address redirects to (/locations → /locations/list): the
// address goes there first, so that the console renders the same page over it
if (serverRender?.path) window.history.replaceState(null, '', serverRender.path);

let root: Root | undefined;
/** Shows `node`; the first time over the server's render of the page, when there is one. */
function show(node: ReactNode): void {
  const app = <StrictMode>{node}</StrictMode>;
  if (root) root.render(app);
  else if (serverRender) root = hydrateRoot(element, app);
  else (root = createRoot(element)).render(app);
}
const sessionCheck = serverRender ? Promise.resolve(serverRender.user) : getSession();

// The server's render of a page is shown before the console's JavaScript loads (see firstPaint).
const loadNow = serverRender ? firstPaint() : Promise.resolve();

// Someone signed in is shown the signed-in shell: its chunks (Mantine's components, the modules the
// pages share) download as soon as the session check says so, while the console's own chunk loads
// and starts, instead of once it has started (issue 18 item 11, LCP). The shell's lazy page
// imports the same module later and gets it from the browser's module map.
void Promise.all([sessionCheck, loadNow]).then(
  ([user]) => user && import('./app/shell/shell-layout').catch(() => undefined),
  () => undefined,
);

/** Loads the console (Mantine, react-query, the router: app.tsx) and shows it in place. */
function openConsole(start: ConsoleStart): void {
  import('./app/app')
    .then(({ startConsole }) => startConsole(start))
    .then(show, () =>
      show(<p role="alert">The console could not be loaded. Please reload the page.</p>),
    )
    // the server's render of the page, now rendered over by the console, can be used
    .finally(() => element.removeAttribute('inert'));
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
  void loadNow.then(() => openConsole({ sessionCheck, queries: serverRender?.queries }));
}
