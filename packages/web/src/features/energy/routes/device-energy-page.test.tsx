import type { DeviceEnergy } from '@powerdeck/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type uPlot from 'uplot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildKid, buildMeta, stubDeviceApi } from '../../../test/devices';
import { FakeEventSource } from '../../../test/fake-event-source';
import { renderRoute, urlOf } from '../../../test/render';
import { buildDeviceEnergy, buildMonth, DEVICE, SITE } from '../test/builders';
import { NO_ENERGY_TEXT, PARENT_MEASURES_TEXT } from './device-energy-page';

// jsdom draws no canvas: a stand-in uPlot keeps what each chart was given.
const plots = vi.hoisted(
  () =>
    [] as {
      opts: uPlot.Options;
      data: uPlot.AlignedData;
      destroyed: boolean;
    }[],
);
vi.mock('uplot', () => ({
  default: class {
    private readonly plot;
    constructor(opts: uPlot.Options, data: uPlot.AlignedData) {
      this.plot = { opts, data, destroyed: false };
      plots.push(this.plot);
    }
    setData(data: uPlot.AlignedData) {
      this.plot.data = data;
    }
    destroy() {
      this.plot.destroyed = true;
    }
  },
}));

afterEach(() => {
  plots.length = 0;
});

function openUsage(
  answer: (url: URL) => DeviceEnergy,
  query = '',
  meta = buildMeta({ devId: DEVICE, devClass: 'm4315' }),
) {
  const { fetchMock } = stubDeviceApi({
    meta,
    extra: {
      enumerate: { body: { records: [], unread: 0 } },
      getDeviceEnergy: (url) => ({ body: answer(url) }),
    },
  });
  renderRoute(`/locations/${SITE}/devices/${meta.devId}/${meta.devClass}/usage${query}`);
  const energyCalls = () =>
    fetchMock.mock.calls
      .map(([input]) => new URL(urlOf(input), 'http://localhost'))
      .filter((url) => url.searchParams.get('svc') === 'getDeviceEnergy');
  return { fetchMock, energyCalls };
}

const liveCharts = () => plots.filter((p) => !p.destroyed);

describe('Energy Usage tab', () => {
  it('draws voltage, amperage and wattage with axis titles, times and hover values in the location’s zone', async () => {
    openUsage(
      (url) => buildDeviceEnergy({ range: url.searchParams.get('range') as '7d' }),
      '?range=7d',
    );
    expect(await screen.findByRole('region', { name: 'Voltage (V)' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Amperage (A)' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Wattage (W)' })).toBeInTheDocument();
    await waitFor(() => expect(liveCharts()).toHaveLength(3));
    const voltage = liveCharts().find((p) => p.opts.series[1]?.label === 'Voltage');
    expect(voltage?.opts.axes?.[1]?.label).toBe('Voltage (V)');
    expect(voltage?.opts.axes?.[0]?.label).toBe('Time (America/Los_Angeles)');
    // averages, minimums and maximums: a band between the two
    expect(voltage?.data).toHaveLength(4);
    expect(voltage?.opts.bands?.map((band) => band.series)).toEqual([[3, 2]]);
    const hover = (i: number, v: number | null) =>
      (voltage?.opts.series[i]?.value as (u: unknown, v: number | null) => string)(null, v);
    expect(hover(1, 120.44)).toBe('120.4 V');
    expect(hover(1, null)).toBe('–');
    expect(hover(0, 1_793_606_400)).toBe('Nov/02/2026 12:00:00 AM');
    expect(
      screen.getByText(/Averages per hour.*times in America\/Los_Angeles/),
    ).toBeInTheDocument();
  });

  it('draws power factor and battery where the family has them, each on its whole scale', async () => {
    openUsage(
      () =>
        buildDeviceEnergy({
          series: [
            { field: 'pwr_fact', avg: [0.95, 0.96, 0.97], min: [0.9, 0.9, 0.9], max: [1, 1, 1] },
            { field: 'battlevel', avg: [1, 0.9, 0.8], min: [1, 0.9, 0.8], max: [1, 0.9, 0.8] },
          ],
        }),
      '?range=7d',
    );
    expect(await screen.findByRole('region', { name: 'Power factor' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Battery (%)' })).toBeInTheDocument();
    await waitFor(() => expect(liveCharts()).toHaveLength(2));
    const range = (label: string) => {
      const chart = liveCharts().find((p) => p.opts.series[1]?.label === label);
      const y = chart?.opts.scales?.y?.range as unknown as (
        u: unknown,
        min: number,
        max: number,
      ) => number[];
      return { chart, y };
    };
    const battery = range('Battery');
    expect(battery.y(null, 80, 100)).toEqual([0, 100]);
    expect(battery.chart?.data[1]).toEqual([100, 90, 80]);
    // the same every time: no band for a battery that reads alike within each point
    expect(battery.chart?.data).toHaveLength(2);
    expect(range('Power factor').y(null, 0.9, 1)).toEqual([0, 1]);
    const hover = battery.chart?.opts.series[1]?.value as (u: unknown, v: number) => string;
    expect(hover(null, 90)).toBe('90%');
  });

  it('asks for the picked range, Live by default, and for a custom range its two days', async () => {
    const { energyCalls } = openUsage((url) =>
      buildDeviceEnergy({ range: url.searchParams.get('range') as DeviceEnergy['range'] }),
    );
    await screen.findByRole('region', { name: 'Wattage (W)' });
    expect(energyCalls()[0]?.searchParams.get('range')).toBe('live');
    for (const [label, range] of [
      ['24 hours', '24h'],
      ['7 days', '7d'],
      ['30 days', '30d'],
      ['12 months', '12m'],
    ] as const) {
      await userEvent.click(screen.getByText(label));
      await waitFor(() => expect(energyCalls().at(-1)?.searchParams.get('range')).toBe(range));
    }
    await userEvent.click(screen.getByText('Custom'));
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-10-01');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-10-31');
    await waitFor(() => {
      const last = energyCalls().at(-1);
      expect(last?.searchParams.get('range')).toBe('custom');
      expect(last?.searchParams.get('from')).toBe('2026-10-01');
      expect(last?.searchParams.get('to')).toBe('2026-10-31');
    });
  });

  it('shows kWh per day with cost, the month to date, its forecast and the budget', async () => {
    openUsage(() => buildDeviceEnergy(), '?range=7d');
    const bars = await screen.findByRole('list', { name: 'kWh per day' });
    expect(
      within(bars).getByRole('listitem', { name: 'Nov 02: 6.75 kWh, $1.01' }),
    ).toBeInTheDocument();
    expect(within(bars).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByTestId('bars-total')).toHaveTextContent('Total 14.0 kWh · $2.09');
    const month = screen.getByRole('region', { name: 'This month' });
    expect(within(month).getByRole('group', { name: 'Nov 2026 to date' })).toHaveTextContent(
      '120.5 kWh$18.08',
    );
    expect(within(month).getByRole('group', { name: 'Forecast for the month' })).toHaveTextContent(
      '361.5 kWh$54.23',
    );
    expect(within(month).getByTestId('budget-forecast')).toHaveTextContent(
      'Forecast $54.23 of the location’s monthly budget $100.00 (54 %)',
    );
  });

  it('exports what is shown as CSV files made in the browser', async () => {
    const saved: { name: string; text: Promise<string> }[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          saved.push({ name: '', text: blob.text() });
          return 'blob:energy';
        },
        revokeObjectURL: () => {},
      }),
    );
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    openUsage(() => buildDeviceEnergy(), '?range=7d');
    await userEvent.click(await screen.findByRole('button', { name: 'Export kWh (CSV)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Export readings (CSV)' }));
    expect(clicked).toEqual([`${DEVICE}-7d-kwh.csv`, `${DEVICE}-7d-readings.csv`]);
    expect(await saved[0]?.text).toBe(
      'day,kWh,cost\r\n2026-11-02,6.750,1.01\r\n2026-11-03,7.200,1.08\r\n',
    );
    expect(await saved[1]?.text).toMatch(/^time \(America\/Los_Angeles\),unix,Voltage \(V\) avg/);
  });

  it('says plainly when the family reports no energy, draws nothing, and links a card’s attached devices', async () => {
    const card = buildMeta({
      devId: 'CC0000000003',
      devClass: 'cv2',
      outlets: [],
      kids: [buildKid()],
    });
    openUsage(
      () =>
        buildDeviceEnergy({
          devId: card.devId,
          devClass: 'cv2',
          measuredBy: 'none',
          series: [],
          t: [],
          bars: [],
        }),
      '',
      card,
    );
    expect(await screen.findByText(NO_ENERGY_TEXT)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'UPS on card' })).toHaveAttribute(
      'href',
      `/locations/${SITE}/devices/BB0000000002/kf1500/usage`,
    );
    expect(screen.queryByRole('region', { name: 'Voltage (V)' })).toBeNull();
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(plots).toHaveLength(0);
  });

  it('says when the parent measures the device', async () => {
    openUsage(() => buildDeviceEnergy({ measuredBy: 'parent' }), '?range=24h');
    expect(await screen.findByText(PARENT_MEASURES_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Wattage (W)' })).toBeInTheDocument();
  });

  it('shows kWh only and links to Location Settings when the location has no rates', async () => {
    openUsage(
      () =>
        buildDeviceEnergy({
          ratesSet: false,
          bars: [{ period: '2026-10', kwh: 210.5, cost: null }],
          month: {
            month: '2026-11',
            kwhToDate: 12,
            costToDate: null,
            forecastKwh: 40,
            forecastCost: null,
            budget: 100,
          },
        }),
      '?range=12m',
    );
    expect(await screen.findByText(/Energy rates are not set/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set them in Location Settings' })).toHaveAttribute(
      'href',
      `/locations/${SITE}/settings`,
    );
    expect(screen.getByRole('listitem', { name: 'Oct 2026: 210.5 kWh' })).toBeInTheDocument();
    expect(screen.queryByTestId('budget-forecast')).toBeNull();
  });

  it('adds each status report of the device’s push stream to the Live charts, and closes it off Live', async () => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    const now = Math.floor(Date.now() / 1000);
    const t = [now - 3590, now - 60];
    const { energyCalls } = openUsage(() =>
      buildDeviceEnergy({
        range: 'live',
        resolution: 'raw',
        from: now - 3600,
        to: now,
        t,
        series: [
          { field: 'voltage', avg: [120, 121], min: [120, 121], max: [120, 121] },
          { field: 'wattage', avg: [280, 290], min: [280, 290], max: [280, 290] },
        ],
      }),
    );
    await screen.findByRole('region', { name: 'Wattage (W)' });
    const stream = await vi.waitFor(() => {
      const opened = FakeEventSource.opened.find((s) => s.url.includes('eventPullerPusher'));
      expect(opened?.url).toContain(`devId=${DEVICE}`);
      return opened as FakeEventSource;
    });
    stream.open();
    const status = (time: number, wattage: number, kidId?: string) => ({
      seq: time,
      at: time * 1000,
      event: {
        type: 'status',
        devId: DEVICE,
        ...(kidId === undefined ? {} : { kidId }),
        status: { time, sysTime: time, otlts: [], voltage: 122.25, wattage },
      },
    });
    stream.message(status(now + 5, 301.5));
    // a kid's report on the same stream is not the device's own
    stream.message(status(now + 6, 999, 'BB0000000001'));
    const wattage = () => liveCharts().find((p) => p.opts.series[1]?.label === 'Wattage');
    await waitFor(() => expect(wattage()?.data[0]).toEqual([now - 3590, now - 60, now + 5]));
    expect(wattage()?.data[1]).toEqual([280, 290, 301.5]);
    // the hour moves on: the oldest point falls out
    stream.message(status(now + 15, 310));
    await waitFor(() => expect(wattage()?.data[0]).toEqual([now - 60, now + 5, now + 15]));
    const voltage = liveCharts().find((p) => p.opts.series[1]?.label === 'Voltage');
    expect(voltage?.data[1]).toEqual([121, 122.25, 122.25]);
    // the points came from the stream, not from reading the hour again
    expect(energyCalls()).toHaveLength(1);
    await userEvent.click(screen.getByText('7 days'));
    await waitFor(() => expect(stream.closed).toBe(true));
  });

  it('draws the daily share of the budget over the current month’s day bars, in words too', async () => {
    openUsage(
      () =>
        buildDeviceEnergy({
          bars: [
            { period: '2026-10-31', kwh: 9, cost: 1.35 },
            { period: '2026-11-01', kwh: 20, cost: 3 },
            { period: '2026-11-02', kwh: 6.75, cost: 1.01 },
          ],
          // $18 for 120 kWh: $0.15/kWh; $90 ÷ 30 days = $3 a day = 20 kWh
          month: buildMonth({ kwhToDate: 120, costToDate: 18, budget: 90 }),
        }),
      '?range=7d',
    );
    await screen.findByRole('list', { name: 'kWh per day' });
    expect(screen.getByTestId('budget-line')).toHaveTextContent(
      'Dashed line: the location’s monthly budget per day this month, 20.0 kWh ($90.00 ÷ 30 days ÷ $0.150/kWh, the month’s rate so far)',
    );
    // on November's two days only, at the top of the tallest bar (20 kWh of 20)
    const marks = screen.getAllByTestId('budget-mark');
    expect(marks).toHaveLength(2);
    expect(marks[0]).toHaveStyle({ bottom: '100%' });
  });

  it('draws no budget line without rates, without a budget, or on month bars', async () => {
    openUsage(() =>
      buildDeviceEnergy({
        range: '12m',
        bars: [
          { period: '2026-10', kwh: 210.5, cost: null },
          { period: '2026-11', kwh: 120, cost: null },
        ],
        ratesSet: false,
        month: buildMonth({ costToDate: null, forecastCost: null }),
      }),
    );
    await screen.findByRole('list', { name: 'kWh per month' });
    expect(screen.queryByTestId('budget-line')).not.toBeInTheDocument();
    expect(screen.queryByTestId('budget-mark')).not.toBeInTheDocument();
  });
});
