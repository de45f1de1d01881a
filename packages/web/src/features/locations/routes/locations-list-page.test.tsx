import type { Location } from '@powerdeck/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildLocation, renderLocationsList, sitesPage } from '../../../test/locations';
import { urlOf, type FakeResponse } from '../../../test/render';
import { nextSitesPage } from '../api/get-sites-data';

/** The first render loads the lazy route chunk, slow when the machine is busy. */
const FIRST_RENDER = { timeout: 15_000 };

function renderList(
  sites: FakeResponse | ((url: URL) => FakeResponse),
  counts: FakeResponse,
  levels: Location['permLvl'][] = ['owner'],
) {
  return renderLocationsList({ sites, counts, levels });
}

describe('LocationsListPage', () => {
  it('shows a card per location with client, lock and device counts', async () => {
    renderList(
      {
        body: sitesPage([
          buildLocation({ otltLock: true }),
          buildLocation({ siteId: '2', name: 'Depot', client: null }),
        ]),
      },
      { body: { total: 4, active: 3, inActive: 1 } },
    );
    const office = (await screen.findByRole('link', { name: 'Main Office' }, FIRST_RENDER)).closest(
      'article',
    );
    expect(office).not.toBeNull();
    const card = within(office as HTMLElement);
    expect(card.getByText('Client: Acme')).toBeInTheDocument();
    expect(card.getByRole('img', { name: 'Outlets locked' })).toBeInTheDocument();
    expect(await card.findByText('Connected')).toBeInTheDocument();
    expect(card.getByText('4')).toBeInTheDocument();
    expect(card.getByText('3')).toBeInTheDocument();
    expect(screen.getByText('Client: N/A')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Main Office' })).toHaveAttribute(
      'href',
      '/locations/1',
    );
  });

  it('shows N/A when the count call fails', async () => {
    renderList({ body: sitesPage([buildLocation()]) }, { status: 403, body: { error: 'no' } });
    expect(await screen.findByText('Network Unknown')).toBeInTheDocument();
    expect(screen.getAllByText('N/A')).toHaveLength(3);
  });

  it('shows a red badge when no device is active', async () => {
    renderList(
      { body: sitesPage([buildLocation()]) },
      { body: { total: 2, active: 0, inActive: 2 } },
    );
    expect(await screen.findByText('Disconnected')).toBeInTheDocument();
  });

  const levelsRequested = (fetchMock: ReturnType<typeof renderList>['fetchMock']) =>
    waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([input]) => urlOf(input).includes('svc=getUserSitesData')),
      ).toBe(true),
    );

  it('shows the empty state with an Add Location link that opens the wizard', async () => {
    const { fetchMock } = renderList(
      { body: sitesPage([]) },
      { body: { total: 0, active: 0, inActive: 0 } },
    );
    expect(await screen.findByText('Your locations list is currently empty.')).toBeInTheDocument();
    await levelsRequested(fetchMock);
    const add = screen.getByRole('button', { name: 'Add Location' });
    expect(add).not.toHaveAttribute('aria-disabled');
    await userEvent.click(add);
    expect(await screen.findByRole('dialog', { name: 'Add a New Location' })).toBeInTheDocument();
  });

  it("the empty state's action does nothing for a user who is CLIENT at every location", async () => {
    const { fetchMock } = renderList(
      { body: sitesPage([]) },
      { body: { total: 0, active: 0, inActive: 0 } },
      ['CLIENT', 'CLIENT'],
    );
    expect(await screen.findByText('Your locations list is currently empty.')).toBeInTheDocument();
    await levelsRequested(fetchMock);
    const add = screen.getByRole('button', { name: 'Add Location' });
    await waitFor(() => expect(add).toHaveAttribute('aria-disabled', 'true'));
    await userEvent.click(add);
    expect(screen.queryByRole('dialog', { name: 'Add a New Location' })).not.toBeInTheDocument();
  });

  it('shows the load error and retries', async () => {
    let fail = true;
    renderList(
      () =>
        fail ? { status: 400, body: { error: 'bad' } } : { body: sitesPage([buildLocation()]) },
      { body: { total: 1, active: 1, inActive: 0 } },
    );
    expect(await screen.findByText('Error while loading device information.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(
      await screen.findByRole('link', { name: 'Main Office' }, FIRST_RENDER),
    ).toBeInTheDocument();
  });

  it('loads the next page near the bottom and stops after the last', async () => {
    const site = (i: number) => buildLocation({ siteId: `s${i}`, name: `Site ${i}` });
    const { fetchMock } = renderList(
      (url) =>
        url.searchParams.get('pageNo') === '1'
          ? {
              body: sitesPage(
                Array.from({ length: 12 }, (_, i) => site(i)),
                1,
                13,
              ),
            }
          : { body: sitesPage([site(12)], 2, 13) },
      { body: { total: 1, active: 1, inActive: 0 } },
    );
    // jsdom has no layout, so the page always counts as scrolled to the bottom.
    expect(await screen.findByRole('link', { name: 'Site 12' })).toBeInTheDocument();
    const sitesCalls = fetchMock.mock.calls
      .map(([input]) => urlOf(input))
      .filter((u) => u.includes('getSitesData'));
    expect(sitesCalls).toHaveLength(2);
    expect(sitesCalls[0]).toContain('pageNo=1&recordsPerPage=12');
    expect(sitesCalls[1]).toContain('pageNo=2&recordsPerPage=12');
  });
});

describe('nextSitesPage', () => {
  it('asks for the next page until every record is loaded', () => {
    expect(nextSitesPage(sitesPage([buildLocation()], 1, 13))).toBe(2);
    expect(
      nextSitesPage({
        records: [buildLocation()],
        totalRecords: 13,
        pageNo: 2,
        recordsPerPage: 12,
      }),
    ).toBeUndefined();
    expect(nextSitesPage(sitesPage([], 1, 0))).toBeUndefined();
  });
});
