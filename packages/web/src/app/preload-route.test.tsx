import { Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { PreloadablePage } from './lazy-pages';
import { preloadRoute } from './preload-route';

function fakePage(): PreloadablePage & { preload: ReturnType<typeof vi.fn> } {
  return Object.assign(() => null, { preload: vi.fn(() => Promise.resolve({})) });
}

describe('preloadRoute', () => {
  it("asks for the chunks of every lazy page on the path's way, and of no other", async () => {
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

    await preloadRoute(routes, '/locations/list');

    expect(Shell.preload).toHaveBeenCalledTimes(1);
    expect(List.preload).toHaveBeenCalledTimes(1);
    expect(Panel.preload).not.toHaveBeenCalled();
    expect(Login.preload).not.toHaveBeenCalled();
  });

  it('asks for nothing on a path no route matches', async () => {
    const Page = fakePage();
    await preloadRoute([{ path: '/a', element: <Page /> }], '/b');
    expect(Page.preload).not.toHaveBeenCalled();
  });

  it('resolves once every chunk on the way has arrived or failed', async () => {
    let arrive = () => {};
    const Shell = Object.assign(() => null, {
      preload: () => new Promise<void>((resolve) => (arrive = resolve)),
    });
    const Broken = Object.assign(() => null, {
      preload: () => Promise.reject(new Error('chunk failed')),
    });
    let settled = false;
    const preloading = preloadRoute(
      [{ element: <Shell />, children: [{ path: '/x', element: <Broken /> }] }],
      '/x',
    ).then(() => (settled = true));

    await Promise.resolve();
    await Promise.resolve();
    expect(settled).toBe(false);
    arrive();
    await preloading;
    expect(settled).toBe(true);
  });
});
