import {
  formatAmperage,
  formatPowerStatus,
  formatVoltage,
  formatWattage,
  zoneOffsetMinutes,
  type DeviceEnergy,
  type EnergyBar,
  type EnergyField,
  type EnergyMonth,
  type EnergyRange,
  type LocationZone,
} from '@powerdeck/domain';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/**
 * The data of the Energy Usage tab shaped for its charts, legends and CSV export: pure functions
 * of the `getDeviceEnergy` answer, testable without a canvas.
 */

/** What the range picker asks for: a range, and the local first and last day of a custom one. */
export interface RangeChoice {
  range: EnergyRange;
  from?: string;
  to?: string;
}

/** The picker's choices, in order. */
export const RANGE_LABELS: Record<EnergyRange, string> = {
  live: 'Live',
  '24h': '24 hours',
  '7d': '7 days',
  '30d': '30 days',
  '12m': '12 months',
  custom: 'Custom',
};

/** The input of `getDeviceEnergy` for a choice: from and to only for a custom range. */
export function energyInput(siteId: string, devId: string, choice: RangeChoice) {
  return choice.range === 'custom'
    ? { siteId, devId, range: choice.range, from: choice.from, to: choice.to }
    : { siteId, devId, range: choice.range };
}

/** The longest custom range, in days counted inclusively (the server's limit: two years). */
const MAX_CUSTOM_DAYS = 731;

/** What keeps a custom range from being asked for; null when it can be (and for other ranges). */
export function customRangeProblem(choice: RangeChoice): string | null {
  if (choice.range !== 'custom') return null;
  const day = /^\d{4}-\d{2}-\d{2}$/;
  if (!choice.from || !choice.to || !day.test(choice.from) || !day.test(choice.to)) {
    return 'Pick the first and last day of the range.';
  }
  if (choice.from > choice.to) return 'From must not be after To.';
  const days = dayjs.utc(choice.to).diff(dayjs.utc(choice.from), 'day') + 1;
  if (days > MAX_CUSTOM_DAYS) return 'A custom range spans at most two years.';
  return null;
}

/** A custom range can be asked for once both days are set, in order and at most two years apart. */
export function customRangeReady(choice: RangeChoice): boolean {
  return customRangeProblem(choice) === null;
}

export interface FieldMeta {
  label: string;
  /** The unit after a value; '' for power factor. */
  unit: string;
  /** The value as stored to the value shown (battery 0-1 to percent). */
  scale: (value: number) => number;
  /** Spec §9 precision of the shown value. */
  format: (value: number) => string;
}

/** Each quantity's label, unit and spec §9 precision. */
export const FIELD_META: Record<EnergyField, FieldMeta> = {
  voltage: { label: 'Voltage', unit: 'V', scale: (v) => v, format: formatVoltage },
  amperage: { label: 'Amperage', unit: 'A', scale: (v) => v, format: formatAmperage },
  wattage: { label: 'Wattage', unit: 'W', scale: (v) => v, format: formatWattage },
  pwr_fact: { label: 'Power factor', unit: '', scale: (v) => v, format: formatPowerStatus },
  battlevel: {
    label: 'Battery',
    unit: '%',
    // Battery 0-1 times 100 is percent (spec §9); a chart keeps the fraction of a percent.
    scale: (v) => v * 100,
    format: (v) => String(Math.round(v)),
  },
};

/** A shown value with its unit, e.g. "120.4 V"; '–' for a gap. */
export function formatReading(field: EnergyField, shown: number | null | undefined): string {
  if (shown === null || shown === undefined || !Number.isFinite(shown)) return '–';
  const meta = FIELD_META[field];
  const text = meta.format(shown);
  if (meta.unit === '') return text;
  return meta.unit === '%' ? `${text}%` : `${text} ${meta.unit}`;
}

/** The chart's axis title, e.g. "Voltage (V)". */
export function axisLabel(field: EnergyField): string {
  const meta = FIELD_META[field];
  return meta.unit === '' ? meta.label : `${meta.label} (${meta.unit})`;
}

/** The clock of an answer's `zone`: an IANA name, or a fixed offset such as "-08:00". */
export function zoneOf(zone: string): LocationZone {
  const fixed = /^(?:UTC|GMT)?([+-])(\d{1,2}):?(\d{2})$/.exec(zone);
  if (fixed) {
    const minutes = Number(fixed[2]) * 60 + Number(fixed[3]);
    return { kind: 'fixed', offsetMinutes: fixed[1] === '-' ? -minutes : minutes };
  }
  if (zone === 'UTC' || zone === 'GMT' || zone === '') return { kind: 'fixed', offsetMinutes: 0 };
  return { kind: 'iana', zone };
}

/** A moment (Unix seconds) in the location's time, in a dayjs format. */
export function formatInZone(seconds: number, zone: LocationZone, format: string): string {
  const ms = seconds * 1000;
  return dayjs.utc(ms).utcOffset(zoneOffsetMinutes(zone, ms)).format(format);
}

/** The hover legend's time: spec date-time format in the location's time. */
export const HOVER_TIME_FORMAT = 'MMM/DD/YYYY hh:mm:ss A';
const CSV_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/**
 * A Date whose local fields read the location's wall clock at `seconds` (uPlot's `tzDate`: it
 * draws axis ticks with the browser's local getters).
 */
export function zonedDate(seconds: number, zone: LocationZone): Date {
  const ms = seconds * 1000;
  const browserOffset = -new Date(ms).getTimezoneOffset();
  return new Date(ms + (zoneOffsetMinutes(zone, ms) - browserOffset) * 60_000);
}

export interface ChartSeries {
  field: EnergyField;
  /** uPlot's data: times, averages, minimums, maximums (shown values, battery in percent). */
  data: [number[], (number | null)[], (number | null)[], (number | null)[]];
  /** Whether min and max differ from the average anywhere (a band is worth drawing). */
  hasBand: boolean;
}

const scaled = (field: EnergyField, values: readonly (number | null)[]) =>
  values.map((v) => (v === null ? null : FIELD_META[field].scale(v)));

/** The series of an answer in the order of its fields, as uPlot takes them. */
export function chartSeries(answer: DeviceEnergy): ChartSeries[] {
  return answer.series.map((series) => {
    const avg = scaled(series.field, series.avg);
    const min = scaled(series.field, series.min);
    const max = scaled(series.field, series.max);
    const hasBand = avg.some((v, i) => v !== (min[i] ?? null) || v !== (max[i] ?? null));
    return { field: series.field, data: [[...answer.t], avg, min, max], hasBand };
  });
}

/** The money of a cost, e.g. "$12.34" (the rates of Location Settings are in dollars). */
export function formatCost(cost: number): string {
  return `$${cost.toFixed(2)}`;
}

/** kWh with one decimal under 1,000 and none above, e.g. "12.3 kWh", "1,234 kWh". */
export function formatKwh(kwh: number): string {
  const digits = kwh >= 1000 ? 0 : kwh >= 10 ? 1 : 2;
  return `${kwh.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })} kWh`;
}

/** A bar's period for its label: "Nov 03" for a day, "Nov 2026" for a month. */
export function periodLabel(period: string): string {
  const month = /^\d{4}-\d{2}$/.test(period);
  const parsed = dayjs.utc(month ? `${period}-01` : period);
  if (!parsed.isValid()) return period;
  return parsed.format(month ? 'MMM YYYY' : 'MMM DD');
}

/** What a bar says to a screen reader and on hover: "Nov 03: 12.3 kWh, $1.85". */
export function barText(bar: EnergyBar): string {
  const cost = bar.cost === null ? '' : `, ${formatCost(bar.cost)}`;
  return `${periodLabel(bar.period)}: ${formatKwh(bar.kwh)}${cost}`;
}

const csvCell = (value: string | number | null): string => {
  if (value === null) return '';
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

const csvLines = (rows: (string | number | null)[][]): string =>
  rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';

/**
 * The readings shown as CSV: one row per point with its local time, Unix time and each field's
 * average, minimum and maximum in the chart's units and precision.
 */
export function readingsCsv(answer: DeviceEnergy): string {
  const zone = zoneOf(answer.zone);
  const header: string[] = [`time (${answer.zone})`, 'unix'];
  for (const series of answer.series) {
    const label = axisLabel(series.field);
    header.push(`${label} avg`, `${label} min`, `${label} max`);
  }
  const shown = chartSeries(answer);
  const cell = (field: EnergyField, value: number | null | undefined) =>
    value === null || value === undefined ? null : FIELD_META[field].format(value);
  const rows = answer.t.map((t, i) => [
    formatInZone(t, zone, CSV_TIME_FORMAT),
    t,
    ...shown.flatMap(({ field, data }) => [
      cell(field, data[1][i]),
      cell(field, data[2][i]),
      cell(field, data[3][i]),
    ]),
  ]);
  return csvLines([header, ...rows]);
}

/** The bars shown as CSV: period, kWh and cost (empty without rates). */
export function barsCsv(answer: DeviceEnergy): string {
  const daily = answer.bars.every((bar) => bar.period.length === 10);
  return csvLines([
    [daily ? 'day' : 'month', 'kWh', 'cost'],
    ...answer.bars.map((bar) => [
      bar.period,
      bar.kwh.toFixed(3),
      bar.cost === null ? null : bar.cost.toFixed(2),
    ]),
  ]);
}

/** The file name of an export: device, range and kind, e.g. "0065A3000001-7d-readings.csv". */
export function csvFileName(answer: DeviceEnergy, kind: 'readings' | 'kwh'): string {
  const span =
    answer.range === 'custom'
      ? `${formatInZone(answer.from, zoneOf(answer.zone), 'YYYY-MM-DD')}_${formatInZone(answer.to, zoneOf(answer.zone), 'YYYY-MM-DD')}`
      : answer.range;
  return `${answer.devId}-${span}-${kind}.csv`;
}

/** The share of the budget the forecast and the month so far take, in percent (null: no budget). */
export function budgetShares(month: {
  costToDate: number | null;
  forecastCost: number | null;
  budget: number | null;
}): { toDate: number; forecast: number } | null {
  if (month.budget === null || month.budget <= 0) return null;
  if (month.costToDate === null || month.forecastCost === null) return null;
  return {
    toDate: (month.costToDate / month.budget) * 100,
    forecast: (month.forecastCost / month.budget) * 100,
  };
}

/** The Live range shows this much: the last hour. */
const LIVE_SPAN_SECONDS = 3600;

/** One status report of the device's live stream: its time (Unix seconds) and its readings. */
type LiveStatus = { time: number } & Partial<Record<EnergyField, number>>;

/**
 * A Live answer with one pushed status report added as a raw point (average, minimum and maximum
 * alike), points older than an hour before it dropped. Reports not after the last point (already
 * read, or out of order) and answers of other ranges come back unchanged.
 */
export function appendLivePoint(answer: DeviceEnergy, status: LiveStatus): DeviceEnergy {
  if (answer.range !== 'live' || answer.resolution !== 'raw') return answer;
  const last = answer.t[answer.t.length - 1];
  if (last !== undefined && status.time <= last) return answer;
  const t = [...answer.t, status.time];
  const keepFrom = t.findIndex((time) => time > status.time - LIVE_SPAN_SECONDS);
  const keep = <V>(values: readonly V[]) => values.slice(keepFrom);
  return {
    ...answer,
    to: Math.max(answer.to, status.time),
    t: keep(t),
    series: answer.series.map((series) => {
      const value = status[series.field] ?? null;
      return {
        ...series,
        avg: keep([...series.avg, value]),
        min: keep([...series.min, value]),
        max: keep([...series.max, value]),
      };
    }),
  };
}

/** The current month's daily share of the location's budget, in kWh at the month's rate. */
export interface DailyBudget {
  /** `YYYY-MM` the line applies to (the days of the bars in it). */
  month: string;
  kwh: number;
  /** The money a day: the budget divided by the days of the month. */
  cost: number;
  /** The month's rate so far (cost ÷ kWh), money per kWh. */
  rate: number;
  days: number;
}

/**
 * The line the day bars draw for the current month: the monthly budget ÷ the days of the month ÷
 * the month's rate so far. Null without a budget, without rates, or before the month has a rate
 * (no kWh yet).
 */
export function dailyBudget(month: EnergyMonth, ratesSet: boolean): DailyBudget | null {
  if (!ratesSet || month.budget === null || month.budget <= 0) return null;
  if (month.costToDate === null || month.kwhToDate <= 0 || month.costToDate <= 0) return null;
  const parsed = dayjs.utc(`${month.month}-01`);
  if (!/^\d{4}-\d{2}$/.test(month.month) || !parsed.isValid()) return null;
  const days = parsed.daysInMonth();
  const rate = month.costToDate / month.kwhToDate;
  const cost = month.budget / days;
  return { month: month.month, kwh: cost / rate, cost, rate, days };
}

/** The text alternative of the budget line. */
export function dailyBudgetText(budget: DailyBudget, budgetOf: string): string {
  return (
    `Dashed line: the ${budgetOf} per day this month, ${formatKwh(budget.kwh)} ` +
    `(${formatCost(budget.cost * budget.days)} ÷ ${budget.days} days ÷ $${budget.rate.toFixed(3)}/kWh, ` +
    `the month’s rate so far)`
  );
}
