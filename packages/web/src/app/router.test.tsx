import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import { Link, MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, renderRoute } from '../test/render';
import { AppProviders } from './providers';
import { RouteTable } from './router';

function routesFailingWith(message: string) {
  const FailingPage = lazy(() => Promise.reject(new TypeError(message)));
  return [
    {
      path: '/page',
      element: (
        <Suspense fallback={null}>
          <FailingPage />
        </Suspense>
      ),
    },
    { path: '/other', element: <h1>Other page</h1> },
  ];
}

describe('RouteTable: a page that fails shows RouteError', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says the console was updated when a page chunk of the old build is gone, and reloads', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    renderRoute(
      '/page',
      routesFailingWith(
        'Failed to fetch dynamically imported module: http://localhost/assets/page-1a2b.js',
      ),
    );

    expect(
      await screen.findByRole('heading', { name: 'The console has been updated' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('says something went wrong for any other failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoute('/page', routesFailingWith('x is not a function'));

    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }),
    ).toBeInTheDocument();
  });

  it('clears once the user goes to another page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <AppProviders queryClient={createTestQueryClient()} env="test">
        <MemoryRouter initialEntries={['/page']}>
          <Link to="/other">Go elsewhere</Link>
          <RouteTable routes={routesFailingWith('x is not a function')} />
        </MemoryRouter>
      </AppProviders>,
    );
    await screen.findByRole('heading', { name: 'Something went wrong' });

    await userEvent.click(screen.getByRole('link', { name: 'Go elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Other page' })).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });
});
