import { z } from 'zod';
import { deviceClassSchema } from '../catalog/device-class';

/**
 * Wire types of Energy Usage (issue 16, docs/api/energy.md). Times are Unix seconds; local dates
 * (`YYYY-MM-DD`, months `YYYY-MM`) are the location's. Energy in kWh, money in the location's
 * rate unit (no currency is stored).
 */

/** The ranges of the Energy Usage tab. */
export const ENERGY_RANGES = ['live', '24h', '7d', '30d', '12m', 'custom'] as const;
export const energyRangeSchema = z.enum(ENERGY_RANGES, {
  message: 'range must be an energy range',
});
export type EnergyRange = z.infer<typeof energyRangeSchema>;

/** How fine a chart's points are: the raw readings, or minute, hour or day aggregates. */
export const ENERGY_RESOLUTIONS = ['raw', 'minute', 'hour', 'day'] as const;
export const energyResolutionSchema = z.enum(ENERGY_RESOLUTIONS);
export type EnergyResolution = z.infer<typeof energyResolutionSchema>;

/** The measured quantities a chart can show. */
export const ENERGY_FIELDS = ['voltage', 'amperage', 'wattage', 'pwr_fact', 'battlevel'] as const;
export const energyFieldSchema = z.enum(ENERGY_FIELDS);
export type EnergyField = z.infer<typeof energyFieldSchema>;

const series = z.array(z.number().nullable());

/** One quantity over time: the average of each point, and its minimum and maximum. */
export const energySeriesSchema = z.object({
  field: energyFieldSchema,
  avg: series,
  min: series,
  max: series,
});
export type EnergySeries = z.infer<typeof energySeriesSchema>;

/** kWh of one local day or month, with its cost at the rate of that date (null: no rates set). */
export const energyBarSchema = z.object({
  /** `YYYY-MM-DD` for a day, `YYYY-MM` for a month. */
  period: z.string(),
  kwh: z.number().nonnegative(),
  cost: z.number().nonnegative().nullable(),
});
export type EnergyBar = z.infer<typeof energyBarSchema>;

/** The month so far, its forecast, and the location's monthly budget. */
export const energyMonthSchema = z.object({
  /** `YYYY-MM` of the location's current month. */
  month: z.string(),
  kwhToDate: z.number().nonnegative(),
  costToDate: z.number().nonnegative().nullable(),
  forecastKwh: z.number().nonnegative(),
  forecastCost: z.number().nonnegative().nullable(),
  /** The location's monthly budget (money); null when none is set. */
  budget: z.number().nonnegative().nullable(),
});
export type EnergyMonth = z.infer<typeof energyMonthSchema>;

/** `energyManagement svc=getDeviceEnergy`: one device's readings and energy over a range. */
export const deviceEnergySchema = z.object({
  devId: z.string(),
  devClass: deviceClassSchema,
  /**
   * `self`: the device measures itself; `parent`: its parent measures it (a card's unit);
   * `none`: the family reports no energy (the tab says so plainly).
   */
  measuredBy: z.enum(['self', 'parent', 'none']),
  /** The location's IANA time zone, for axes and tooltips. */
  zone: z.string(),
  range: energyRangeSchema,
  /** The span shown, Unix seconds. */
  from: z.number().int(),
  to: z.number().int(),
  resolution: energyResolutionSchema,
  /** Point times (Unix seconds, each point's start); every series has one value per time. */
  t: z.array(z.number().int()),
  series: z.array(energySeriesSchema),
  /** kWh per local day (ranges up to 30 days) or per local month (12 months). */
  bars: z.array(energyBarSchema),
  /** Whether the location has rates (costs are null without them). */
  ratesSet: z.boolean(),
  month: energyMonthSchema,
});
export type DeviceEnergy = z.infer<typeof deviceEnergySchema>;

/** A device's share of a location's month. */
export const energyConsumerSchema = z.object({
  devId: z.string(),
  devClass: deviceClassSchema,
  devName: z.string(),
  kwh: z.number().nonnegative(),
  cost: z.number().nonnegative().nullable(),
});

/** `energyManagement svc=getLocationEnergy`: a location's month to date, forecast and budget. */
export const locationEnergySchema = z.object({
  siteId: z.string(),
  zone: z.string(),
  ratesSet: z.boolean(),
  month: energyMonthSchema,
  /** The devices that used most this month, most first (at most 5). */
  topConsumers: z.array(energyConsumerSchema),
});
export type LocationEnergy = z.infer<typeof locationEnergySchema>;
