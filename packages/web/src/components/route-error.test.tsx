import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../test/render';
import { RouteError } from './route-error';

function routesFailingWith(message: string) {
  return [
    {
      path: '/',
      errorElement: <RouteError />,
      hydrateFallbackElement: null,
      children: [
        {
          path: 'page',
          lazy: () => Promise.reject(new TypeError(message)),
        },
      ],
    },
  ];
}

describe('RouteError', () => {
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
});
