import type { AlertSubscription, AlertSubscriptionsPage } from '@powerdeck/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { publicConfig, renderRoute, signedInUser, stubApi, urlOf } from '../../../test/render';

const sub = (overrides: Partial<AlertSubscription>): AlertSubscription => ({
  type: 0,
  devClass: 'km4315',
  devId: 'D1',
  subscribed: true,
  devName: 'Lobby PDU',
  siteId: 's1',
  locationName: 'Harbor View Lobby',
  ...overrides,
});

describe('/profile/alerts', () => {
  it('lists every alert the user can subscribe to with its state, and unsubscribes', async () => {
    const page: AlertSubscriptionsPage = {
      records: [sub({}), sub({ devId: 'D2', devName: 'Rack 2', subscribed: false })],
      totalRecords: 2,
      pageNo: 1,
      recordsPerPage: 50,
    };
    const fetchMock = stubApi({
      public: { body: publicConfig },
      session: { body: { user: signedInUser } },
      enumerate: { body: { records: [], unread: 0 } },
      listSubscriptions: { body: page },
      unsubscribe: { body: { ok: true } },
    });
    renderRoute('/profile/alerts');
    const table = await screen.findByRole(
      'table',
      { name: 'Alert subscriptions' },
      { timeout: 15_000 },
    );
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Harbor View LobbyLobby PDUkm4315AlertsSubscribedUnsubscribe',
      'Harbor View LobbyRack 2km4315AlertsUnsubscribedSubscribe',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe from Lobby PDU' }));
    expect(await screen.findByText('Unsubscribed from alert successfully.')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => urlOf(url).includes('svc=unsubscribe'));
    expect(urlOf(call?.[0] ?? '')).toContain('type=0&devClass=km4315&devId=D1');
  });
});
