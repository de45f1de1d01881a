import { z } from 'zod';
import { commandResultSchema, deviceContactsSchema, deviceMetaSchema } from '../../api/devices';
import { deviceClassSchema } from '../../catalog/device-class';
import { type CallGroup, defineCall } from '../call';
import { binaryState, devIdField, otltField } from '../inputs';

/** `settingsManagement/devGet.php`: the settings the device last reported (`{}` if none). */
const deviceSettingsSchema = z.object({
  devId: z.string(),
  devClass: deviceClassSchema,
  fwVer: z.string().nullable(),
  settings: z.record(z.string(), z.unknown()),
});

const SEQUENCER_REQS = [
  'redraw',
  'alllatesttime',
  'requeststatusupdate',
  'setDevName',
  'sequenceonoff',
  'setoutletstate',
] as const;

/** The bb232 adapter's requests (spec §7): what `req` asks, its parameters, the rest per req. */
const sequencerInput = z.object({
  req: z.enum(SEQUENCER_REQS, {
    error: (issue) =>
      typeof issue.input === 'string' ? `Unknown req '${issue.input}'.` : 'req is required',
  }),
  devId: devIdField,
  devClass: z.string().optional(),
  value: z.string().optional(),
  command: z.string().optional(),
  sequencerid: devIdField.optional(),
  ostate: binaryState.optional(),
  outletid: otltField.optional(),
});

/**
 * Per `req`: `redraw` the adapter's meta; `alllatesttime` the contact of the adapter then its
 * sequencers; `sequenceonoff` on the adapter one command per sequencer; else one command result.
 */
const sequencerOutput = z.union([
  deviceMetaSchema,
  deviceContactsSchema,
  commandResultSchema,
  z.object({ records: z.array(commandResultSchema.extend({ devId: z.string() })) }),
]);

/**
 * Device calls whose path is the call, without `svc` (spec §7): device settings and the bb232
 * adapter's `sequencers.php` (docs/api/devices.md).
 */
export const legacyDevice = {
  devGet: defineCall({
    area: 'settingsManagement',
    svc: null,
    script: 'devGet.php',
    methods: ['GET'],
    input: z.object({ devClass: z.string().optional(), devId: devIdField }),
    output: deviceSettingsSchema,
    access: 'user',
    rule: 'any level at the device’s location',
    summary: 'The settings a device last reported (spec §7 settingsManagement/devGet.php).',
  }),
  sequencers: defineCall({
    area: 'bb232',
    svc: null,
    script: 'sequencers.php',
    methods: ['GET'],
    input: sequencerInput,
    output: sequencerOutput,
    access: 'user',
    rule:
      'any level at the device’s location; setDevName not CLIENT; setoutletstate refused for a ' +
      'locked outlet or location',
    summary:
      'The bb232 adapter and its sequencers, dispatched on `req` (spec §7 bb232 sequencers.php).',
  }),
} satisfies CallGroup;
