import type { PublicConfig } from '@powerdeck/domain';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, useLocation, type Location, type RouteObject } from 'react-router';
import { useLayoutEffect } from 'react';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { ToastHost } from '../app/shell/toast-host';
import { RouteTable } from '../app/router';
import { routes as appRoutes } from '../app/routes';

export interface FakeResponse {
  status?: number;
  body: unknown;
}

export function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/** A fetch stub answering by `svc` (and area when the key is 'area:svc'); others get 404. */
export function stubApi(answers: Record<string, FakeResponse | ((url: URL) => FakeResponse)>) {
  const fetchMock = vi.fn((input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(urlOf(input), 'http://localhost');
    const svc = url.searchParams.get('svc') ?? '';
    const area = url.pathname.split('/')[2] ?? '';
    const answer = answers[`${area}:${svc}`] ?? answers[svc];
    const { status = 200, body } =
      typeof answer === 'function'
        ? answer(url)
        : (answer ?? { status: 404, body: { error: 'Not found' } });
    return Promise.resolve(
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const signedInUser = {
  userId: 'u1',
  email: 'owner@example.com',
  firstName: 'Olive',
  lastName: 'Owner',
  tier: 'STANDARD',
} as const;

export const publicConfig: PublicConfig = {
  brand: 'Powerdeck',
  bannerMessage: null,
  classicUiUrl: null,
  supportEmail: 'support@example.com',
  supportPhone: null,
  trackingId: null,
  demo: true,
};

export function createTestQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/** Where the router of a rendered route is now (read by tests after navigations). */
export interface RouterProbe {
  readonly location: Location;
}

function LocationProbe({ onChange }: { onChange: (location: Location) => void }) {
  const location = useLocation();
  useLayoutEffect(() => onChange(location), [location, onChange]);
  return null;
}

/**
 * Renders the real route table (or given routes) at `path` inside the app's providers, as the
 * console does (RouteTable: error boundary and route matches). The toasts' container comes with
 * the signed-in shell; routes given here (pages without the shell) get one.
 */
export function renderRoute(path: string, routes: RouteObject[] = appRoutes) {
  let current: Location | undefined;
  const router: RouterProbe = {
    get location() {
      if (current === undefined) throw new Error('the router has not rendered yet');
      return current;
    },
  };
  const track = (location: Location) => {
    current = location;
  };
  const utils = render(
    <AppProviders queryClient={createTestQueryClient()} env="test">
      {routes === appRoutes ? null : <ToastHost />}
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe onChange={track} />
        <RouteTable routes={routes} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...utils, router };
}
