import { z } from 'zod';
import { deviceEnergySchema, energyRangeSchema, locationEnergySchema } from '../../api/energy';
import { type CallGroup, defineCall } from '../call';
import { devIdField, siteIdField } from '../inputs';

const localDate = z
  .string({ message: 'must be a date (YYYY-MM-DD)' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)');

/**
 * Energy Usage (issue 16): a device's readings and energy over a range, and a location's month to
 * date against its budget. docs/api/energy.md.
 */
export const energy = {
  getDeviceEnergy: defineCall({
    area: 'energyManagement',
    svc: 'getDeviceEnergy',
    methods: ['GET'],
    input: z
      .object({
        siteId: siteIdField,
        devId: devIdField,
        range: energyRangeSchema,
        /** `custom` only: first and last local day shown (at most 2 years apart). */
        from: localDate.optional(),
        to: localDate.optional(),
      })
      .refine((i) => i.range !== 'custom' || (i.from !== undefined && i.to !== undefined), {
        message: 'a custom range needs from and to',
        path: ['from'],
      })
      .refine((i) => i.from === undefined || i.to === undefined || i.from <= i.to, {
        message: 'from must not be after to',
        path: ['to'],
      }),
    output: deviceEnergySchema,
    access: 'user',
    rule: 'any level at siteId',
    summary:
      'A device’s voltage, amperage, wattage (power factor, battery where its family has them) ' +
      'over a range at a resolution of at most ~2,000 points, kWh per day or month with cost ' +
      'from the location’s seasonal rates, and the month to date, forecast and budget.',
  }),
  getLocationEnergy: defineCall({
    area: 'energyManagement',
    svc: 'getLocationEnergy',
    methods: ['GET'],
    input: z.object({ siteId: siteIdField }),
    output: locationEnergySchema,
    access: 'user',
    rule: 'any level at siteId',
    summary:
      'A location’s month-to-date kWh and cost, its forecast against the monthly budget, and ' +
      'its top consumers.',
  }),
} satisfies CallGroup;
