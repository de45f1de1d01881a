import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { publicConfig, renderRoute, signedInUser, stubApi } from '../../test/render';

function renderShell(config: Partial<typeof publicConfig> = {}) {
  stubApi({
    public: { body: { ...publicConfig, ...config } },
    session: { body: { user: signedInUser } },
  });
  return renderRoute('/watchlist');
}

describe('ShellLayout', () => {
  it('has the sidebar links of the spec with their exact labels', async () => {
    renderShell();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['All Locations', '/locations'],
      ['Watchlist', '/watchlist'],
      ['All Clients', '/clients'],
      ['Administration', '/admin'],
      ['Profile', '/profile'],
      ['Help & Support', '/helpAndSupport'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Watchlist' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('hides the system-status item and shows the Recent hints', async () => {
    renderShell();
    await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.queryByRole('link', { name: /System Status/ })).not.toBeInTheDocument();
    expect(screen.getByText('Recent')).toBeInTheDocument();
  });

  it('has a labelled search box with a search button and the alert bell', async () => {
    renderShell();
    expect(await screen.findByRole('searchbox', { name: 'Search' })).toHaveAttribute(
      'placeholder',
      'Search',
    );
    expect(screen.getByRole('button', { name: 'Search' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Alerts' })).toBeInTheDocument();
  });

  it('shows the system banner when the message is non-empty', async () => {
    renderShell({ bannerMessage: 'Maintenance tonight at 22:00' });
    expect(await screen.findByText('Maintenance tonight at 22:00')).toBeInTheDocument();
  });

  it('shows no banner for an empty or blank message', async () => {
    renderShell({ bannerMessage: '   ' });
    await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.queryByRole('status', { name: 'System message' })).not.toBeInTheDocument();
  });

  it('offers the classic interface only when configured', async () => {
    renderShell({ classicUiUrl: 'https://classic.example/' });
    expect(
      await screen.findByRole('button', { name: 'Switch to classic interface' }),
    ).toBeInTheDocument();
  });

  it('has no classic-interface link without configuration', async () => {
    renderShell();
    await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.queryByRole('button', { name: /classic interface/ })).not.toBeInTheDocument();
  });

  it('shows breadcrumbs whose every crumb but the last navigates', async () => {
    stubApi({ public: { body: publicConfig }, session: { body: { user: signedInUser } } });
    renderRoute('/locations/9/devices/ABCDEF/cv2/admin/status');
    const bar = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    await within(bar).findByText('View Status');
    expect(
      within(bar)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/locations/list',
      '/locations/9',
      '/locations/9/devices/ABCDEF/cv2/controls',
      '/locations/9/devices/ABCDEF/cv2/admin',
    ]);
    expect(within(bar).getByText('View Status')).toHaveAttribute('aria-current', 'page');
  });
});
