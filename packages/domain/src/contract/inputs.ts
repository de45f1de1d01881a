import { z } from 'zod';
import { deviceClassSchema } from '../catalog/device-class';

/** Inputs many calls share (spec §7 parameters). */

const MAX_RECORDS = 10_000;

/** pageNo (0 and 1 both the first page) and recordsPerPage (a number or 'all'), spec §7. */
export const pagingInput = z.object({
  pageNo: z.coerce
    .number({ message: 'pageNo must be a number' })
    .int('pageNo must be a whole number')
    .min(0, 'pageNo must be 0 or more')
    .default(1),
  recordsPerPage: z
    .union([z.literal('all'), z.coerce.number().int().min(1).max(MAX_RECORDS)], {
      message: `recordsPerPage must be 'all' or a number from 1 to ${MAX_RECORDS}`,
    })
    .default(12),
});

export const siteIdField = z
  .string({ message: 'siteId is required' })
  .trim()
  .min(1, 'siteId is required')
  .max(100, 'siteId is too long');

export const siteIdInput = z.object({ siteId: siteIdField });

/** A call without parameters. */
export const noInput = z.object({});

/** The `{ok: true}` answer of a call that only changes something. */
export const okOutput = z.object({ ok: z.literal(true) });

/** A device id as the console sends it (hex, either case); the server reads it upper-case. */
export const devIdField = z
  .string({ message: 'devId is required' })
  .trim()
  .regex(/^[0-9A-Fa-f]{6,32}$/, 'devId must be a device id (6-32 hex digits)')
  .transform((v) => v.toUpperCase());

export const devClassField = z.enum(deviceClassSchema.options, {
  message: 'devClass must be a device class',
});

/** An outlet number of a control call (1-12; the device's own count is the service's check). */
export const otltField = z.coerce
  .number({ message: 'otlt must be an outlet number' })
  .int('otlt must be an outlet number')
  .min(1, 'otlt must be an outlet number from 1')
  .max(12, 'otlt must be an outlet number up to 12');

/** On/off of a control call: 0 or 1, as a number or form text. */
export const binaryState = z
  .union([z.literal(0), z.literal(1), z.enum(['0', '1'])], { message: 'state must be 0 or 1' })
  .transform((v): 0 | 1 => (Number(v) === 1 ? 1 : 0));
