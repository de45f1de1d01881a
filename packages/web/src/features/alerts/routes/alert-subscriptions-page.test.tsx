import type { AlertSubscription, AlertSubscriptionsPage } from '@powerdeck/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { publicConfig, renderRoute, signedInUser, stubApi, urlOf } from '../../../test/render';

const sub = (overrides: Partial<AlertSubscription>): AlertSubscription => ({
  type: 0,
  devClass: 'km4315',
  devId: 'D1',
  subscribed: true,
  email: { emailMode: 'off', digestMinutes: 60 },
  devName: 'Lobby PDU',
  siteId: 's1',
  locationName: 'Harbor View Lobby',
  ...overrides,
});

describe('/profile/alerts', () => {
  it('lists every alert the user can subscribe to with its state, and unsubscribes', async () => {
    const page: AlertSubscriptionsPage = {
      records: [
        sub({}),
        sub({
          devId: 'D2',
          devName: 'Rack 2',
          subscribed: false,
          email: { emailMode: 'digest', digestMinutes: 60 },
        }),
      ],
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
    // every cell but the e-mail choice, whose options are its text
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .filter((cell) => within(cell).queryByRole('combobox') === null)
        .map((cell) => cell.textContent);
    expect(rows.map(cells)).toEqual([
      ['Harbor View Lobby', 'Lobby PDU', 'km4315', 'Alerts', 'Subscribed', 'Unsubscribe'],
      ['Harbor View Lobby', 'Rack 2', 'km4315', 'Alerts', 'Unsubscribed', 'Subscribe'],
    ]);
    expect(screen.getByRole('combobox', { name: 'E-mail for Lobby PDU' })).toHaveValue('off');
    expect(screen.getByRole('combobox', { name: 'E-mail for Rack 2' })).toHaveValue('digest:60');
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe from Lobby PDU' }));
    expect(await screen.findByText('Unsubscribed from alert successfully.')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => urlOf(url).includes('svc=unsubscribe'));
    expect(urlOf(call?.[0] ?? '')).toContain('type=0&devClass=km4315&devId=D1');
  });

  it('chooses e-mail for a subscription: immediately', async () => {
    let email: AlertSubscription['email'] = { emailMode: 'off', digestMinutes: 60 };
    const fetchMock = stubApi({
      public: { body: publicConfig },
      session: { body: { user: signedInUser } },
      enumerate: { body: { records: [], unread: 0 } },
      listSubscriptions: () => ({
        body: { records: [sub({ email })], totalRecords: 1, pageNo: 1, recordsPerPage: 50 },
      }),
      setAlertEmail: () => {
        email = { emailMode: 'immediate', digestMinutes: 60 };
        return { body: { ok: true } };
      },
    });
    renderRoute('/profile/alerts');
    const select = await screen.findByRole(
      'combobox',
      { name: 'E-mail for Lobby PDU' },
      { timeout: 15_000 },
    );
    await userEvent.selectOptions(select, 'immediate');
    expect(await screen.findByText('E-mail choice saved.')).toBeInTheDocument();
    await waitFor(() => expect(select).toHaveValue('immediate'));
    const call = fetchMock.mock.calls.find(([url]) => urlOf(url).includes('svc=setAlertEmail'));
    expect(call?.[1]?.body).toBe(
      'type=0&devClass=km4315&devId=D1&emailMode=immediate&digestMinutes=60',
    );
  });
});
