import {
  type DeviceEnergy,
  type DeviceSpec,
  ENERGY_FIELDS,
  type EnergyBar,
  type EnergyField,
  type EnergyMonth,
  type EnergyRange,
  type EnergyResolution,
  type EnergySeries,
  type LocationEnergy,
  type LocationZone,
  type SessionUser,
  costOfDays,
  findDeviceSpec,
  forecastMonth,
  localDateOf,
  localMonthOf,
  locationZone,
  rateOn,
  resolutionFor,
} from '@powerdeck/domain';
import { badRequest, forbidden, messages, notFound } from '../../http/errors';
import { requireLocationAccess } from '../../http/location-access';
import type { Clock } from '../../infra/clock';
import { DEVICE_NOT_FOUND } from '../devices/device-access';
import type { PermissionsRepository } from '../permissions/permissions.repository';
import { addDays, daysBetween, midnightOf, monthStart, zoneName } from './energy-time';
import type {
  EnergyDayRow,
  EnergyPointRow,
  EnergyRepository,
  EnergySite,
} from './energy.repository';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/**
 * Bars are per local day up to this many local dates, per local month beyond: the 30-day range
 * touches 31 dates (today and its first, partial day), and two months of days still read as bars.
 */
const DAILY_BARS_UP_TO_DAYS = 62;
/** A custom range spans at most two years. */
const MAX_CUSTOM_DAYS = 731;
const TOP_CONSUMERS = 5;

export const energyErrors = {
  customTooLong: 'A custom range spans at most two years.',
} as const;

/** The columns of each quantity in a point row. */
const COLUMNS: Record<EnergyField, 'v' | 'a' | 'w' | 'pf' | 'batt'> = {
  voltage: 'v',
  amperage: 'a',
  wattage: 'w',
  pwr_fact: 'pf',
  battlevel: 'batt',
};

/** Whether a class measures itself: a meter or wattage panel, or a battery (catalog facts). */
function measuresItself(spec: DeviceSpec): boolean {
  return spec.panels.meter || spec.panels.wattage || spec.panels.battery;
}

/**
 * Who measures a device: itself when its class does; else its parent (a kid whose family has no
 * meter) when the parent's class does; else nothing. Read from the catalog, never from a class.
 */
export function measuredByOf(
  spec: DeviceSpec,
  parentSpec: DeviceSpec | undefined,
): DeviceEnergy['measuredBy'] {
  if (measuresItself(spec)) return 'self';
  return parentSpec && measuresItself(parentSpec) ? 'parent' : 'none';
}

/** The quantities a measuring class reports, from its status columns and panels. */
export function energyFieldsOf(spec: DeviceSpec): EnergyField[] {
  const columns = new Set<string>(spec.statusColumns.map((c) => c.field));
  const has: Record<EnergyField, boolean> = {
    voltage: columns.has('voltage'),
    amperage: columns.has('amperage'),
    wattage: spec.panels.meter || spec.panels.wattage,
    pwr_fact: columns.has('pwr_fact'),
    battlevel: spec.panels.battery,
  };
  return ENERGY_FIELDS.filter((field) => has[field]);
}

/** The span of a range: its instants and the local days it touches ([fromDate, toDate)). */
interface Span {
  fromMs: number;
  toMs: number;
  fromDate: string;
  toDate: string;
  days: number;
}

/** The month so far of some local days at a location. */
function monthFigures(
  days: readonly EnergyDayRow[],
  site: EnergySite,
  nowMs: number,
  month: { month: string; startMs: number; endMs: number },
): EnergyMonth {
  const kwhToDate = days.reduce((sum, d) => sum + d.kwh, 0);
  const ratesSet = site.rates.length > 0;
  const costToDate = costOfDays(
    days.map((d) => ({ date: d.day, kwh: d.kwh })),
    site.rates,
  );
  const forecastKwh = forecastMonth({
    kwhToDate,
    elapsedMs: nowMs - month.startMs,
    monthMs: month.endMs - month.startMs,
  });
  const rate = rateOn(site.rates, Number(month.month.slice(5, 7))) ?? 0;
  return {
    month: month.month,
    kwhToDate,
    costToDate,
    forecastKwh,
    forecastCost: ratesSet ? forecastKwh * rate : null,
    budget: site.monthlyBudget > 0 ? site.monthlyBudget : null,
  };
}

/**
 * Energy Usage (issue 16): a device's readings and energy over a range, a location's month to
 * date against its budget. Read at any level at the location (CLIENT included); 403 without one,
 * 404 for a device that is not there.
 */
export class EnergyService {
  constructor(
    private readonly deps: {
      repo: EnergyRepository;
      permissions: PermissionsRepository;
      clock: Clock;
    },
  ) {}

  private async siteFor(user: SessionUser, siteId: string): Promise<EnergySite> {
    await requireLocationAccess(this.deps.permissions, user, siteId);
    const site = await this.deps.repo.site(siteId);
    if (!site) throw forbidden(messages.noLocationPermission);
    return site;
  }

  async getDeviceEnergy(
    user: SessionUser,
    input: { siteId: string; devId: string; range: EnergyRange; from?: string; to?: string },
  ): Promise<DeviceEnergy> {
    const { repo } = this.deps;
    const site = await this.siteFor(user, input.siteId);
    const device = await repo.device(input.devId);
    const spec = device ? findDeviceSpec(device.devClass) : undefined;
    if (!device || !spec || device.siteId !== input.siteId) throw notFound(DEVICE_NOT_FOUND);

    // who measures it: itself, else its parent (a card's unit), else nothing (catalog facts)
    const parentSpec = device.parentDevClass ? findDeviceSpec(device.parentDevClass) : undefined;
    const measuredBy = measuredByOf(spec, device.parentDevId ? parentSpec : undefined);
    const measurer =
      measuredBy === 'self'
        ? { devId: device.devId, spec }
        : measuredBy === 'parent' && device.parentDevId && parentSpec
          ? { devId: device.parentDevId, spec: parentSpec }
          : undefined;

    const zone = locationZone(site.timezone, site.dst);
    const nowMs = this.deps.clock.now().getTime();
    const span = spanOf(input, nowMs, zone);
    const resolution = resolutionFor(input.range, span.toMs - span.fromMs);
    const month = localMonthOf(zone, nowMs);
    const monthFirst = `${month.month}-01`;
    const fields = measurer ? energyFieldsOf(measurer.spec) : [];

    const monthNext = monthStart(monthFirst, 1);
    const barDays = measurer ? await repo.days(measurer.devId, span.fromDate, span.toDate) : [];
    // a day chart's points are its bars' days; a span that holds the whole month so far holds
    // its days (no rollup row is dated after today)
    const [points, monthDays] = measurer
      ? await Promise.all([
          resolution === 'day'
            ? barDays.map(({ day, kwh: _kwh, ...values }) => ({
                t: midnightOf(day, zone) / 1000,
                ...values,
              }))
            : this.points(measurer.devId, resolution, span),
          span.fromDate <= monthFirst && span.toDate > localDateOf(nowMs, zone)
            ? barDays.filter((d) => d.day >= monthFirst && d.day < monthNext)
            : repo.days(measurer.devId, monthFirst, monthNext),
        ])
      : [[], []];

    return {
      devId: device.devId,
      devClass: spec.devClass,
      measuredBy: measurer ? measuredBy : 'none',
      zone: zoneName(zone),
      range: input.range,
      from: Math.floor(span.fromMs / 1000),
      to: Math.floor(span.toMs / 1000),
      resolution,
      t: points.map((p) => Math.floor(Number(p.t))),
      series: fields.map((field) => seriesOf(field, points)),
      bars:
        input.range !== '12m' && span.days <= DAILY_BARS_UP_TO_DAYS
          ? dayBars(barDays, site)
          : monthBars(barDays, site),
      ratesSet: site.rates.length > 0,
      month: monthFigures(monthDays, site, nowMs, month),
    };
  }

  async getLocationEnergy(user: SessionUser, siteId: string): Promise<LocationEnergy> {
    const site = await this.siteFor(user, siteId);
    return this.locationEnergy(site);
  }

  /** A location's month to date, forecast and budget (the budget check: no top consumers). */
  async locationMonth(site: EnergySite): Promise<EnergyMonth> {
    const zone = locationZone(site.timezone, site.dst);
    const nowMs = this.deps.clock.now().getTime();
    const month = localMonthOf(zone, nowMs);
    const first = `${month.month}-01`;
    const days = await this.deps.repo.siteDays(site.siteId, first, monthStart(first, 1));
    return monthFigures(days, site, nowMs, month);
  }

  /** A location's month and its top consumers. */
  private async locationEnergy(site: EnergySite): Promise<LocationEnergy> {
    const { repo } = this.deps;
    const zone = locationZone(site.timezone, site.dst);
    const nowMs = this.deps.clock.now().getTime();
    const month = localMonthOf(zone, nowMs);
    const first = `${month.month}-01`;
    const next = monthStart(first, 1);
    const [days, consumers] = await Promise.all([
      repo.siteDays(site.siteId, first, next),
      repo.topConsumers(site.siteId, month.month, TOP_CONSUMERS),
    ]);
    return {
      siteId: site.siteId,
      zone: zoneName(zone),
      ratesSet: site.rates.length > 0,
      month: monthFigures(days, site, nowMs, month),
      topConsumers: consumers.flatMap((c) => {
        const spec = findDeviceSpec(c.devClass);
        if (!spec) return [];
        const kwh = Number(c.kwh);
        return [
          {
            devId: c.devId,
            devClass: spec.devClass,
            devName: c.devName,
            kwh,
            cost: costOfDays([{ date: first, kwh }], site.rates),
          },
        ];
      }),
    };
  }

  /** Raw readings, or minute or hour aggregates (day charts are read with their bars). */
  private async points(devId: string, resolution: EnergyResolution, span: Span) {
    const { repo } = this.deps;
    const to = new Date(span.toMs);
    if (resolution === 'raw') return repo.raw(devId, new Date(span.fromMs), to);
    // from the start of the bucket the span begins in
    const step = resolution === 'minute' ? 60_000 : HOUR_MS;
    const from = new Date(Math.floor(span.fromMs / step) * step);
    return repo.buckets(resolution === 'minute' ? 'minute' : 'hour', devId, from, to);
  }
}

/** The instants and local days a range shows. */
function spanOf(
  input: { range: EnergyRange; from?: string; to?: string },
  nowMs: number,
  zone: LocationZone,
): Span {
  const today = localDateOf(nowMs, zone);
  let fromMs: number;
  let toMs = nowMs;
  switch (input.range) {
    case 'live':
      fromMs = nowMs - HOUR_MS;
      break;
    case '24h':
      fromMs = nowMs - DAY_MS;
      break;
    case '7d':
      fromMs = nowMs - 7 * DAY_MS;
      break;
    case '30d':
      fromMs = nowMs - 30 * DAY_MS;
      break;
    case '12m':
      fromMs = midnightOf(monthStart(today, -11), zone);
      break;
    case 'custom': {
      const from = input.from ?? today;
      const to = input.to ?? today;
      if (daysBetween(from, to) + 1 > MAX_CUSTOM_DAYS) {
        throw badRequest(energyErrors.customTooLong, { to: energyErrors.customTooLong });
      }
      fromMs = midnightOf(from, zone);
      toMs = midnightOf(addDays(to, 1), zone);
      break;
    }
  }
  const fromDate = localDateOf(fromMs, zone);
  const toDate = addDays(localDateOf(toMs - 1, zone), 1);
  return { fromMs, toMs, fromDate, toDate, days: daysBetween(fromDate, toDate) };
}

function seriesOf(field: EnergyField, points: readonly EnergyPointRow[]): EnergySeries {
  const c = COLUMNS[field];
  const column = (suffix: 'min' | 'avg' | 'max') =>
    points.map((p) => {
      const value = p[`${c}_${suffix}`];
      return value === null || value === undefined ? null : Number(value);
    });
  return { field, avg: column('avg'), min: column('min'), max: column('max') };
}

function dayBars(days: readonly EnergyDayRow[], site: EnergySite): EnergyBar[] {
  return days.map((d) => {
    const kwh = Number(d.kwh);
    return { period: d.day, kwh, cost: costOfDays([{ date: d.day, kwh }], site.rates) };
  });
}

function monthBars(days: readonly EnergyDayRow[], site: EnergySite): EnergyBar[] {
  const byMonth = new Map<string, { date: string; kwh: number }[]>();
  for (const d of days) {
    const month = d.day.slice(0, 7);
    const list = byMonth.get(month) ?? [];
    list.push({ date: d.day, kwh: Number(d.kwh) });
    byMonth.set(month, list);
  }
  return [...byMonth].map(([period, list]) => ({
    period,
    kwh: list.reduce((sum, d) => sum + d.kwh, 0),
    cost: costOfDays(list, site.rates),
  }));
}
