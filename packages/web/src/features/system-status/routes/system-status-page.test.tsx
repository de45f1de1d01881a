import type { SystemStatus, UndeliveredMail } from '@powerdeck/domain';
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
import { REFRESH_MS } from '../api/system-status-api';
import { SystemStatusPage } from './system-status-page';

// jsdom draws no canvas: a stand-in uPlot keeps the data each sparkline was given.
const plots = vi.hoisted(() => [] as { data: unknown[][] }[]);
vi.mock('uplot', () => ({
  default: class {
    private readonly plot;
    constructor(_opts: unknown, data: unknown[][]) {
      this.plot = { data };
      plots.push(this.plot);
    }
    setData(data: unknown[][]) {
      this.plot.data = data;
    }
    destroy() {}
  },
}));

const REFUSED = 'System Status is for SUPPORT users and location owners.';

function buildStatus(uptimeSeconds: number): SystemStatus {
  return {
    at: '2024-05-01T12:00:00.000Z',
    servers: [
      {
        serverId: 'aaaaaaaa-0000-4000-8000-000000000001',
        host: 'console-1',
        version: '0.1.0',
        startedAt: '2024-05-01T11:00:00.000Z',
        lastSeen: '2024-05-01T12:00:00.000Z',
        uptimeSeconds,
        gone: false,
        self: true,
      },
      {
        serverId: 'bbbbbbbb-0000-4000-8000-000000000002',
        host: 'console-2',
        version: '0.0.9',
        startedAt: '2024-05-01T10:00:00.000Z',
        lastSeen: '2024-05-01T11:58:00.000Z',
        uptimeSeconds: 7080,
        gone: true,
        self: false,
      },
    ],
    database: { kind: 'PostgreSQL', up: true, migrationsApplied: true },
    broker: { kind: 'external', up: false },
    devices: { connected: 12, seenLast24h: 15 },
    rates: {
      statusesPerSecond: 4.25,
      commandsPerSecond: 0.5,
      samples: [
        { at: 1_714_564_790_000, statuses: 4, commands: 0 },
        { at: 1_714_564_800_000, statuses: 4.25, commands: 0.5 },
      ],
    },
    commands: { failures: 3, expiries: 1 },
    jobs: {
      waiting: 2,
      queues: [
        {
          queue: 'mail',
          waiting: 2,
          active: 0,
          failed: 1,
          lastRunAt: '2024-05-01T11:59:00.000Z',
          lastState: 'failed',
          lastError: 'connect ECONNREFUSED',
        },
      ],
    },
    mail: { queued: 1, sent: 40, retrying: 1, failed: 2 },
  };
}

/** The page's own call: systemStatus svc=get. */
const isStatusCall = (input: RequestInfo | URL) => {
  const url = new URL(urlOf(input), 'http://localhost');
  return url.pathname.includes('/systemStatus/') && url.searchParams.get('svc') === 'get';
};

/** An owner at one location: the page asks the server. */
const asOwner = {
  session: { body: { user: signedInUser } },
  getUserSitesData: {
    body: { records: [{ siteId: 's1', name: 'Harbor View Lobby', permLvl: 'owner' }] },
  },
};

function open(answer: FakeResponse | ((url: URL) => FakeResponse)) {
  const fetchMock = stubApi({
    public: { body: publicConfig },
    ...asOwner,
    'systemStatus:get': answer,
  });
  renderRoute('/system-status', [{ path: '/system-status', element: <SystemStatusPage /> }]);
  return fetchMock;
}

afterEach(() => {
  plots.length = 0;
  vi.useRealTimers();
});

describe('SystemStatusPage', () => {
  it('shows every server, the health of the database and broker, rates, jobs and mail', async () => {
    open({ body: buildStatus(3_725) });
    const servers = await screen.findByRole('region', { name: 'Servers (1 running)' });
    const rows = within(servers).getAllByTestId('server-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('console-1');
    expect(rows[0]).toHaveTextContent('1 h 2 min');
    expect(rows[0]).toHaveTextContent('Running');
    expect(rows[1]).toHaveTextContent('Gone');

    expect(screen.getByRole('region', { name: 'Database' })).toHaveTextContent('PostgreSQLUp');
    expect(screen.getByRole('region', { name: 'Broker' })).toHaveTextContent('ExternalDown');
    expect(screen.getByRole('region', { name: 'Devices connected' })).toHaveTextContent(
      '1215 in the last 24 hours',
    );
    expect(screen.getByRole('region', { name: 'Status messages per second' })).toHaveTextContent(
      '4.3',
    );
    expect(screen.getByRole('region', { name: 'Command failures' })).toHaveTextContent(
      '31 expired',
    );
    expect(screen.getByRole('region', { name: 'Mail delivery failures' })).toHaveTextContent(
      '22 waiting, 40 sent',
    );
    const jobs = screen.getByRole('region', { name: 'Background jobs (2 waiting)' });
    expect(jobs).toHaveTextContent('mail');
    expect(jobs).toHaveTextContent('connect ECONNREFUSED');
    expect(
      screen.getByRole('img', { name: 'Status messages per second over the last 15 minutes' }),
    ).toBeInTheDocument();
    // the sparklines draw the rates of the samples (created in an effect, after the paint)
    await waitFor(() =>
      expect(plots.map((p) => p.data[1])).toEqual([
        [4, 4.25],
        [0, 0.5],
      ]),
    );
  });

  it('asks again every 5 seconds and shows the new figures', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let uptime = 59;
    const fetchMock = open(() => ({ body: buildStatus(uptime) }));
    const uptimeCell = () => screen.getAllByTestId('server-uptime')[0];
    expect(await screen.findByText('59 s')).toBeInTheDocument();
    uptime = 64;
    await act(() => vi.advanceTimersByTimeAsync(REFRESH_MS));
    expect(await screen.findByText('1 min 4 s')).toBe(uptimeCell());
    const calls = fetchMock.mock.calls.filter(([input]) => isStatusCall(input));
    expect(calls).toHaveLength(2);
  });

  it("shows the server's refusal as the no-permission state and stops asking (403)", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = open({ status: 403, body: { error: REFUSED } });
    expect(await screen.findByText(REFUSED)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3 * REFRESH_MS));
    const calls = fetchMock.mock.calls.filter(([input]) => isStatusCall(input));
    expect(calls).toHaveLength(1);
  });

  it('a user who owns no location is refused without asking the server', async () => {
    const fetchMock = stubApi({
      public: { body: publicConfig },
      session: { body: { user: signedInUser } },
      getUserSitesData: {
        body: { records: [{ siteId: 's1', name: 'Harbor View Lobby', permLvl: 'ADMIN' }] },
      },
    });
    renderRoute('/system-status', [{ path: '/system-status', element: <SystemStatusPage /> }]);
    expect(await screen.findByText(REFUSED)).toBeInTheDocument();
    const asked = fetchMock.mock.calls.filter(([input]) => urlOf(input).includes('systemStatus'));
    expect(asked).toHaveLength(0);
  });

  it('shows an error with Try Again when the server fails', async () => {
    open({ status: 500, body: { error: 'Something went wrong. Please try again.' } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong. Please try again.');
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  describe('undelivered mail', () => {
    const undelivered: UndeliveredMail = {
      messages: [
        {
          id: '7',
          to: 'olive@example.com',
          subject: 'Reset your password',
          state: 'failed',
          attempts: 9,
          lastError: '550 mailbox unavailable',
          queuedAt: '2024-05-01T09:00:00.000Z',
        },
        {
          id: '8',
          to: 'sam@example.com',
          subject: 'Verify your e-mail',
          state: 'retrying',
          attempts: 2,
          lastError: 'connect ECONNREFUSED',
          queuedAt: '2024-05-01T11:00:00.000Z',
        },
      ],
    };
    const openAs = (tier: 'SUPPORT' | 'STANDARD') =>
      stubApi({
        public: { body: publicConfig },
        ...asOwner,
        session: { body: { user: { ...signedInUser, tier } } },
        'systemStatus:get': { body: buildStatus(60) },
        'systemStatus:undeliveredMail': { body: undelivered },
        'systemStatus:resendMail': { body: { ok: true } },
      });
    const show = () =>
      renderRoute('/system-status', [{ path: '/system-status', element: <SystemStatusPage /> }]);

    it('SUPPORT sees each message not sent, why, and sends a failed one again', async () => {
      const fetchMock = openAs('SUPPORT');
      show();
      const section = await screen.findByRole('region', {
        name: 'Undelivered mail (1 retrying, 2 failed)',
      });
      const rows = await within(section).findAllByTestId('undelivered-mail-row');
      expect(rows[0]).toHaveTextContent('olive@example.com');
      expect(rows[0]).toHaveTextContent('Failed (9 failed attempts)');
      expect(rows[0]).toHaveTextContent('550 mailbox unavailable');
      expect(rows[1]).toHaveTextContent('Retrying (2 failed attempts)');
      // only a failed message can be sent again
      expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();
      await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Send again' }));
      expect(await screen.findByText('The message is queued again.')).toBeInTheDocument();
      const resend = fetchMock.mock.calls.find(([input]) =>
        urlOf(input).includes('svc=resendMail'),
      );
      expect(resend?.[1]?.body as string).toBe('outboxId=7');
    });

    it('a location owner sees the figures but not whom the mail was for, and never asks', async () => {
      const fetchMock = openAs('STANDARD');
      show();
      await screen.findByRole('region', { name: 'Servers (1 running)' });
      await waitFor(() =>
        expect(fetchMock.mock.calls.some(([input]) => urlOf(input).includes('svc=session'))).toBe(
          true,
        ),
      );
      expect(screen.queryByRole('region', { name: /Undelivered mail/ })).not.toBeInTheDocument();
      const asked = fetchMock.mock.calls.filter(([input]) =>
        urlOf(input).includes('svc=undeliveredMail'),
      );
      expect(asked).toHaveLength(0);
    });
  });
});
