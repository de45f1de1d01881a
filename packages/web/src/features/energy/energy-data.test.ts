import { describe, expect, it } from 'vitest';
import {
  appendLivePoint,
  axisLabel,
  barsCsv,
  budgetShares,
  chartSeries,
  csvFileName,
  customRangeProblem,
  customRangeReady,
  dailyBudget,
  energyInput,
  formatInZone,
  formatReading,
  HOVER_TIME_FORMAT,
  readingsCsv,
  zonedDate,
  zoneOf,
} from './energy-data';
import { buildDeviceEnergy, buildMonth, DEVICE, NOV_2_LA, SITE } from './test/builders';

describe('energy data', () => {
  it('asks for a range alone, and a custom range with its first and last day', () => {
    expect(energyInput(SITE, DEVICE, { range: '30d', from: '2026-01-01' })).toEqual({
      siteId: SITE,
      devId: DEVICE,
      range: '30d',
    });
    expect(
      energyInput(SITE, DEVICE, { range: 'custom', from: '2026-10-01', to: '2026-10-31' }),
    ).toEqual({
      siteId: SITE,
      devId: DEVICE,
      range: 'custom',
      from: '2026-10-01',
      to: '2026-10-31',
    });
  });

  it('waits for a custom range until both days are set and in order', () => {
    expect(customRangeReady({ range: 'live' })).toBe(true);
    expect(customRangeReady({ range: 'custom', from: '2026-10-01' })).toBe(false);
    expect(customRangeReady({ range: 'custom', from: '2026-10-05', to: '2026-10-01' })).toBe(false);
    expect(customRangeReady({ range: 'custom', from: '2026-10-01', to: '2026-10-01' })).toBe(true);
    expect(customRangeReady({ range: 'custom', from: '2024-10-01', to: '2026-10-01' })).toBe(true);
    expect(customRangeProblem({ range: 'custom', from: '2024-10-01', to: '2026-10-02' })).toBe(
      'A custom range spans at most two years.',
    );
    expect(customRangeProblem({ range: 'custom', from: '2026-10-05', to: '2026-10-01' })).toBe(
      'From must not be after To.',
    );
  });

  it('shows readings in the spec §9 precision with their units', () => {
    expect(formatReading('voltage', 120.44)).toBe('120.4 V');
    expect(formatReading('amperage', 2.345)).toBe('2.35 A');
    expect(formatReading('wattage', 281.25)).toBe('281.3 W');
    expect(formatReading('pwr_fact', 0.987)).toBe('0.99');
    expect(formatReading('battlevel', 87.4)).toBe('87%');
    expect(formatReading('voltage', null)).toBe('–');
    expect(axisLabel('wattage')).toBe('Wattage (W)');
    expect(axisLabel('pwr_fact')).toBe('Power factor');
  });

  it('shapes each series for uPlot, battery in percent, with a band only where min or max differ', () => {
    const answer = buildDeviceEnergy({
      series: [
        { field: 'battlevel', avg: [0.5, 0.75], min: [0.5, 0.75], max: [0.5, 0.75] },
        { field: 'wattage', avg: [10, null], min: [8, null], max: [12, null] },
      ],
      t: [NOV_2_LA, NOV_2_LA + 60],
    });
    const [battery, wattage] = chartSeries(answer);
    expect(battery?.data).toEqual([
      [NOV_2_LA, NOV_2_LA + 60],
      [50, 75],
      [50, 75],
      [50, 75],
    ]);
    expect(battery?.hasBand).toBe(false);
    expect(wattage?.data[1]).toEqual([10, null]);
    expect(wattage?.hasBand).toBe(true);
  });

  it('reads times in the location’s zone, across its DST change', () => {
    const zone = zoneOf('America/Los_Angeles');
    expect(formatInZone(NOV_2_LA, zone, HOVER_TIME_FORMAT)).toBe('Nov/02/2026 12:00:00 AM');
    // 2026-07-01 12:00 UTC is 05:00 in Los Angeles summer time
    expect(formatInZone(Date.UTC(2026, 6, 1, 12) / 1000, zone, 'HH:mm')).toBe('05:00');
    expect(formatInZone(NOV_2_LA, zoneOf('+05:30'), 'HH:mm')).toBe('13:30');
    const shifted = zonedDate(NOV_2_LA, zone);
    expect([shifted.getHours(), shifted.getMinutes(), shifted.getDate()]).toEqual([0, 0, 2]);
  });

  it('exports the readings shown as CSV in the location’s time and the charts’ precision', () => {
    const csv = readingsCsv(buildDeviceEnergy());
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'time (America/Los_Angeles),unix,Voltage (V) avg,Voltage (V) min,Voltage (V) max,' +
        'Amperage (A) avg,Amperage (A) min,Amperage (A) max,Wattage (W) avg,Wattage (W) min,Wattage (W) max',
    );
    expect(lines[1]).toBe(
      `2026-11-02 00:00:00,${NOV_2_LA},120.4,118.2,121.0,2.35,2.00,2.90,281.3,240.0,350.0`,
    );
    // a gap stays empty, it is not a zero
    expect(lines[3]).toBe(
      `2026-11-02 02:00:00,${NOV_2_LA + 7200},,,,2.25,2.00,2.60,270.0,230.0,320.0`,
    );
    expect(lines).toHaveLength(4);
  });

  it('exports the bars as CSV, cost empty without rates', () => {
    expect(barsCsv(buildDeviceEnergy())).toBe(
      'day,kWh,cost\r\n2026-11-02,6.750,1.01\r\n2026-11-03,7.200,1.08\r\n',
    );
    const months = buildDeviceEnergy({
      bars: [{ period: '2026-10', kwh: 210.5, cost: null }],
      ratesSet: false,
    });
    expect(barsCsv(months)).toBe('month,kWh,cost\r\n2026-10,210.500,\r\n');
    expect(csvFileName(months, 'kwh')).toBe(`${DEVICE}-7d-kwh.csv`);
  });

  it('measures the month against the budget only with rates and a budget', () => {
    expect(budgetShares({ costToDate: 25, forecastCost: 90, budget: 100 })).toEqual({
      toDate: 25,
      forecast: 90,
    });
    expect(budgetShares({ costToDate: 25, forecastCost: 90, budget: null })).toBeNull();
    expect(budgetShares({ costToDate: null, forecastCost: null, budget: 100 })).toBeNull();
  });

  it('adds a pushed report to Live as a raw point, keeps the last hour, skips repeats and other ranges', () => {
    const live = buildDeviceEnergy({
      range: 'live',
      resolution: 'raw',
      t: [1000, 4000],
      series: [
        { field: 'wattage', avg: [10, 20], min: [9, 20], max: [11, 20] },
        { field: 'battlevel', avg: [1, 1], min: [1, 1], max: [1, 1] },
      ],
    });
    const next = appendLivePoint(live, { time: 4700, wattage: 30 });
    expect(next.t).toEqual([4000, 4700]);
    expect(next.series[0]).toEqual({
      field: 'wattage',
      avg: [20, 30],
      min: [20, 30],
      max: [20, 30],
    });
    // a field the report lacks is a gap
    expect(next.series[1]?.avg).toEqual([1, null]);
    expect(next.to).toBeGreaterThanOrEqual(4700);
    expect(appendLivePoint(next, { time: 4700, wattage: 99 })).toBe(next);
    expect(appendLivePoint(next, { time: 4500, wattage: 99 })).toBe(next);
    const week = buildDeviceEnergy();
    expect(appendLivePoint(week, { time: NOV_2_LA + 99_999, wattage: 1 })).toBe(week);
  });

  it('reads the budget per day of the month in kWh at the month’s rate so far', () => {
    // $18 for 120 kWh: $0.15/kWh; $93 ÷ 31 days = $3 a day = 20 kWh
    expect(
      dailyBudget(
        buildMonth({ month: '2026-12', kwhToDate: 120, costToDate: 18, budget: 93 }),
        true,
      ),
    ).toEqual({ month: '2026-12', kwh: 20, cost: 3, rate: 0.15, days: 31 });
    expect(dailyBudget(buildMonth({ month: '2028-02' }), true)?.days).toBe(29);
    expect(dailyBudget(buildMonth(), false)).toBeNull();
    expect(dailyBudget(buildMonth({ budget: null }), true)).toBeNull();
    expect(dailyBudget(buildMonth({ kwhToDate: 0, costToDate: 0 }), true)).toBeNull();
  });
});
