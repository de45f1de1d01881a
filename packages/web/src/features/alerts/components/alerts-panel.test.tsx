import type { AlertRecord } from '@powerdeck/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type FakeResponse,
  publicConfig,
  renderRoute,
  signedInUser,
  stubApi,
  urlOf,
} from '../../../test/render';
import { FakeEventSource } from '../../../test/fake-event-source';

const alert = (overrides: Partial<AlertRecord>): AlertRecord => ({
  id: 1,
  read: false,
  isSubscribed: true,
  msg: 'Lobby PDU is offline.',
  time: Date.UTC(2024, 2, 5, 14, 7, 9),
  type: 0,
  siteId: 's1',
  locationId: 's1',
  devClass: 'km4315',
  devId: 'KID1',
  parentDevClass: 'cv2',
  parentDevId: 'CARD1',
  ...overrides,
});

function renderShell(records: AlertRecord[], answers: Record<string, FakeResponse> = {}) {
  const fetchMock = stubApi({
    public: { body: publicConfig },
    session: { body: { user: signedInUser } },
    getSitesData: { body: { records: [], totalRecords: 0, pageNo: 1, recordsPerPage: 12 } },
    enumerate: { body: { records, unread: records.filter((r) => !r.read && r.type === 0).length } },
    ...answers,
  });
  const calls = (svc: string) =>
    fetchMock.mock.calls.filter(([input]) => urlOf(input).includes(`svc=${svc}`)).length;
  return { fetchMock, calls, ...renderRoute('/helpAndSupport') };
}

afterEach(() => vi.useRealTimers());

describe('alerts panel', () => {
  it('shows the unread badge, alerts only, and opens the parent device of a child class', async () => {
    const { router } = renderShell([
      alert({}),
      alert({ id: 2, type: 3, msg: 'Outlet 1 turned on.' }),
    ]);
    const bell = await screen.findByRole('button', { name: 'Alerts, 1 unread' });
    await userEvent.click(bell);
    expect(await screen.findByText('Lobby PDU is offline.')).toBeInTheDocument();
    expect(screen.getByText('Mar/05/2024', { exact: false })).toBeInTheDocument();
    expect(screen.queryByText('Outlet 1 turned on.')).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Notifications' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByText('Lobby PDU is offline.'));
    // the alert's device path of the parent card, which the console replaces with its canonical
    // controls path as soon as that route has loaded
    await waitFor(
      () =>
        expect([
          '/locations/s1/devices/cv2/CARD1',
          '/locations/s1/devices/CARD1/cv2/controls',
        ]).toContain(router.location.pathname),
      { timeout: 5000 },
    );
  });

  it('opens the location of a location’s own alert (its energy budget)', async () => {
    const { router } = renderShell([
      alert({
        msg: 'Lobby is forecast to use $44.00 this month, 110% of its $40.00 budget.',
        devClass: null,
        devId: null,
        parentDevClass: null,
        parentDevId: null,
      }),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Alerts, 1 unread' }));
    await userEvent.click(await screen.findByText(/Lobby is forecast to use/));
    await waitFor(() => expect(router.location.pathname).toBe('/locations/s1/devices'), {
      timeout: 5000,
    });
  });

  it("says 'No alerts.' and disables 'Mark all as read' when none are unread", async () => {
    renderShell([]);
    await userEvent.click(await screen.findByRole('button', { name: 'Alerts' }));
    expect(await screen.findByText('No alerts.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('disables Mark as Read once read and Unsubscribe once unsubscribed', async () => {
    renderShell([alert({ read: true, isSubscribed: false })]);
    await userEvent.click(await screen.findByRole('button', { name: 'Alerts' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Alert options' }));
    expect(await screen.findByRole('menuitem', { name: 'Mark as Read' })).toBeDisabled();
    expect(screen.getByRole('menuitem', { name: 'Unsubscribe' })).toBeDisabled();
  });

  it('shows the spec messages for a failed unsubscribe and a failed mark-read', async () => {
    renderShell([alert({})], {
      unsubscribe: { status: 400, body: { error: 'x' } },
      read: { status: 500, body: { error: 'x' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Alerts, 1 unread' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Alert options' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Unsubscribe' }));
    expect(
      await screen.findByText(
        'There was an error unsubscribing alert or you have already unsubscribed.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Alert options' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Mark as Read' }));
    expect(await screen.findByText('Error marking notification as read.')).toBeInTheDocument();
  });

  it('polls every 60 s while the shell is mounted, restarts after unsubscribing, stops on unmount', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls, unmount } = renderShell([alert({})], { unsubscribe: { body: { ok: true } } });
    await screen.findByRole('button', { name: 'Alerts, 1 unread' });
    const first = calls('enumerate');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(calls('enumerate')).toBe(first + 1);

    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await user.click(screen.getByRole('button', { name: 'Alerts, 1 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Alert options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Unsubscribe' }));
    expect(await screen.findByText('Unsubscribed from alert successfully.')).toBeInTheDocument();
    const afterRestart = calls('enumerate');
    expect(afterRestart).toBe(first + 2);
    // the count starts again: nothing at the old 60 s mark, one 60 s after the restart
    await act(() => vi.advanceTimersByTimeAsync(40_000));
    expect(calls('enumerate')).toBe(afterRestart);
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(calls('enumerate')).toBe(afterRestart + 1);

    unmount();
    await act(() => vi.advanceTimersByTimeAsync(180_000));
    expect(calls('enumerate')).toBe(afterRestart + 1);
  });

  it('shows an alert pushed on the live stream at once: badge and list, no reload', async () => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    const { calls, unmount } = renderShell([alert({ read: true })]);
    await screen.findByRole('button', { name: 'Alerts' });
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const stream = FakeEventSource.opened[0];
    expect(stream?.url).toBe('/data-svc/eventPuller/alertsPusher.php');
    expect(stream?.init).toEqual({ withCredentials: true });
    const fetched = calls('enumerate');
    act(() => stream?.open());
    // alerts raised before the stream opened are fetched once
    await waitFor(() => expect(calls('enumerate')).toBe(fetched + 1));

    act(() =>
      stream?.message(
        { alert: alert({ id: 7, msg: 'Rack 2: outlet 1 turned off.' }), unread: 1 },
        7,
      ),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Alerts, 1 unread' }));
    expect(await screen.findByText('Rack 2: outlet 1 turned off.')).toBeInTheDocument();
    expect(screen.getByText('Lobby PDU is offline.')).toBeInTheDocument();
    expect(calls('enumerate')).toBe(fetched + 1);

    // a malformed frame changes nothing; a second alert counts up
    act(() => stream?.message({ nope: true }, 8));
    act(() =>
      stream?.message({ alert: alert({ id: 9, msg: 'Rack 2 is offline.' }), unread: 2 }, 9),
    );
    expect(await screen.findByRole('button', { name: 'Alerts, 2 unread' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Alerts' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('Rack 2 is offline.'),
      expect.stringContaining('Rack 2: outlet 1 turned off.'),
      expect.stringContaining('Lobby PDU is offline.'),
    ]);

    unmount();
    expect(stream?.closed).toBe(true);
  });
});
