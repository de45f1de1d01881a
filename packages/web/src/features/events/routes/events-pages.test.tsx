import {
  localDateOf,
  locationZone,
  type DeviceListItem,
  type EventCalendar,
  type EventEntry,
  type EventPage,
} from '@powerdeck/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMeta, stubDeviceApi } from '../../../test/devices';
import { FakeEventSource } from '../../../test/fake-event-source';
import { buildLocationSettings } from '../../../test/locations';
import {
  publicConfig,
  renderRoute,
  signedInUser,
  stubApi,
  urlOf,
  type FakeResponse,
} from '../../../test/render';

const SITE = 'S1';
const RACK = 'AA0000000001';
const CARD = 'CC0000000003';
const UPS = 'BB0000000002';
/** Pacific time with its summer time. */
const zone = { timezone: '-8.00', dst: true };

function entry(overrides: Partial<EventEntry> = {}): EventEntry {
  return {
    id: 'cmd:1',
    time: Date.UTC(2024, 6, 5, 4, 30),
    type: 'outlet',
    devClass: 'm4315',
    devId: RACK,
    devName: 'Rack M4315',
    parentDevId: null,
    outlet: 3,
    actor: { kind: 'user', id: 'u1', name: 'Olive Owner' },
    text: 'Outlet 3 switched off',
    result: 'done',
    detail: null,
    ...overrides,
  };
}

const page = (records: EventEntry[], next: string | null = null): EventPage => ({
  records,
  next,
  zone,
});

function device(overrides: Partial<DeviceListItem>): DeviceListItem {
  return {
    siteId: SITE,
    devId: RACK,
    devClass: 'm4315',
    devName: 'Rack M4315',
    fwVer: '2.0.0',
    parentDevId: null,
    connected: true,
    kids: 0,
    watched: false,
    muted: false,
    lastContact: null,
    ...overrides,
  };
}

const devices = [
  device({}),
  device({ devId: CARD, devClass: 'cv2', devName: 'Card CV2', kids: 1 }),
  device({ devId: UPS, devClass: 'kf1500', devName: 'UPS on card', parentDevId: CARD }),
];

type Answer = FakeResponse | ((url: URL) => FakeResponse);

/** The calls the Event Logs tab makes, answered; `events` and `calendar` may read the URL. */
function openLocationTab(answers: { events: Answer; calendar?: Answer }) {
  const fetchMock = stubApi({
    public: { body: publicConfig },
    session: { body: { user: signedInUser } },
    settings: { body: buildLocationSettings({ dst: 'yes', zipCode: '' }) },
    visitSite: { body: { siteId: SITE } },
    getDevices: { body: { records: devices, totalRecords: devices.length } },
    getEvents: answers.events,
    getEventCalendar: answers.calendar ?? { body: { days: [], zone } satisfies EventCalendar },
  });
  renderRoute(`/locations/${SITE}/events`);
  return { fetchMock, asked: (svc: string) => asked(fetchMock, svc) };
}

/** The query of every call made with `svc`, in order. */
function asked(fetchMock: ReturnType<typeof stubApi>, svc: string): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(urlOf(input), 'http://localhost'))
    .filter((url) => url.searchParams.get('svc') === svc)
    .map((url) => url.searchParams);
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

beforeEach(() => {
  // jsdom lays nothing out: give the list's scroll box a height so the virtualizer draws rows.
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(1000);
});

describe('Event Logs tab', () => {
  it("shows each time in the location's zone with the DST offset of its day, in the spec format", async () => {
    openLocationTab({
      events: {
        body: page([
          entry(),
          entry({
            id: 'sch:2',
            time: Date.UTC(2024, 0, 5, 5, 30),
            devId: UPS,
            devClass: 'kf1500',
            devName: 'UPS on card',
            parentDevId: CARD,
            outlet: 2,
            actor: { kind: 'schedule', id: '7', name: 'Nightly' },
            text: 'Schedule Nightly fired',
            result: 'failed',
            detail: 'Outlet 2 is locked',
          }),
        ]),
      },
    });
    const table = await screen.findByRole('table', { name: 'Events' });
    const rows = within(table).getAllByRole('row').slice(1);
    // 04:30 UTC in July is 21:30 PDT (UTC-7); 05:30 UTC in January is 21:30 PST (UTC-8).
    expect(within(rows[0]!).getByText('Jul/04/2024 09:30:00 PM')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Jan/04/2024 09:30:00 PM')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'Rack M4315' })).toHaveAttribute(
      'href',
      `/locations/${SITE}/devices/${RACK}/m4315/controls`,
    );
    // A kid's row opens its parent (spec §2).
    expect(within(rows[1]!).getByRole('link', { name: 'UPS on card' })).toHaveAttribute(
      'href',
      `/locations/${SITE}/devices/${CARD}/cv2/controls`,
    );
    expect(within(rows[1]!).getByText('Outlet 2')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('img', { name: 'Schedule' })).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Nightly')).toBeInTheDocument();
    // The badge carries the failure's reason (a tooltip on hover and focus, its description).
    const failed = within(rows[1]!).getByText('Failed').closest('[tabindex]');
    expect(failed).toHaveAccessibleDescription('Outlet 2 is locked');
    expect(within(rows[0]!).getByText('Done')).toBeInTheDocument();
  });

  it('asks again with the chosen device, type and actor (the calendar counts with them) and without them once cleared', async () => {
    const { asked: calls } = openLocationTab({ events: { body: page([entry()]) } });
    await screen.findByRole('table', { name: 'Events' });
    await choose('Device', 'UPS on card (on Card CV2)');
    await choose('Type', 'Online/Offline');
    await choose('By', 'Auto-reboot');
    await waitFor(() => {
      const last = calls('getEvents').at(-1);
      expect(last?.get('devId')).toBe(UPS);
      expect(last?.get('type')).toBe('connection');
      expect(last?.get('actor')).toBe('autoReboot');
    });
    const calendar = calls('getEventCalendar').at(-1);
    expect(calendar?.get('devId')).toBe(UPS);
    expect(calendar?.get('type')).toBe('connection');
    expect(calendar?.get('actor')).toBe('autoReboot');
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => {
      const last = calls('getEvents').at(-1);
      expect(['devId', 'type', 'actor'].filter((name) => last?.has(name))).toEqual([]);
    });
  });

  it('filters to a day clicked on the calendar, and back to all days on a second click', async () => {
    const today = localDateOf(Date.now(), locationZone(zone.timezone, zone.dst));
    const day = `${today.slice(0, 7)}-01`;
    const { asked: calls } = openLocationTab({
      events: { body: page([entry()]) },
      calendar: { body: { days: [{ date: day, count: 3 }], zone } },
    });
    const cell = await screen.findByRole('button', { name: / 1: 3 events$/ });
    await userEvent.click(cell);
    await waitFor(() => {
      const last = calls('getEvents').at(-1);
      expect([last?.get('from'), last?.get('to')]).toEqual([day, day]);
    });
    expect(cell).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('From')).toHaveValue(day);
    await userEvent.click(cell);
    await waitFor(() => expect(calls('getEvents').at(-1)?.has('from')).toBe(false));
    expect(cell).toHaveAttribute('aria-pressed', 'false');
  });

  it('exports CSV with the filters the list shows', async () => {
    openLocationTab({ events: { body: page([entry()]) } });
    await screen.findByRole('table', { name: 'Events' });
    await choose('Type', 'Outlet');
    await userEvent.type(screen.getByLabelText('From'), '2024-07-01');
    const link = screen.getByRole('link', { name: 'Export CSV' });
    expect(link).toHaveAttribute('download');
    const url = new URL(link.getAttribute('href') ?? '', 'http://localhost');
    expect(url.pathname).toBe('/data-svc/eventLogs/data-svc.php');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      svc: 'exportEvents',
      siteId: SITE,
      type: 'outlet',
      from: '2024-07-01',
    });
  });

  it('puts a pushed event at the top without a reload and counts it on the calendar', async () => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    let logged = [entry()];
    const { asked: calls } = openLocationTab({ events: () => ({ body: page(logged) }) });
    await screen.findByText('Outlet 3 switched off');
    const stream = FakeEventSource.opened.find((s) => s.url.includes('eventLogPusher.php'));
    expect(stream?.url).toBe(`/data-svc/eventPuller/eventLogPusher.php?siteId=${SITE}`);
    const calendarReads = calls('getEventCalendar').length;
    logged = [
      entry({ id: 'cmd:2', time: Date.UTC(2024, 6, 5, 5), text: 'Outlet 4 switched on' }),
      ...logged,
    ];
    stream?.message({ siteId: SITE, at: Date.now() });
    const table = screen.getByRole('table', { name: 'Events' });
    await waitFor(() =>
      expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Outlet 4 switched on'),
    );
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('Outlet 3 switched off');
    await waitFor(() => expect(calls('getEventCalendar').length).toBeGreaterThan(calendarReads));
  });

  it('reads the next page with the previous one’s next as before', async () => {
    const { asked: calls } = openLocationTab({
      events: (url) =>
        url.searchParams.get('before') === 'cursor-1'
          ? { body: page([entry({ id: 'cmd:0', text: 'Older event' })]) }
          : { body: page([entry()], 'cursor-1') },
    });
    expect(await screen.findByText('Older event')).toBeInTheDocument();
    const reads = calls('getEvents');
    expect(reads[0]?.has('before')).toBe(false);
    expect(reads[1]?.get('before')).toBe('cursor-1');
    expect(reads[1]?.get('limit')).toBe(reads[0]?.get('limit'));
  });

  it('draws only the rows in view of a long log', async () => {
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(40);
    const records = Array.from({ length: 2000 }, (_, i) =>
      entry({ id: `cmd:${i}`, time: Date.UTC(2024, 6, 5) - i * 1000, text: `Event ${i}` }),
    );
    openLocationTab({ events: { body: page(records) } });
    const table = await screen.findByRole('table', { name: 'Events' });
    expect(within(table).getByText('Event 0')).toBeInTheDocument();
    // 800 px of 40 px rows is 20 in view, plus the few drawn ahead of a scroll.
    const drawn = within(table).getAllByRole('row').length - 1;
    expect(drawn).toBeLessThan(50);
    expect(within(table).queryByText('Event 1999')).not.toBeInTheDocument();
  });

  it('says when the location has no events, and when the filters match none', async () => {
    openLocationTab({ events: { body: page([]) } });
    expect(await screen.findByText('No events for this location.')).toBeInTheDocument();
    await choose('Type', 'Firmware');
    expect(await screen.findByText('No events match these filters.')).toBeInTheDocument();
  });

  it('shows an error banner whose Try Again reads the log again', async () => {
    let fail = true;
    openLocationTab({
      events: () => (fail ? { status: 500, body: { error: 'boom' } } : { body: page([entry()]) }),
    });
    const banner = await screen.findByRole('alert');
    fail = false;
    await userEvent.click(within(banner).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Outlet 3 switched off')).toBeInTheDocument();
  });
});

describe('View Events', () => {
  it("shows the device's log without a device filter", async () => {
    const meta = buildMeta({ siteId: SITE });
    const { fetchMock } = stubDeviceApi({
      meta,
      extra: {
        getDevices: { body: { records: devices, totalRecords: devices.length } },
        getEvents: { body: page([entry()]) },
        getEventCalendar: { body: { days: [], zone } },
      },
    });
    renderRoute(`/locations/${SITE}/devices/${meta.devId}/m4315/admin/events`);
    expect(await screen.findByRole('heading', { name: 'View Events' })).toBeInTheDocument();
    expect(await screen.findByText('Jul/04/2024 09:30:00 PM')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Device' })).not.toBeInTheDocument();
    const reads = asked(fetchMock, 'getEvents');
    expect(reads.every((q) => q.get('devId') === meta.devId && q.get('siteId') === SITE)).toBe(
      true,
    );
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toContain(
      `devId=${meta.devId}`,
    );
  });
});
