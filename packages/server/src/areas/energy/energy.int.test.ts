import type { AlertsList, DeviceEnergy, LocationEnergy } from '@powerdeck/domain';
import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../infra/db/rows';
import { testDatabases } from '../../test/databases';
import { type DemoApp, startDemoApp } from '../../test/demo-sessions';
import { TestClock } from '../../test/test-app';
import { energyErrors } from './energy.service';

const hex = (bytes: number) => randomBytes(bytes).toString('hex').toUpperCase();

/** Tuesday 20 January 2026, noon in New York (EST, UTC-5). */
const NOW = Date.parse('2026-01-20T17:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const HOUR = 3_600_000;
const DAY = 86_400_000;

/** Seasons with one across the new year (November to February). */
const RATES = [
  { season: 'Winter', startMonth: 11, endMonth: 2, rate: 0.2 },
  { season: 'Spring', startMonth: 3, endMonth: 5, rate: 0.15 },
  { season: 'Summer', startMonth: 6, endMonth: 9, rate: 0.3 },
  { season: 'Fall', startMonth: 10, endMonth: 10, rate: 0.18 },
];

describe.each(testDatabases())('energy usage on $name', (testDb) => {
  let demo: DemoApp;
  const siteId = `energy-${hex(4)}`;
  const pdu = `A0${hex(5)}`;
  const card = `C0${hex(5)}`;
  const kid = `D0${hex(5)}`;
  const small = [1, 2, 3, 4, 5, 6].map((n) => ({ devId: `E${String(n)}${hex(4)}`, kwh: n }));
  let elsewhere: string;

  const exec = (query: ReturnType<typeof sql>) => demo.opened.database.db.execute(query);
  const deviceEnergy = (role: 'owner' | 'client' | 'installer', query: Record<string, string>) =>
    demo.call(role, 'energyManagement', 'getDeviceEnergy', { query: { siteId, ...query } });
  const deviceOk = async (query: Record<string, string>) => {
    const response = await deviceEnergy('client', query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DeviceEnergy>();
  };
  const locationEnergy = async () => {
    const response = await demo.call('client', 'energyManagement', 'getLocationEnergy', {
      query: { siteId },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<LocationEnergy>();
  };
  const saveEnergy = async (monthlyBudget: number) => {
    const response = await demo.call('owner', 'siteManagement', 'saveEnergy', {
      query: { siteId },
      json: { monthlyBudget, rates: RATES },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const energyAlerts = async (role: 'owner' | 'client') => {
    const list = (await demo.call(role, 'notificationsManagement', 'enumerate')).json<AlertsList>();
    return list.records.filter((a) => a.siteId === siteId).map((a) => a.msg);
  };

  beforeAll(async () => {
    demo = await startDemoApp(testDb, { clock: new TestClock(NOW) });
    const [owner, client] = [await demo.userId('owner'), await demo.userId('client')];
    const [first] = rowsOf<{ dev_id: string }>(
      await exec(sql`select dev_id from devices where site_id is not null limit 1`),
    );
    elsewhere = first?.dev_id ?? '';
    // Eastern time with DST: America/New_York
    await exec(sql`insert into locations (id, name, timezone, dst)
      values (${siteId}, 'Harbor View Lobby', '-5.00', true)`);
    await exec(sql`insert into permissions (user_id, site_id, perm_lvl)
      values (${owner}, ${siteId}, 'owner'), (${client}, ${siteId}, 'CLIENT')`);
    await exec(sql`insert into devices (dev_id, site_id, dev_class, dev_name, parent_dev_id) values
      (${pdu}, ${siteId}, 'm4315', 'Rack PDU', null),
      (${card}, ${siteId}, 'cv2', 'Card', null),
      (${kid}, ${siteId}, 'km4315', 'Card unit', ${card})`);
    for (const s of small) {
      await exec(sql`insert into devices (dev_id, site_id, dev_class, dev_name)
        values (${s.devId}, ${siteId}, 'm4000', ${`Small ${String(s.kwh)}`})`);
    }
    // the rollups are caught up to now (the test clock stands still): the rows below are the
    // test's own, never rolled up again
    await exec(sql`update energy_rollup_progress set done_until = ${iso(NOW)}::timestamptz`);
    // raw readings a minute apart for 2 hours, minutes for 26 hours, hours for 40 days
    await exec(sql`insert into device_readings (dev_id, at, voltage, amperage, wattage, pwr_fact)
      select ${pdu}, t, 120, 1.5, 180, 0.95
      from generate_series(${iso(NOW - 2 * HOUR)}::timestamptz, ${iso(NOW - 60_000)}::timestamptz, interval '1 minute') t`);
    await exec(sql`insert into energy_minute (dev_id, bucket, kwh, covered_s, v_min, v_avg, v_max,
        a_min, a_avg, a_max, w_min, w_avg, w_max, pf_avg, samples)
      select ${pdu}, t, 0.003, 60, 119, 120, 121, 1.4, 1.5, 1.6, 170, 180, 190, 0.95, 1
      from generate_series(${iso(NOW - 26 * HOUR)}::timestamptz, ${iso(NOW - 60_000)}::timestamptz, interval '1 minute') t`);
    await exec(sql`insert into energy_hour (dev_id, bucket, kwh, covered_s, v_min, v_avg, v_max,
        a_min, a_avg, a_max, w_min, w_avg, w_max, pf_avg, samples)
      select ${pdu}, t, 0.18, 3600, 118, 120, 122, 1.4, 1.5, 1.6, 160, 180, 200, 0.95, 60
      from generate_series(${iso(NOW - 40 * DAY)}::timestamptz, ${iso(NOW - HOUR)}::timestamptz, interval '1 hour') t`);
    // 10 kWh a local day from 1 January 2025 to today; the small devices 1..6 kWh this month
    await exec(sql`insert into energy_day (dev_id, site_id, day, kwh, covered_s, w_min, w_avg, w_max, samples)
      select ${pdu}, ${siteId}, d::date, 10, 86400, 300, 416.7, 500, 24
      from generate_series('2025-01-01'::date, '2026-01-20'::date, interval '1 day') d`);
    for (const s of small) {
      await exec(sql`insert into energy_day (dev_id, site_id, day, kwh, covered_s, samples)
        select ${s.devId}, ${siteId}, d::date, ${s.kwh}, 86400, 24
        from generate_series('2026-01-01'::date, '2026-01-20'::date, interval '1 day') d`);
    }
    // each device's months, as the day rollup keeps them: the sum of its days
    await exec(sql`insert into energy_device_month (site_id, dev_id, month, kwh)
      select site_id, dev_id, to_char(day, 'YYYY-MM'), sum(kwh)
      from energy_day where site_id = ${siteId} group by 1, 2, 3`);
    // the location: 100 kWh a day this month
    await exec(sql`insert into energy_site_day (site_id, day, kwh)
      select ${siteId}, d::date, 100
      from generate_series('2026-01-01'::date, '2026-01-20'::date, interval '1 day') d`);
  }, 120_000);

  afterAll(() => demo.close());

  it('lets any level at the location read, refuses a stranger (403) and other devices (404)', async () => {
    expect((await deviceEnergy('client', { devId: pdu, range: '30d' })).statusCode).toBe(200);
    expect((await deviceEnergy('owner', { devId: pdu, range: '30d' })).statusCode).toBe(200);
    await locationEnergy();
    expect((await deviceEnergy('installer', { devId: pdu, range: '30d' })).statusCode).toBe(403);
    expect(
      (
        await demo.call('installer', 'energyManagement', 'getLocationEnergy', {
          query: { siteId },
        })
      ).statusCode,
    ).toBe(403);
    expect((await deviceEnergy('owner', { devId: elsewhere, range: '30d' })).statusCode).toBe(404);
    expect((await deviceEnergy('owner', { devId: 'ABCDEF012345', range: '30d' })).statusCode).toBe(
      404,
    );
    expect(
      (
        await demo.call(null, 'energyManagement', 'getDeviceEnergy', {
          query: { siteId, devId: pdu, range: '30d' },
        })
      ).statusCode,
    ).toBe(401);
    const bad = await deviceEnergy('client', { devId: pdu, range: 'custom', from: '2026-01-01' });
    expect(bad.statusCode).toBe(400);
  });

  it('picks the resolution from the range and never draws more than 2,000 points', async () => {
    const expected = [
      ['live', 'raw', 60],
      ['24h', 'minute', 1440],
      ['7d', 'hour', 168],
      ['30d', 'hour', 720],
      // 1 February 2025 to 20 January 2026, local days
      ['12m', 'day', 354],
    ] as const;
    for (const [range, resolution, points] of expected) {
      const energy = await deviceOk({ devId: pdu, range });
      expect({ range, resolution: energy.resolution, points: energy.t.length }).toEqual({
        range,
        resolution,
        points,
      });
      expect(energy.to).toBe(NOW / 1000);
      for (const series of energy.series) {
        expect(series.avg).toHaveLength(points);
        expect(series.min).toHaveLength(points);
        expect(series.max).toHaveLength(points);
      }
    }
    const tenDays = await deviceOk({
      devId: pdu,
      range: 'custom',
      from: '2025-12-21',
      to: '2025-12-30',
    });
    expect(tenDays.resolution).toBe('hour');
    expect(tenDays.t).toHaveLength(240);
    // local midnight in New York
    expect(tenDays.from).toBe(Date.parse('2025-12-21T05:00:00Z') / 1000);
    const longer = await deviceOk({
      devId: pdu,
      range: 'custom',
      from: '2025-01-01',
      to: '2025-12-31',
    });
    expect(longer.resolution).toBe('day');
    expect(longer.t).toHaveLength(365);
    const tooLong = await deviceEnergy('client', {
      devId: pdu,
      range: 'custom',
      from: '2023-01-01',
      to: '2025-12-31',
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ error: string }>().error).toBe(energyErrors.customTooLong);
  });

  it('shows the quantities the family reports, with min, avg and max', async () => {
    const energy = await deviceOk({ devId: pdu, range: '7d' });
    expect(energy.measuredBy).toBe('self');
    expect(energy.zone).toBe('America/New_York');
    expect(energy.series.map((s) => s.field).sort()).toEqual(
      ['amperage', 'pwr_fact', 'voltage', 'wattage'].sort(),
    );
    const wattage = energy.series.find((s) => s.field === 'wattage');
    expect(new Set(wattage?.min)).toEqual(new Set([160]));
    expect(new Set(wattage?.avg)).toEqual(new Set([180]));
    expect(new Set(wattage?.max)).toEqual(new Set([200]));
    const live = await deviceOk({ devId: pdu, range: 'live' });
    const pf = live.series.find((s) => s.field === 'pwr_fact');
    expect(pf?.avg.every((v) => v !== null && Math.abs(v - 0.95) < 1e-6)).toBe(true);
  });

  it('says plainly when nothing measures a device, and a card’s unit measures itself', async () => {
    const cardEnergy = await deviceOk({ devId: card, range: '30d' });
    expect(cardEnergy).toMatchObject({ measuredBy: 'none', t: [], series: [], bars: [] });
    expect(cardEnergy.month.kwhToDate).toBe(0);
    expect((await deviceOk({ devId: kid, range: '30d' })).measuredBy).toBe('self');
  });

  it('bars kWh per local day with the cost at each day’s seasonal rate', async () => {
    await saveEnergy(0);
    const energy = await deviceOk({ devId: pdu, range: '7d' });
    expect(energy.ratesSet).toBe(true);
    // 13 January noon to 20 January noon: 8 local days
    expect(energy.bars.map((b) => b.period)).toEqual([
      '2026-01-13',
      '2026-01-14',
      '2026-01-15',
      '2026-01-16',
      '2026-01-17',
      '2026-01-18',
      '2026-01-19',
      '2026-01-20',
    ]);
    for (const bar of energy.bars) {
      expect(bar.kwh).toBe(10);
      expect(bar.cost).toBeCloseTo(2, 6);
    }
    // the 30 days touch 31 local dates, still one bar a day
    const month = await deviceOk({ devId: pdu, range: '30d' });
    expect(month.bars.map((b) => b.period)).toHaveLength(31);
    expect(month.bars[0]?.period).toBe('2025-12-21');
  });

  it('bars 12 months per local month, a winter season across the new year included', async () => {
    await saveEnergy(0);
    const energy = await deviceOk({ devId: pdu, range: '12m' });
    const bars = new Map(energy.bars.map((b) => [b.period, b]));
    expect([...bars.keys()]).toHaveLength(12);
    expect(bars.get('2025-02')?.kwh).toBe(280);
    expect(bars.get('2025-02')?.cost).toBeCloseTo(56, 6); // winter 0.20
    expect(bars.get('2025-04')?.cost).toBeCloseTo(45, 6); // spring 0.15
    expect(bars.get('2025-07')?.cost).toBeCloseTo(93, 6); // summer 0.30
    expect(bars.get('2025-10')?.cost).toBeCloseTo(55.8, 6); // fall 0.18
    expect(bars.get('2025-12')?.cost).toBeCloseTo(62, 6); // winter
    expect(bars.get('2026-01')).toMatchObject({ kwh: 200 });
    expect(bars.get('2026-01')?.cost).toBeCloseTo(40, 6); // winter, after the new year
  });

  it('gives the month to date, its forecast and the budget of a device and of the location', async () => {
    await saveEnergy(1000);
    // 19.5 of January's 31 days have passed
    const device = await deviceOk({ devId: pdu, range: '30d' });
    expect(device.month.month).toBe('2026-01');
    expect(device.month.kwhToDate).toBe(200);
    expect(device.month.costToDate).toBeCloseTo(40, 6);
    expect(device.month.forecastKwh).toBeCloseTo((200 * 31) / 19.5, 6);
    expect(device.month.forecastCost).toBeCloseTo(((200 * 31) / 19.5) * 0.2, 6);
    expect(device.month.budget).toBe(1000);

    const location = await locationEnergy();
    expect(location.zone).toBe('America/New_York');
    expect(location.month.kwhToDate).toBe(2000);
    expect(location.month.costToDate).toBeCloseTo(400, 6);
    expect(location.month.forecastKwh).toBeCloseTo((2000 * 31) / 19.5, 6);
    expect(location.month.forecastCost).toBeCloseTo(((2000 * 31) / 19.5) * 0.2, 6);
    expect(location.topConsumers.map((c) => [c.devName, c.kwh])).toEqual([
      ['Rack PDU', 200],
      ['Small 6', 120],
      ['Small 5', 100],
      ['Small 4', 80],
      ['Small 3', 60],
    ]);
    expect(location.topConsumers[0]?.cost).toBeCloseTo(40, 6);
  });

  it('costs nothing without rates and says rates are not set', async () => {
    const response = await demo.call('owner', 'siteManagement', 'saveEnergy', {
      query: { siteId },
      json: { monthlyBudget: 0, rates: [] },
    });
    expect(response.statusCode).toBe(200);
    const location = await locationEnergy();
    expect(location.ratesSet).toBe(false);
    expect(location.month).toMatchObject({ costToDate: null, forecastCost: null, budget: null });
    const device = await deviceOk({ devId: pdu, range: '7d' });
    expect(device.bars.every((b) => b.cost === null)).toBe(true);
  });

  it('checks the budgets in a durable job that keeps its next run waiting', async () => {
    const states = async () => {
      const rows = rowsOf<{ state: string; n: number }>(
        await exec(sql`select state::text as state, count(*)::int as n from pgboss.job
          where name = 'energy-budget-check' and state in ('created', 'completed')
          group by state`),
      );
      return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
    };
    // the first check ran at start and queued the next one (one waiting, whatever the servers)
    await expect.poll(states, { timeout: 20_000 }).toEqual({ completed: 1, created: 1 });
  });

  it('alerts the location’s users once per threshold per month when a budget is saved', async () => {
    // forecast 2000 × 31 / 19.5 kWh × 0.20 = $635.90
    await saveEnergy(1000);
    expect(await energyAlerts('client')).toEqual([]);
    await saveEnergy(700);
    const forecast =
      'Harbor View Lobby is forecast to use $635.90 this month, 91% of its $700.00 budget.';
    expect(await energyAlerts('client')).toEqual([forecast]);
    expect(await energyAlerts('owner')).toEqual([forecast]);
    // saved again, and the periodic check: not repeated
    await saveEnergy(700);
    await demo.t.app.energy.budget.checkAll();
    expect(await energyAlerts('client')).toEqual([forecast]);
    // the cost to date ($400.00) over a lower budget
    await saveEnergy(390);
    const over = 'Harbor View Lobby has used $400.00 this month, over its $390.00 budget.';
    expect((await energyAlerts('client')).sort()).toEqual([forecast, over].sort());
    await saveEnergy(390);
    await demo.t.app.energy.budget.checkAll();
    expect(await energyAlerts('client')).toHaveLength(2);
  });
});
