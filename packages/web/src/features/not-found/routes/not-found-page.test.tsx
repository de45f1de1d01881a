import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, publicConfig, stubApi } from '../../../test/render';
import { NotFoundPage } from './not-found-page';

afterEach(() => {
  vi.useRealTimers();
});

describe('NotFoundPage', () => {
  it('says the page is missing and goes to /login after one second', () => {
    vi.useFakeTimers();
    stubApi({ public: { body: publicConfig } });
    const { router } = renderRoute('/no/such/page', [
      { path: '/login', element: <p>login page</p> },
      { path: '*', element: <NotFoundPage /> },
    ]);

    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('Automatically redirecting you to home page.')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(router.location.pathname).toBe('/no/such/page');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(router.location.pathname).toBe('/login');
  });
});
