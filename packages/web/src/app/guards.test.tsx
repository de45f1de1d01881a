import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { publicConfig, renderRoute, signedInUser, stubApi } from '../test/render';

const emptySites = { records: [], totalRecords: 0, pageNo: 1, recordsPerPage: 12 };

describe('route guards', () => {
  it('sends a visitor to /login and returns there after signing in', async () => {
    let user: typeof signedInUser | null = null;
    stubApi({
      public: { body: publicConfig },
      session: () => ({ body: { user } }),
      login: () => {
        user = signedInUser;
        return { body: { user } };
      },
    });
    const { router } = renderRoute('/clients/7/settings');

    await screen.findByRole('button', { name: 'Sign in' });
    expect(router.location.pathname).toBe('/login');
    expect(router.location.state).toEqual({ from: '/clients/7/settings' });

    await userEvent.type(screen.getByLabelText(/Email/), 'owner@example.com');
    await userEvent.type(screen.getByLabelText(/Password/), 'powerdeck-demo');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    // Back at the remembered origin, whatever that page then shows.
    await waitFor(() => expect(router.location.pathname).toBe('/clients/7/settings'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull());
  });

  it('sends a signed-in user from a public page to the locations list', async () => {
    stubApi({
      public: { body: publicConfig },
      session: { body: { user: signedInUser } },
      getSitesData: { body: emptySites },
    });
    const { router } = renderRoute('/signup');
    await screen.findByRole('heading', { name: 'All Locations' });
    expect(router.location.pathname).toBe('/locations/list');
  });

  it('sends a phone to /mobile from a signed-in route', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
    );
    stubApi({ public: { body: publicConfig }, session: { body: { user: signedInUser } } });
    const { router } = renderRoute('/locations/list');
    await screen.findByText(/classic mobile site is deprecated and was discontinued Feb 1, 2021/);
    expect(router.location.pathname).toBe('/mobile');
  });

  it('redirects / to /login', async () => {
    stubApi({ public: { body: publicConfig }, session: { body: { user: null } } });
    const { router } = renderRoute('/');
    await waitFor(() => expect(router.location.pathname).toBe('/login'));
  });
});

describe('device paths', () => {
  function signedIn() {
    stubApi({ public: { body: publicConfig }, session: { body: { user: signedInUser } } });
  }

  it('sends the search/alert device path to the canonical controls route', async () => {
    signedIn();
    const { router } = renderRoute('/locations/9/devices/m4315/0A1B2C3D4E5F');
    await screen.findByRole('tab', { name: 'Device Controls', selected: true });
    expect(router.location.pathname).toBe('/locations/9/devices/0A1B2C3D4E5F/m4315/controls');
  });

  it('sends the post-join path to the canonical controls route', async () => {
    signedIn();
    const { router } = renderRoute('/locations/9/devices/cv2/ABCDEF/controls');
    await screen.findByRole('tab', { name: 'Device Controls', selected: true });
    expect(router.location.pathname).toBe('/locations/9/devices/ABCDEF/cv2/controls');
  });

  it('opens a device admin sub-page in place', async () => {
    signedIn();
    const { router } = renderRoute('/locations/9/devices/ABCDEF/cv2/admin/firmware');
    await screen.findByRole('heading', { name: 'Manage Firmware' });
    expect(router.location.pathname).toBe('/locations/9/devices/ABCDEF/cv2/admin/firmware');
  });

  it('sends a location to its devices tab', async () => {
    signedIn();
    const { router } = renderRoute('/locations/9');
    await screen.findByRole('tab', { name: 'All Devices', selected: true });
    await waitFor(() => expect(router.location.pathname).toBe('/locations/9/devices'));
  });
});
