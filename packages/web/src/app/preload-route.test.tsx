import { Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { PreloadablePage } from './lazy-pages';
import { preloadRoute } from './preload-route';

function fakePage(): PreloadablePage {
  const page = () => null;
  return Object.assign(page, {
    preload: vi.fn(() => Promise.resolve({})),
  }) as unknown as PreloadablePage;
}

describe('preloadRoute', () => {
  it("asks for the chunks of every lazy page on the path's way, and of no other", () => {
    const Shell = fakePage();
    const List = fakePage();
    const Panel = fakePage();
    const Login = fakePage();
    const routes: RouteObject[] = [
      { path: '/login', element: <Login /> },
      {
        element: (
          <Suspense>
            <Shell />
          </Suspense>
        ),
        children: [
          { path: '/locations/list', element: <List /> },
          { path: '/locations/:id/devices/:a/:b', element: <Panel /> },
        ],
      },
    ];

    preloadRoute(routes, '/locations/list');

    expect(Shell.preload).toHaveBeenCalledTimes(1);
    expect(List.preload).toHaveBeenCalledTimes(1);
    expect(Panel.preload).not.toHaveBeenCalled();
    expect(Login.preload).not.toHaveBeenCalled();
  });

  it('asks for nothing on a path no route matches', () => {
    const Page = fakePage();
    preloadRoute([{ path: '/a', element: <Page /> }], '/b');
    expect(Page.preload).not.toHaveBeenCalled();
  });
});
