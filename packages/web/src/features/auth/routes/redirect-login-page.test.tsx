import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, publicConfig, stubApi } from '../../../test/render';
import { RedirectLoginPage } from './redirect-login-page';

afterEach(() => {
  vi.useRealTimers();
});

function renderPage() {
  stubApi({ public: { body: publicConfig } });
  const { router } = renderRoute('/redirectLogin', [
    { path: '/login', element: <p>login page</p> },
    { path: '/redirectLogin', element: <RedirectLoginPage /> },
  ]);
  return router;
}

describe('RedirectLoginPage', () => {
  it('says the credentials changed and returns to /login after 3.5 seconds', () => {
    vi.useFakeTimers();
    const router = renderPage();
    expect(screen.getByText('Your login credentials have been changed.')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(3499);
    });
    expect(router.location.pathname).toBe('/redirectLogin');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(router.location.pathname).toBe('/login');
  });

  it('offers a link to go to /login at once', () => {
    renderPage();
    expect(screen.getByRole('link', { name: 'Go to login now' })).toHaveAttribute('href', '/login');
  });
});
