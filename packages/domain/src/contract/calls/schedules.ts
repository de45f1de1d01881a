import { z } from 'zod';
import { scheduleFireSchema, scheduleListSchema } from '../../api/schedules';
import { checkScheduleRules, scheduleFields } from '../../validation/schedules';
import { type CallGroup, defineCall } from '../call';
import { devIdField, okOutput, siteIdField } from '../inputs';

/**
 * Scheduled commands (issue 13; the spec names the screens and "scheduled command events", not
 * the calls): `scheduleManagement` in the style of spec §7. docs/api/schedules-events.md.
 */

const scheduleId = z.coerce
  .number({ message: 'id must be a schedule id' })
  .int('id must be a schedule id')
  .positive('id must be a schedule id')
  .max(2 ** 31 - 1, 'id must be a schedule id');

const enabledField = z
  .union([z.boolean(), z.enum(['true', 'false'])], { message: 'enabled must be true or false' })
  .transform((v) => v === true || v === 'true');

/**
 * The user confirmed that the schedule switches off an outlet feeding the location's network
 * (issue 15): such an off or sequence-off schedule is refused 409 without it.
 */
const confirmNetworkOffField = z
  .boolean({ message: 'confirmNetworkOff must be true or false' })
  .optional()
  .transform((v) => v === true);

const ANY_LEVEL = 'any level at siteId';
const CHANGE_LEVEL = 'a level other than CLIENT at siteId (SUPPORT acts as ADMIN)';

export const schedules = {
  listSchedules: defineCall({
    area: 'scheduleManagement',
    svc: 'listSchedules',
    methods: ['GET'],
    input: z.object({ siteId: siteIdField, devId: devIdField.optional() }),
    output: scheduleListSchema,
    access: 'user',
    rule: ANY_LEVEL,
    summary:
      'The schedules of a location, or (devId) those touching a device or its kids, with the ' +
      'next fire time and the last result.',
  }),
  createSchedule: defineCall({
    area: 'scheduleManagement',
    svc: 'createSchedule',
    methods: ['POST'],
    body: 'json',
    input: scheduleFields
      .extend({ siteId: siteIdField, confirmNetworkOff: confirmNetworkOffField })
      .superRefine(checkScheduleRules),
    output: z.object({ id: z.number().int() }),
    access: 'user',
    rule: CHANGE_LEVEL,
    summary:
      'Adds a schedule: targets at the location, action, local time, day mask, dates. An off or ' +
      'sequence-off schedule of an outlet that feeds the network needs confirmNetworkOff (409).',
  }),
  editSchedule: defineCall({
    area: 'scheduleManagement',
    svc: 'editSchedule',
    methods: ['POST'],
    body: 'json',
    input: scheduleFields
      .extend({ siteId: siteIdField, id: scheduleId, confirmNetworkOff: confirmNetworkOffField })
      .superRefine(checkScheduleRules),
    output: z.object({ id: z.number().int() }),
    access: 'user',
    rule: CHANGE_LEVEL,
    summary: 'Replaces a schedule’s targets, action, time, days, dates and enabled flag.',
  }),
  setScheduleEnabled: defineCall({
    area: 'scheduleManagement',
    svc: 'setScheduleEnabled',
    methods: ['POST'],
    input: z.object({ siteId: siteIdField, id: scheduleId, enabled: enabledField }),
    output: okOutput,
    access: 'user',
    rule: CHANGE_LEVEL,
    summary: 'Enables or disables a schedule.',
  }),
  deleteSchedule: defineCall({
    area: 'scheduleManagement',
    svc: 'deleteSchedule',
    methods: ['POST'],
    input: z.object({ siteId: siteIdField, id: scheduleId }),
    output: okOutput,
    access: 'user',
    rule: CHANGE_LEVEL,
    summary: 'Deletes a schedule (its firings stay in the event log).',
  }),
  runSchedule: defineCall({
    area: 'scheduleManagement',
    svc: 'runSchedule',
    methods: ['POST'],
    input: z.object({ siteId: siteIdField, id: scheduleId }),
    output: scheduleFireSchema,
    access: 'user',
    rule: CHANGE_LEVEL,
    summary:
      'Fires a schedule now (to test it), through the same command path as its timed firings.',
  }),
} satisfies CallGroup;
