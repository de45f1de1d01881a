import { z } from 'zod';
import { actorKindSchema } from '../../api/schedules';
import {
  eventCalendarSchema,
  eventLogPushSchema,
  eventLogTypeSchema,
  eventPageSchema,
} from '../../api/event-log';
import { pickerDateSchema } from '../../validation/schedules';
import { type CallGroup, defineCall, defineStream } from '../call';
import { devIdField, siteIdField } from '../inputs';

/**
 * Event logs and the events calendar (issue 13): one location's log, or (devId) one device's and
 * its kids'. docs/api/schedules-events.md.
 */

/** The filters the list, the calendar and the CSV export share; dates are the location's. */
const filters = z.object({
  siteId: siteIdField,
  devId: devIdField.optional(),
  type: eventLogTypeSchema.optional(),
  actor: actorKindSchema.optional(),
  /** First and last day included (YYYY-MM-DD, the location's local dates). */
  from: pickerDateSchema.optional(),
  to: pickerDateSchema.optional(),
});

const MAX_PAGE = 200;

const ANY_LEVEL = 'any level at siteId';

export const eventLogs = {
  getEvents: defineCall({
    area: 'eventLogs',
    svc: 'getEvents',
    methods: ['GET'],
    input: filters.extend({
      /** The `next` of the previous page. */
      before: z.string().max(200, 'before must be the next of a page').optional(),
      limit: z.coerce
        .number({ message: `limit must be 1 to ${MAX_PAGE}` })
        .int(`limit must be 1 to ${MAX_PAGE}`)
        .min(1, `limit must be 1 to ${MAX_PAGE}`)
        .max(MAX_PAGE, `limit must be 1 to ${MAX_PAGE}`)
        .default(50),
    }),
    output: eventPageSchema,
    access: 'user',
    rule: ANY_LEVEL,
    summary: 'The event log, newest first, filtered, a page at a time (keyset paging).',
  }),
  getEventCalendar: defineCall({
    area: 'eventLogs',
    svc: 'getEventCalendar',
    methods: ['GET'],
    input: filters.omit({ from: true, to: true }).extend({
      month: z
        .string({ message: 'month must be YYYY-MM' })
        .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be YYYY-MM'),
    }),
    output: eventCalendarSchema,
    access: 'user',
    rule: ANY_LEVEL,
    summary: 'How many events each day of a month had, in the location’s time zone.',
  }),
  exportEvents: defineCall({
    area: 'eventLogs',
    svc: 'exportEvents',
    methods: ['GET'],
    input: filters,
    output: z.string(),
    produces: 'text/csv',
    access: 'user',
    rule: ANY_LEVEL,
    summary: 'The filtered log as CSV (what the filters show, newest first), as a download.',
  }),
  eventLogPusher: defineStream({
    area: 'eventPuller',
    script: 'eventLogPusher.php',
    input: z.object({ siteId: siteIdField }),
    output: eventLogPushSchema,
    access: 'user',
    rule: ANY_LEVEL,
    summary: 'Says when something new was logged at the location (the log then reloads).',
  }),
} satisfies CallGroup;
