/**
 * The server's render of a signed-in page (built with render-worker.ts, the thread that runs it:
 * `vite build --ssr`, into dist/.ssr/; started by packages/server/src/http/server-render.ts). A fresh load of the console then shows the page's
 * content from the HTML itself, with its data, instead of after ~800 kB of JavaScript has been
 * compiled and run (issue 18 item 11, LCP; docs/ARCHITECTURE.md "Speed in the browser"). The
 * console's JavaScript then renders the same page over it (main.tsx) and takes over.
 *
 * The page is rendered by the console's own components and routes, with the data the console would
 * ask for, asked through the server's own API as the visitor (the `send` it is given): a render
 * notes the queries its components start, those are answered, and it renders again, until no new
 * query is asked (at most MAX_PASSES renders).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, skipToken, type Query } from '@tanstack/react-query';
import { renderToStringAsync } from 'preact-render-to-string';
import { isValidElement } from 'react';
import { matchRoutes, Navigate, resolvePath, StaticRouter } from 'react-router';
import { ShellLayout } from '../app/lazy-pages';
import { firstQueryOf } from '../app/prefetch-route-data';
import { lazyPageOf, preloadRoute } from '../app/preload-route';
import { AppProviders } from '../app/providers';
import { RouteTable } from '../app/router';
import { routes } from '../app/routes';
import { getSession, sessionQueryKey } from '../features/auth/api/session';
import { transport } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { SERVER_RENDER_STATE_ID, type ServerRenderState } from '../lib/server-render-state';

/** Answers one of the console's API calls (a GET) as the visitor whose page is rendered. */
export type Send = (url: string, init: RequestInit) => Promise<Response>;

/** A page's #root, rendered; how many times it was rendered and how long that took (ms). */
export interface RenderedRoot {
  root: string;
  renders: number;
  renderMs: number;
}

/** The most renders of one page: each after the data the one before asked for. */
const MAX_PASSES = 4;

const visitor = new AsyncLocalStorage<Send>();
transport.send = (url, init) => {
  const send = visitor.getStore();
  if (!send) return Promise.reject(new Error('server render: a call outside a page render'));
  return send(url, init);
};

/** Pages inside the signed-in shell: what a signed-in visitor lands on. */
function inSignedInShell(pathname: string): boolean {
  return (matchRoutes(routes, pathname) ?? []).some(
    (match) => lazyPageOf(match.route.element) === ShellLayout,
  );
}

/** How many of the route table's redirects one page may go through (`/locations/:id` has one). */
const MAX_REDIRECTS = 4;

/**
 * Where the route table sends a visitor of `pathname` on to (its `<Navigate>` routes: `/locations`
 * → `/locations/list`, `/locations/:id` → `/locations/:id/devices`), the search left behind as
 * `<Navigate>` does; `pathname` itself when its route renders a page.
 */
function redirectedPath(pathname: string): string {
  let path = pathname;
  for (let hop = 0; hop < MAX_REDIRECTS; hop++) {
    const last = matchRoutes(routes, path)?.at(-1);
    const element: unknown = last?.route.element;
    if (!last || !isValidElement(element) || element.type !== Navigate) return path;
    const { to } = element.props as { to: Parameters<typeof resolvePath>[0] };
    path = resolvePath(to, last.pathname).pathname;
  }
  return path;
}

/** A query a component started that nothing has answered yet, and that is not switched off. */
function notAsked(query: Query): boolean {
  const { enabled, queryFn } = query.options as {
    enabled?: boolean | ((query: Query) => boolean);
    queryFn?: unknown;
  };
  const on = typeof enabled === 'function' ? enabled(query) : enabled;
  return (
    query.state.status === 'pending' &&
    query.state.fetchStatus === 'idle' &&
    on !== false &&
    queryFn !== undefined &&
    queryFn !== skipToken
  );
}

/** Data the page can be given as JSON and read back unchanged (no Date, Map, class instance). */
function isPlainJson(value: unknown): boolean {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true;
  if (Array.isArray(value)) return value.every(isPlainJson);
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.values(value).every(isPlainJson);
}

/** JSON inside a `<script type="application/json">`: no `</script>` or `<!--` can end it early. */
const scriptSafe = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The console's page at `url` (path and query) as what goes in place of index.html's empty
 * `<div id="root"></div>` (`root`): the page in its #root, with the data it shows beside it, or null when
 * there is nothing to render here (not a signed-in page, or nobody signed in). The #root is
 * `inert` until the console has rendered over it (main.tsx): a click before then would do
 * nothing. Rejects when the page cannot be rendered.
 */
export async function renderRoot(url: string, send: Send): Promise<RenderedRoot | null> {
  return visitor.run(send, async () => {
    const asked = new URL(url, 'http://console.invalid');
    // a page the route table sends on is rendered where it lands; the console moves the address
    // there as it takes over (main.tsx), as its own redirect would have
    const pathname = redirectedPath(asked.pathname);
    const movedTo = pathname === asked.pathname ? undefined : pathname;
    const location = movedTo ?? url;
    if (!inSignedInShell(pathname)) return null;
    // The page's first data is asked with the session, not after the first render has asked for
    // it: a round of calls and a render fewer (for nobody signed in, it is refused and unused).
    const queryClient = createQueryClient();
    const [user] = await Promise.all([getSession(), firstQueryOf(pathname)?.(queryClient)]);
    if (!user) return null;
    queryClient.setQueryData(sessionQueryKey, user);
    await preloadRoute(routes, pathname);
    const page = (
      <AppProviders queryClient={queryClient}>
        <StaticRouter location={location}>
          <RouteTable routes={routes} />
        </StaticRouter>
      </AppProviders>
    );
    let renders = 0;
    let renderMs = 0;
    const render = async () => {
      const start = performance.now();
      const html = await renderToStringAsync(page);
      renders += 1;
      renderMs += performance.now() - start;
      return html;
    };
    let html = await render();
    for (let pass = 1; pass < MAX_PASSES; pass++) {
      const asked = queryClient.getQueryCache().getAll().filter(notAsked);
      if (asked.length === 0) break;
      await Promise.allSettled(asked.map((query) => query.fetch()));
      html = await render();
    }

    const state: ServerRenderState = {
      user,
      ...(movedTo ? { path: movedTo } : {}),
      queries: dehydrate(queryClient, {
        shouldDehydrateQuery: (query) =>
          query.state.status === 'success' && isPlainJson(query.state.data),
      }),
    };
    const json = scriptSafe(JSON.stringify(state));
    return {
      root: `<div id="root" inert>${html}</div><script type="application/json" id="${SERVER_RENDER_STATE_ID}">${json}</script>`,
      renders,
      renderMs: Math.round(renderMs),
    };
  });
}
