import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildLocationSettings } from '../../../test/locations';
import {
  publicConfig,
  renderRoute,
  signedInUser,
  stubApi,
  type FakeResponse,
} from '../../../test/render';

/** The first render loads the lazy route chunk, slow when the machine is busy. */
const FIRST_RENDER = { timeout: 15_000 };

function open(settings: FakeResponse) {
  stubApi({
    public: { body: publicConfig },
    session: { body: { user: signedInUser } },
    settings,
    getTimezoneList: {
      body: [{ label: '(GMT-08:00) Pacific Time (US & Canada)', offset: '-8.00' }],
    },
    permissions: { body: [] },
    energy: { body: { monthlyBudget: 0, rates: [] } },
    visitSite: { body: { siteId: 's1' } },
  });
  return renderRoute('/locations/s1/settings');
}

describe('Location Settings', () => {
  it('disables Save until changed and valid, with the spec messages', async () => {
    open({ body: buildLocationSettings({}, { siteId: 's1', permLvl: 'owner' }) });
    const save = await screen.findByRole('button', { name: 'Save' }, FIRST_RENDER);
    expect(save).toBeDisabled();
    const name = screen.getByLabelText(/Location name/);
    await userEvent.clear(name);
    expect(await screen.findByText('Please enter location name')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await userEvent.type(name, 'Lobby 2');
    const zip = screen.getByLabelText('Zip code');
    await userEvent.clear(zip);
    await userEvent.type(zip, '#');
    expect(await screen.findByText('Please enter proper zipcode')).toBeInTheDocument();
    await userEvent.clear(zip);
    expect(save).toBeEnabled();
  });

  it('shows the location name in the header and breadcrumb, and hides lock and delete from CLIENT', async () => {
    open({ body: buildLocationSettings({}, { siteId: 's1', permLvl: 'CLIENT' }) });
    expect(
      await screen.findByRole('heading', { name: 'Harbor View Lobby' }, FIRST_RENDER),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Harbor View Lobby' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByText('Delete location')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Location menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Add a Device' })).toBeDisabled();
    expect(screen.queryByRole('menuitem', { name: 'Notes' })).not.toBeInTheDocument();
  });

  it('shows the No Permission dialog when settings fail and returns to /locations', async () => {
    const { router } = open({
      status: 403,
      body: { error: "You don't have permission to access this location." },
    });
    expect(
      await screen.findByText(
        "You don't have permission to access this location.",
        {},
        FIRST_RENDER,
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(router.location.pathname).toMatch(/^\/locations/);
    expect(router.location.pathname).not.toContain('s1');
  });
});
