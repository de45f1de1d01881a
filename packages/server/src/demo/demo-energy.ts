import { isDeviceClass, locationZone } from '@powerdeck/domain';
import { ManualScheduler, createModel, weeklyLoadFactors } from '@powerdeck/simulator';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../infra/db/database';
import type { LocationRow } from './builders';
import { seedOf } from './demo-fleet';
import type { DeviceRow } from './device-plan';

/**
 * Days of hourly and daily history, days of minute aggregates, hours of raw readings (charts read
 * them for spans of an hour at most; two days of them cost the first start a second more on PGlite).
 */
export const DEMO_HISTORY_DAYS = 60;
const DEMO_MINUTE_DAYS = 2;
const DEMO_RAW_HOURS = 6;
/** One seeded reading a minute, as the state writer keeps them at most. */
const RAW_STEP_S = 60;

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** A metered demo device: what its simulated unit reads at rated load, where its history ends. */
export interface EnergyDevice {
  devId: string;
  siteId: string;
  /** The location's clock for PostgreSQL's AT TIME ZONE: an IANA zone or a POSIX fixed offset. */
  zone: string;
  /** Its last report: now for a running device, days ago for one the demo leaves offline. */
  endAt: string;
  v: number;
  a: number;
  w: number;
  pf: number | null;
  batt: number | null;
  /** A battery unit: the hours from the start of its outage, as its simulated unit lived them. */
  outage: OutageHour[] | null;
}

/** One hour of a battery unit's outage and recharge: extra mains draw, battery level. */
export interface OutageHour {
  /** Mean watts above its normal draw (the charger). */
  dw: number;
  bmin: number;
  bavg: number;
  bmax: number;
}

/** The demo's outage: this many days ago at this local hour, mains back after OUTAGE_MIN. */
export const DEMO_OUTAGE = { daysAgo: 9, hour: 14 } as const;
const OUTAGE_MIN = 30;
const OUTAGE_HOURS = 3;

export interface DemoEnergy {
  devices: EnergyDevice[];
  /** Start of the minute aggregates and of the raw readings (hour boundaries), the seed's now. */
  minuteFrom: string;
  rawFrom: string;
  now: string;
}

/** A location's zone as PostgreSQL reads it (a fixed offset in POSIX form: hours WEST of UTC). */
export function pgZone(offset: string, dst: boolean): string {
  const zone = locationZone(offset, dst);
  if (zone.kind === 'iana') return zone.zone;
  const west = -zone.offsetMinutes;
  const abs = Math.abs(west);
  const hm = `${Math.floor(abs / 60)}:${String(abs % 60).padStart(2, '0')}`;
  return `FIX${west < 0 ? '-' : '+'}${hm}`;
}

/**
 * The meters of the demo's devices at rated load, read from the same simulated units the demo
 * fleet runs (same class and seed, flat profile, a battery left to charge full), so the history
 * joins the live readings. Devices whose family has no meter get none.
 */
export async function demoEnergy(
  devices: readonly DeviceRow[],
  locations: readonly LocationRow[],
  now: Date,
): Promise<DemoEnergy> {
  const zones = new Map(locations.map((l) => [l.id, pgZone(l.timezone ?? '0', l.dst ?? false)]));
  const out: EnergyDevice[] = [];
  for (const device of devices) {
    const zone = device.siteId ? zones.get(device.siteId) : undefined;
    if (!zone || !device.siteId || !isDeviceClass(device.devClass)) continue;
    const scheduler = new ManualScheduler(now.getTime());
    const model = createModel({
      devId: device.devId,
      devClass: device.devClass,
      seed: seedOf(device.devId),
      scheduler,
      timing: { loadProfile: 'flat' },
    });
    // a battery unit starts part charged: read it once its charger is done
    await scheduler.advance(4 * HOUR_MS);
    const status = model.status();
    if (status.wattage === undefined || status.voltage === undefined) continue;
    const outage = status.battlevel === undefined ? null : await outageOf(model, scheduler);
    const offline = (device.info as { demoOffline?: boolean } | undefined)?.demoOffline === true;
    out.push({
      devId: device.devId,
      siteId: device.siteId,
      zone,
      endAt: (offline && device.lastContact ? device.lastContact : now).toISOString(),
      v: status.voltage,
      a: status.amperage ?? 0,
      w: status.wattage,
      pf: status.pwr_fact ?? null,
      batt: status.battlevel ?? null,
      outage,
    });
  }
  const hour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  return {
    devices: out,
    minuteFrom: new Date(hour - DEMO_MINUTE_DAYS * 24 * HOUR_MS).toISOString(),
    rawFrom: new Date(hour - DEMO_RAW_HOURS * HOUR_MS).toISOString(),
    now: now.toISOString(),
  };
}

/**
 * Runs a battery unit through the demo's outage (mains lost for half an hour, then back) and
 * reads it each minute: per hour, how much more it drew than before (its charger) and its battery.
 */
async function outageOf(
  model: ReturnType<typeof createModel>,
  scheduler: ManualScheduler,
): Promise<OutageHour[]> {
  const before = model.status().wattage ?? 0;
  const hours: OutageHour[] = [];
  for (let h = 0; h < OUTAGE_HOURS; h++) {
    const watts: number[] = [];
    const levels: number[] = [];
    for (let m = 0; m < 60; m++) {
      const minute = h * 60 + m;
      if (minute === 0) model.setPowerCondition('lost');
      if (minute === OUTAGE_MIN) model.setPowerCondition('normal');
      await scheduler.advance(MINUTE_MS);
      const status = model.status();
      watts.push(status.wattage ?? 0);
      levels.push(status.battlevel ?? 1);
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    hours.push({
      dw: Math.max(0, mean(watts) - before),
      bmin: Math.min(...levels),
      bavg: mean(levels),
      bmax: Math.max(...levels),
    });
  }
  return hours;
}

const pgArray = (values: readonly number[]) => `{${values.map((v) => v.toFixed(6)).join(',')}}`;

/** Per hour of the week from Monday 00:00: the profile's minimum, mean and maximum. */
function hourlyFactors(): { min: number[]; avg: number[]; max: number[] } {
  const minutes = weeklyLoadFactors(1);
  const min: number[] = [];
  const max: number[] = [];
  for (let h = 0; h < 168; h++) {
    const hour = minutes.slice(h * 60, h * 60 + 60);
    min.push(Math.min(...hour));
    max.push(Math.max(...hour));
  }
  return { min, avg: weeklyLoadFactors(60), max };
}

/**
 * Seeds the energy history of the demo in bulk SQL (generate_series; the load shape looked up in
 * the simulator's profile by minute or hour of the local week): minute aggregates for the last two
 * days, the raw readings of the last 6 hours, hourly aggregates for 60 days (the last two days summed
 * from the minutes, the rest generated per hour), local days summed from the hours, a location's
 * days from its devices' days, each device's months from its days; the rollup watermarks start where the seed ends.
 */
export async function insertDemoEnergy(tx: DbOrTx, energy: DemoEnergy): Promise<void> {
  if (energy.devices.length === 0) return;
  const devicesJson = JSON.stringify(
    energy.devices.map((d) => ({ ...d, dev_id: d.devId, site_id: d.siteId, end_at: d.endAt })),
  );
  const devs = sql`jsonb_to_recordset(${devicesJson}::jsonb) AS d(
    dev_id text, site_id text, zone text, end_at timestamptz,
    v float8, a float8, w float8, pf float8, batt float8, outage jsonb
  )`;
  const minuteFactors = pgArray(weeklyLoadFactors(1));
  const hourly = hourlyFactors();
  const { minuteFrom, rawFrom } = energy;
  const now = new Date(energy.now);
  const minuteUntil = new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS).toISOString();
  const hourUntil = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS).toISOString();
  // minute (0-based) and hour of the local week from Monday 00:00
  const minuteOfWeek = (local: ReturnType<typeof sql>) =>
    sql`((extract(isodow FROM ${local})::int - 1) * 1440 + extract(hour FROM ${local})::int * 60 + extract(minute FROM ${local})::int)`;
  const hourOfWeek = (local: ReturnType<typeof sql>) =>
    sql`((extract(isodow FROM ${local})::int - 1) * 24 + extract(hour FROM ${local})::int)`;

  // the same noise every start
  await tx.execute(sql`SELECT setseed(0.16)`);

  // minute aggregates for two days, one reading a minute with a little noise around the profile
  // (it holds for the minute), and in the same pass the readings themselves for the last hours
  // (charts read raw readings for spans of an hour at most: Live)
  await tx.execute(sql`
    WITH f AS MATERIALIZED (
      SELECT (u.i - 1)::int AS m, u.k FROM unnest(${minuteFactors}::float8[]) WITH ORDINALITY AS u(k, i)
    ), m AS (
      INSERT INTO energy_minute (dev_id, bucket, kwh, covered_s, v_min, v_avg, v_max, a_min, a_avg,
        a_max, w_min, w_avg, w_max, pf_avg, batt_min, batt_avg, batt_max, samples)
      SELECT r.dev_id, r.at, r.w * ${RAW_STEP_S}::int / 3600000.0, ${RAW_STEP_S}::int,
        r.v, r.v, r.v, r.a, r.a, r.a, r.w, r.w, r.w, r.pf, r.batt, r.batt, r.batt, 1
      FROM (
        SELECT d.dev_id, s.at,
          round((d.v + (random() - 0.5) * 0.8)::numeric, 1)::real AS v,
          round((d.a * f.k * n.x)::numeric, 2)::real AS a,
          round((d.w * f.k * n.x)::numeric, 1)::real AS w,
          d.pf, d.batt
        FROM ${devs}
        CROSS JOIN LATERAL generate_series(
          ${minuteFrom}::timestamptz,
          least(date_trunc('minute', d.end_at), ${minuteUntil}::timestamptz) - interval '1 minute',
          make_interval(secs => ${RAW_STEP_S}::int)
        ) AS s(at)
        JOIN f ON f.m = ${minuteOfWeek(sql`(s.at AT TIME ZONE d.zone)`)}
        CROSS JOIN LATERAL (
          SELECT 1 + (random() - 0.5) * 0.04 + 0 * extract(epoch FROM s.at) AS x
        ) n
      ) r
      RETURNING dev_id, bucket, v_avg, a_avg, w_avg, pf_avg, batt_avg
    )
    INSERT INTO device_readings (dev_id, at, voltage, amperage, wattage, pwr_fact, battlevel)
    SELECT dev_id, bucket, v_avg, a_avg, w_avg, pf_avg, batt_avg
    FROM m WHERE bucket >= ${rawFrom}::timestamptz`);

  // hours of the last two days: summed from the minutes
  await tx.execute(sql`
    INSERT INTO energy_hour (dev_id, bucket, kwh, covered_s, v_min, v_avg, v_max, a_min, a_avg,
      a_max, w_min, w_avg, w_max, pf_avg, batt_min, batt_avg, batt_max, samples)
    SELECT dev_id, date_trunc('hour', bucket), sum(kwh), sum(covered_s),
      min(v_min), avg(v_avg), max(v_max), min(a_min), avg(a_avg), max(a_max),
      min(w_min), avg(w_avg), max(w_max), avg(pf_avg), min(batt_min), avg(batt_avg), max(batt_max),
      sum(samples)
    FROM energy_minute
    WHERE bucket >= ${minuteFrom}::timestamptz AND bucket < ${hourUntil}::timestamptz
    GROUP BY dev_id, date_trunc('hour', bucket)`);

  // the hours before: from local midnight 60 days ago, one row an hour from the profile's hour
  await tx.execute(sql`
    WITH f AS MATERIALIZED (
      SELECT (u.i - 1)::int AS h, u.lo, u.avg, u.hi
      FROM unnest(${pgArray(hourly.min)}::float8[], ${pgArray(hourly.avg)}::float8[],
        ${pgArray(hourly.max)}::float8[]) WITH ORDINALITY AS u(lo, avg, hi, i)
    )
    INSERT INTO energy_hour (dev_id, bucket, kwh, covered_s, v_min, v_avg, v_max, a_min, a_avg,
      a_max, w_min, w_avg, w_max, pf_avg, batt_min, batt_avg, batt_max, samples)
    SELECT d.dev_id, s.bucket, (d.w * f.avg * n.x + o.dw) / 1000.0, 3600,
      d.v - 1.1 - n.y, d.v + n.y, d.v + 1.1 + n.y,
      d.a * f.lo * n.x * 0.97, d.a * f.avg * n.x + o.dw / d.v,
      d.a * f.hi * n.x * 1.03 + o.dw * 1.2 / d.v,
      d.w * f.lo * n.x * 0.97, d.w * f.avg * n.x + o.dw, d.w * f.hi * n.x * 1.03 + o.dw * 1.2,
      d.pf, coalesce(o.bmin, d.batt), coalesce(o.bavg, d.batt), coalesce(o.bmax, d.batt),
      ${3600 / RAW_STEP_S}::int
    FROM ${devs}
    CROSS JOIN LATERAL generate_series(
      ((${energy.now}::timestamptz AT TIME ZONE d.zone)::date - ${DEMO_HISTORY_DAYS}::int)::timestamp
        AT TIME ZONE d.zone,
      least(date_trunc('hour', d.end_at), ${minuteFrom}::timestamptz) - interval '1 hour',
      interval '1 hour'
    ) AS s(bucket)
    JOIN f ON f.h = ${hourOfWeek(sql`(s.bucket AT TIME ZONE d.zone)`)}
    -- the battery units' outage, from its start at the local hour of that day
    CROSS JOIN LATERAL (
      SELECT coalesce(max((e.o ->> 'dw')::float8), 0) AS dw, max((e.o ->> 'bmin')::float8) AS bmin,
        max((e.o ->> 'bavg')::float8) AS bavg, max((e.o ->> 'bmax')::float8) AS bmax
      FROM jsonb_array_elements(coalesce(d.outage, '[]'::jsonb)) WITH ORDINALITY AS e(o, i)
      WHERE s.bucket = ((((${energy.now}::timestamptz AT TIME ZONE d.zone)::date
        - ${DEMO_OUTAGE.daysAgo}::int) + make_time(${DEMO_OUTAGE.hour}::int, 0, 0)) AT TIME ZONE d.zone)
        + (e.i - 1) * interval '1 hour'
    ) o
    CROSS JOIN LATERAL (
      SELECT 1 + (random() - 0.5) * 0.06 + 0 * extract(epoch FROM s.bucket) AS x,
        (random() - 0.5) * 0.6 AS y
    ) n`);

  // local days of each device's location, summed from its hours
  await tx.execute(sql`
    INSERT INTO energy_day (dev_id, site_id, day, kwh, covered_s, v_min, v_avg, v_max, a_min,
      a_avg, a_max, w_min, w_avg, w_max, pf_avg, batt_min, batt_avg, batt_max, samples)
    SELECT h.dev_id, d.site_id, (h.bucket AT TIME ZONE d.zone)::date, sum(h.kwh), sum(h.covered_s),
      min(h.v_min), sum(h.v_avg * h.samples) / sum(h.samples), max(h.v_max),
      min(h.a_min), sum(h.a_avg * h.samples) / sum(h.samples), max(h.a_max),
      min(h.w_min), sum(h.w_avg * h.samples) / sum(h.samples), max(h.w_max),
      sum(h.pf_avg * h.samples) / sum(h.samples),
      min(h.batt_min), sum(h.batt_avg * h.samples) / sum(h.samples), max(h.batt_max),
      sum(h.samples)
    FROM energy_hour h JOIN ${devs} ON d.dev_id = h.dev_id
    GROUP BY h.dev_id, d.site_id, (h.bucket AT TIME ZONE d.zone)::date`);

  await tx.execute(sql`
    INSERT INTO energy_site_day (site_id, day, kwh)
    SELECT site_id, day, sum(kwh) FROM energy_day GROUP BY site_id, day`);

  // each device's local months, summed from its days
  await tx.execute(sql`
    INSERT INTO energy_device_month (site_id, dev_id, month, kwh)
    SELECT e.site_id, e.dev_id, to_char(e.day, 'YYYY-MM'), sum(e.kwh)
    FROM energy_day e JOIN ${devs} ON d.dev_id = e.dev_id
    GROUP BY e.site_id, e.dev_id, to_char(e.day, 'YYYY-MM')`);

  // the rollups go on from where the seed ends
  await tx.execute(sql`
    UPDATE energy_rollup_progress SET done_until = CASE level
      WHEN 'minute' THEN ${minuteUntil}::timestamptz ELSE ${hourUntil}::timestamptz END
    WHERE done_until IS NULL`);
}
