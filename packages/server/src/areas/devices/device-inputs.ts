import { deviceClassSchema, deviceNameSchema } from '@powerdeck/domain';
import { z } from 'zod';

/** Input schemas of the device calls (query merged with a form or JSON body). */

export const siteIdField = z
  .string({ message: 'siteId is required' })
  .trim()
  .min(1, 'siteId is required')
  .max(100, 'siteId is too long');

export const devIdField = z
  .string({ message: 'devId is required' })
  .trim()
  .regex(/^[0-9A-Fa-f]{6,32}$/, 'devId must be a device id (6-32 hex digits)')
  .transform((v) => v.toUpperCase());

const devClass = z.enum(deviceClassSchema.options, { message: 'devClass must be a device class' });

export const deviceQueryInput = z.object({
  siteId: siteIdField,
  devClass,
  devId: devIdField,
  cmdId: z.uuid('cmdId must be a command id').optional(),
});

/** Device identified without its location (settings, watch): the location comes from the row. */
export const bareDeviceInput = z.object({ devId: devIdField, devClass: devClass.optional() });

export const siteInput = z.object({ siteId: siteIdField });

const yes = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'yes', 'no'])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'yes');

export const deviceListInput = z.object({
  siteId: siteIdField,
  detailed: yes.optional(),
  isCached: yes.optional(),
  withOutlets: yes.optional(),
  pageNo: z.coerce.number({ message: 'pageNo must be a number' }).int().min(0).default(1),
  recordsPerPage: z.coerce
    .number({ message: 'recordsPerPage must be a number' })
    .int()
    .min(1, 'recordsPerPage must be at least 1')
    .max(10_000, 'recordsPerPage must be at most 10000')
    .optional(),
});

export const watchedDevicesInput = z.object({
  pageNo: z.coerce.number().int().min(0).optional(),
  recordsPerPage: z.union([z.literal('all'), z.coerce.number().int().min(1)]).optional(),
});

export const muteInput = z.object({
  siteId: siteIdField,
  devId: devIdField,
  parentDevId: devIdField.optional(),
});

/** Control target: a kid adds its class (`kidClass`) and its parent (`parentDevId`). */
export const controlTarget = z.object({
  siteId: siteIdField,
  devClass,
  devId: devIdField,
  kidClass: devClass.optional(),
  parentDevId: devIdField.optional(),
});
export type ControlTarget = z.infer<typeof controlTarget>;

export const otltField = z.coerce
  .number({ message: 'otlt must be an outlet number' })
  .int('otlt must be an outlet number')
  .min(1, 'otlt must be an outlet number from 1')
  .max(12, 'otlt must be an outlet number up to 12');

export const binaryState = z
  .union([z.literal(0), z.literal(1), z.enum(['0', '1'])], { message: 'state must be 0 or 1' })
  .transform((v): 0 | 1 => (Number(v) === 1 ? 1 : 0));

export const setOutletInput = controlTarget.extend({ otlt: otltField, state: binaryState });
export const cycleOutletInput = controlTarget.extend({ otlt: otltField });
export const renameInput = controlTarget.extend({
  who: z.literal('dev', { message: "who must be 'dev'" }).default('dev'),
  name: deviceNameSchema,
});
export const sequenceInput = controlTarget.extend({ state: binaryState });

const cycleGroupOutlet = z
  .string()
  .transform(Number)
  .pipe(z.number().int('otlts must be outlet numbers 1-8'))
  .refine((n) => n >= 1 && n <= 8, 'otlts must be outlet numbers 1-8');
export const cycleOutletsInput = controlTarget.extend({
  otlts: z
    .union([z.string(), z.array(z.union([z.string(), z.number()]))], {
      message: 'otlts is required (outlet numbers 1-8)',
    })
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((x) => String(x).trim()))
    .pipe(z.array(cycleGroupOutlet).min(1, 'otlts is required (outlet numbers 1-8)').max(8)),
});

const seconds = z.coerce
  .number({ message: 'must be a number of seconds' })
  .int('must be a whole number of seconds')
  .min(1, 'must be at least 1 second')
  .max(3600, 'must be at most 3600 seconds');
export const autoStatusUpdateInput = controlTarget.extend({
  dur: seconds.optional(),
  duration: seconds.optional(),
});
