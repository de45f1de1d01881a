import { z } from 'zod';

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
  .max(100);

export const siteIdInput = z.object({ siteId: siteIdField });

/** A call without parameters. */
export const noInput = z.object({});

/** The `{ok: true}` answer of a call that only changes something. */
export const okOutput = z.object({ ok: z.literal(true) });
