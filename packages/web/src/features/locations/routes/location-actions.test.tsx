import type { Location } from '@powerdeck/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildLocation, renderLocationsList, sitesPage } from '../../../test/locations';
import { urlOf, type FakeResponse } from '../../../test/render';

/** The first render loads the lazy route chunk, slow when the machine is busy. */
const FIRST_RENDER = { timeout: 15_000 };

function render(
  location: Location,
  extra: Record<string, FakeResponse | ((url: URL) => FakeResponse)> = {},
  counts: FakeResponse = { body: { total: 2, active: 1, inActive: 1 } },
) {
  return renderLocationsList({ sites: { body: sitesPage([location]) }, counts, extra });
}

describe('location actions', () => {
  it('watches a location and says so', async () => {
    let watched = false;
    const { calls } = render(buildLocation(), {
      addSite: () => {
        watched = true;
        return { body: { siteId: '1', watched: true } };
      },
      getSitesData: () => ({ body: sitesPage([buildLocation({ watched })]) }),
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Add to Watchlist' }, FIRST_RENDER),
    );
    expect(await screen.findByText('Location added to Watchlist')).toBeInTheDocument();
    expect(calls('addSite')[0]).toContain('/data-svc/watchManagement/');
    expect(
      await screen.findByRole('button', { name: 'Remove from Watchlist' }, FIRST_RENDER),
    ).toBeInTheDocument();
  });

  it('says the watch failed word for word', async () => {
    render(buildLocation({ watched: true }), { deleteSite: { status: 500, body: { error: 'x' } } });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove from Watchlist' }, FIRST_RENDER),
    );
    expect(await screen.findByText('Location cant be removed from Watchlist')).toBeInTheDocument();
  });

  it("while a toggle runs the control is disabled and a click says 'Please try after few seconds.'", async () => {
    let release: (r: Response) => void = () => undefined;
    const { fetchMock } = render(buildLocation());
    const original = fetchMock.getMockImplementation();
    fetchMock.mockImplementation((input: RequestInfo | URL, init?: RequestInit) =>
      urlOf(input).includes('svc=muteSite')
        ? new Promise<Response>((resolve) => {
            release = resolve;
          })
        : (original?.(input, init) ?? Promise.reject(new Error('no stub'))),
    );
    const bell = await screen.findByRole('button', { name: 'Mute Notifications' }, FIRST_RENDER);
    await userEvent.click(bell);
    await waitFor(() => expect(bell).toHaveAttribute('aria-disabled', 'true'));
    await userEvent.click(bell);
    expect(await screen.findByText('Please try after few seconds.')).toBeInTheDocument();
    const muteCalls = fetchMock.mock.calls.filter(([i]) => urlOf(i).includes('svc=muteSite'));
    expect(muteCalls).toHaveLength(1);
    await act(async () => {
      release(new Response(JSON.stringify({ siteId: '1', muted: true }), { status: 200 }));
      await Promise.resolve();
    });
    expect(await screen.findByText('Notifications muted successfully')).toBeInTheDocument();
  });

  it('ignores the mute click for CLIENT and INSTALLER', async () => {
    for (const permLvl of ['CLIENT', 'INSTALLER'] as const) {
      const { calls } = render(buildLocation({ permLvl, siteId: permLvl }));
      const bell = await screen.findByRole('button', { name: 'Mute Notifications' }, FIRST_RENDER);
      expect(bell).toHaveAttribute('aria-disabled', 'true');
      await userEvent.click(bell);
      expect(calls('muteSite')).toHaveLength(0);
      document.body.innerHTML = '';
    }
  });

  it('shows the primary contact, or that none is assigned', async () => {
    render(buildLocation(), {});
    await userEvent.click(
      await screen.findByRole('button', { name: 'Primary contact' }, FIRST_RENDER),
    );
    expect(await screen.findByText('Primary contact not assigned')).toBeInTheDocument();
  });

  it('loads the contact into the popover', async () => {
    render(buildLocation({ primeContact: 'k1' }), {
      getContactByContactId: {
        body: {
          id: 'k1',
          clientId: 'c1',
          firstName: 'Maya',
          lastName: 'Lind',
          phone: '415',
          email: 'maya@x.test',
        },
      },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Primary contact' }, FIRST_RENDER),
    );
    expect(await screen.findByText('Maya Lind')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'maya@x.test' })).toHaveAttribute(
      'href',
      'mailto:maya@x.test',
    );
  });

  it('switches to the table view with the spec columns', async () => {
    render(buildLocation({ otltLock: true, client: null }));
    await screen.findByRole('link', { name: 'Main Office' }, FIRST_RENDER);
    await userEvent.click(screen.getByLabelText('List view'));
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent || h.getAttribute('aria-label'));
    expect(headers).toEqual([
      'Status',
      'Location Name',
      'Lock',
      'Client Name',
      'Total Devices',
      'Active',
      'Inactive',
      'Actions',
    ]);
    expect(within(table).getByText('N/A')).toBeInTheDocument();
    expect(within(table).getByRole('img', { name: 'Outlets locked' })).toBeInTheDocument();
    window.localStorage.clear();
  });
});
