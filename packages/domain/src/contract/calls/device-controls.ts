import { z } from 'zod';
import { commandResultSchema } from '../../api/devices';
import { deviceNameSchema } from '../../validation/device';
import { type CallGroup, defineCall } from '../call';
import { binaryState, devClassField, devIdField, otltField, siteIdField } from '../inputs';

/**
 * Where a control POST goes (spec §7): the device of the panel (`devClass`, also the area's
 * class), or a kid of it named by its own `devId` with its class in `kidClass` and the panel's
 * device in `parentDevId`. `svc` is among the form fields as the spec sends it (the query's
 * `svc` is the one served).
 */
const controlTarget = <S extends string>(svc: S) =>
  z.object({
    siteId: siteIdField,
    devClass: devClassField,
    devId: devIdField,
    kidClass: devClassField.optional(),
    parentDevId: devIdField.optional(),
    svc: z.literal(svc, { message: `svc must be ${svc}` }).optional(),
  });

const cycleGroupOutlet = z
  .string()
  .transform(Number)
  .pipe(z.number().int('otlts must be outlet numbers 1-8'))
  .refine((n) => n >= 1 && n <= 8, 'otlts must be outlet numbers 1-8');

/** Outlets of a cycle group: `1,2,3`, or repeated `otlts` fields. */
const otltsField = z
  .union([z.string(), z.array(z.union([z.string(), z.number()]))], {
    message: 'otlts is required (outlet numbers 1-8)',
  })
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((x) => String(x).trim()))
  .pipe(z.array(cycleGroupOutlet).min(1, 'otlts is required (outlet numbers 1-8)').max(8));

/**
 * `confirmed=true`: the caller confirmed switching off an outlet that feeds the location's network
 * (issue 15); without it such a switch-off is refused 409. Form text or JSON.
 */
const confirmedField = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], {
    message: 'confirmed must be true or false',
  })
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1');

const seconds = z.coerce
  .number({ message: 'must be a number of seconds' })
  .int('must be a whole number of seconds')
  .min(1, 'must be at least 1 second')
  .max(3600, 'must be at most 3600 seconds');

const control = <S extends string, I extends z.ZodType>(
  svc: S,
  input: I,
  summary: string,
  rule = 'any level at siteId',
) =>
  defineCall({
    area: '{devClass}.deviceControls',
    svc,
    methods: ['POST'],
    input,
    output: commandResultSchema,
    access: 'user',
    rule,
    summary,
  });

/**
 * `POST /data-svc/{class}.deviceControls/data-svc.php`, form-encoded (spec §7). Every call answers
 * `{cmdId, state}` at once; the outcome follows on the live stream and `deviceView svc=command`.
 * An inactive device refuses commands (409).
 */
export const deviceControls = {
  setoutletstate: control(
    'setoutletstate',
    controlTarget('setoutletstate').extend({
      otlt: otltField,
      state: binaryState,
      confirmed: confirmedField,
    }),
    'Switches an outlet on (1) or off (0) (spec §4, §7). Switching off an outlet that feeds the ' +
      'location’s network needs confirmed=true (409 otherwise); the audit log records it.',
    'any level at siteId; refused while the outlet or the location is locked',
  ),
  cycleoutlet: control(
    'cycleoutlet',
    controlTarget('cycleoutlet').extend({ otlt: otltField }),
    'Power-cycles an outlet, locked or not (spec §4, §7).',
  ),
  rename: control(
    'rename',
    controlTarget('rename').extend({
      who: z.literal('dev', { message: "who must be 'dev'" }).default('dev'),
      name: deviceNameSchema,
    }),
    'Renames the device (who=dev); the name is saved once the device confirms (spec §7).',
    'not CLIENT at siteId',
  ),
  reboot: control('reboot', controlTarget('reboot'), 'Reboots the device (spec §7).'),
  findme: control(
    'findme',
    controlTarget('findme'),
    'Makes the device show itself, where its class has Find Me (spec §4).',
  ),
  infoupd: control(
    'infoupd',
    controlTarget('infoupd'),
    'Asks the device to report its info (and its kids’) again (spec §7).',
  ),
  familyupd: control(
    'familyupd',
    controlTarget('familyupd'),
    'Asks the device to report its family (its kids’ info) again (spec §7).',
  ),
  evtsubs: control(
    'evtsubs',
    controlTarget('evtsubs'),
    'Subscribes to the device’s events: checks the caller may reach it; the live stream carries them (spec §7).',
  ),
  sequence: control(
    'sequence',
    controlTarget('sequence').extend({ state: binaryState }),
    'Runs the sequence on (1) or off (0), where the class has one (spec §4, §7).',
  ),
  cycgrp: control(
    'cycgrp',
    controlTarget('cycgrp'),
    'Power-cycles the device’s cycle group (spec §7).',
  ),
  cycotlts: control(
    'cycotlts',
    controlTarget('cycotlts').extend({ otlts: otltsField }),
    'Power-cycles the listed outlets, 1-8 (the cycle group on firmware 1.0.0, spec §7).',
  ),
  autostatusupdate: control(
    'autostatusupdate',
    controlTarget('autostatusupdate').extend({
      dur: seconds.optional(),
      duration: seconds.optional(),
    }),
    'Asks for frequent status reports for a while: dur=300 for cv2/cv3, duration=900 for the others (spec §7, §9).',
  ),
} satisfies CallGroup;
