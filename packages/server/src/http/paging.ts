import { z } from 'zod';

const MAX = 10_000;

/** pageNo (0 and 1 both the first page) and recordsPerPage (a number or 'all'), spec §7. */
export const pagingInput = z.object({
  pageNo: z.coerce
    .number({ message: 'pageNo must be a number' })
    .int('pageNo must be a whole number')
    .min(0, 'pageNo must be 0 or more')
    .default(1),
  recordsPerPage: z
    .union([z.literal('all'), z.coerce.number().int().min(1).max(MAX)], {
      message: `recordsPerPage must be 'all' or a number from 1 to ${MAX}`,
    })
    .default(12),
});
