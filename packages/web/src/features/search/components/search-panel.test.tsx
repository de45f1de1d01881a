import type { SearchResult } from '@powerdeck/domain';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeResponse, renderRoute, stubApi, urlOf } from '../../../test/render';
import { SearchPanel } from './search-panel';

const empty: SearchResult = { locations: [], devices: [], outlets: [], clients: [] };
const results: SearchResult = {
  locations: [{ locationId: 's1', locationName: 'Harbor View Lobby', clientName: 'Harbor' }],
  devices: [
    {
      deviceName: 'Harbor Rack KM4315',
      devClass: 'km4315',
      locationId: 's1',
      devId: '1065A3000002',
      locationName: 'Harbor View Lobby',
      parentDevId: '1065A3000001',
      parentDevClass: 'cv2',
      clientName: 'Harbor',
    },
  ],
  outlets: [],
  clients: [{ clientId: 'c1', clientName: 'Harbor View Properties', clientEmail: 'a@b.c' }],
};

function renderPanel(answer: (url: URL) => FakeResponse) {
  const fetchMock = stubApi({ 'searchManagement:': answer });
  const { router } = renderRoute('/', [
    { path: '/', element: <SearchPanel /> },
    { path: '*', element: <p>navigated</p> },
  ]);
  const calls = () =>
    fetchMock.mock.calls.map(([input]) => {
      const url = new URL(urlOf(input), 'http://localhost');
      return `${url.searchParams.get('req')}:${url.searchParams.get('keyword')}`;
    });
  return { router, calls, input: screen.getByRole('searchbox', { name: 'Search' }) };
}

const type = (input: HTMLElement, value: string) => fireEvent.input(input, { target: { value } });

describe('SearchPanel', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for suggestions only at 3 or more characters, 150 ms after the last keystroke', async () => {
    vi.useFakeTimers();
    const { calls, input } = renderPanel(() => ({ body: results }));
    type(input, 'ha');
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(calls()).toEqual([]);
    type(input, 'har');
    await act(() => vi.advanceTimersByTimeAsync(100));
    type(input, 'harb');
    await act(() => vi.advanceTimersByTimeAsync(149));
    expect(calls()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(calls()).toEqual(['autosuggest:harb']);
    await act(() => vi.advanceTimersByTimeAsync(50));
    const panel = screen.getByRole('region', { name: 'Locations' });
    expect(within(panel).getByText('Harb', { selector: 'mark' })).toBeInTheDocument();
  });

  it('searches on Enter with a single character, and shows No results found.', async () => {
    const { calls, input } = renderPanel(() => ({ body: empty }));
    type(input, 'x');
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(await screen.findByText('No results found.')).toBeInTheDocument();
    expect(calls()).toEqual(['search:x']);
  });

  it('groups results and opens the parent device for a cv2 child; Escape closes', async () => {
    const { router, input } = renderPanel(() => ({ body: results }));
    type(input, 'harbor');
    fireEvent.click(screen.getAllByRole('button', { name: 'Search' })[0] as HTMLElement);
    const devices = await screen.findByRole('region', { name: 'Devices' });
    expect(screen.getByRole('region', { name: 'Clients' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Outlets' })).not.toBeInTheDocument();
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('region', { name: 'Devices' })).not.toBeInTheDocument();
    fireEvent.click(input);
    const link = within(await screen.findByRole('region', { name: 'Devices' })).getByRole('link');
    expect(link).toHaveAttribute('href', '/locations/s1/devices/cv2/1065A3000001');
    expect(devices).toBeTruthy();
    fireEvent.click(link);
    expect(await screen.findByText('navigated')).toBeInTheDocument();
    expect(router.location.pathname).toBe('/locations/s1/devices/cv2/1065A3000001');
  });

  it('moves through the results with the arrow keys', async () => {
    const { input } = renderPanel(() => ({ body: results }));
    type(input, 'harbor');
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    const links = await screen.findAllByRole('link');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(links[0]).toHaveFocus();
    fireEvent.keyDown(links[0] as HTMLElement, { key: 'ArrowDown' });
    expect(links[1]).toHaveFocus();
    fireEvent.keyDown(links[1] as HTMLElement, { key: 'ArrowUp' });
    expect(links[0]).toHaveFocus();
  });

  it('keeps suggestion failures silent but shows a failed search', async () => {
    const { input } = renderPanel((url) =>
      url.searchParams.get('req') === 'search'
        ? { status: 500, body: { error: 'Something went wrong. Please try again.' } }
        : { status: 500, body: { error: 'boom' } },
    );
    type(input, 'harbor');
    await new Promise((r) => setTimeout(r, 400));
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again.',
    );
  });

  it('hides the results when the box is cleared', async () => {
    const { input } = renderPanel(() => ({ body: results }));
    type(input, 'harbor');
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    await screen.findByRole('region', { name: 'Locations' });
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(input).toHaveValue('');
    expect(screen.queryByRole('region', { name: 'Locations' })).not.toBeInTheDocument();
  });
});
