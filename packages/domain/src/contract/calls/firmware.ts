import { z } from 'zod';
import {
  deviceFirmwareSchema,
  devicesFirmwareInfoSchema,
  firmwareBatchSchema,
  firmwarePushSchema,
  firmwareUpgradeSchema,
  firmwareUpgradesSchema,
} from '../../api/firmware';
import { type CallGroup, defineCall, defineStream } from '../call';
import { devIdField, siteIdField } from '../inputs';

/**
 * Firmware (issue 14): the catalogue and each device's version (spec §7 `firmwareUpgrade
 * svc=getDevicesFirmwareInfo`), upgrades of one device or of a whole location, their phases, and
 * a live stream of them per location. docs/api/firmware.md.
 */

const versionField = z
  .string({ message: 'version must be a firmware version' })
  .trim()
  .regex(/^\d{1,4}\.\d{1,4}\.\d{1,4}$/, 'version must be a firmware version (e.g. 2.4.1)');

const batchIdField = z.uuid({ message: 'batchId must be an upgrade batch id' });

const ANY_LEVEL = 'any level at siteId';
const UPGRADE_LEVEL = 'a level other than CLIENT at siteId (SUPPORT acts as ADMIN)';

export const firmware = {
  getDevicesFirmwareInfo: defineCall({
    area: 'firmwareUpgrade',
    svc: 'getDevicesFirmwareInfo',
    methods: ['GET'],
    input: z.object({ siteId: siteIdField }),
    output: devicesFirmwareInfoSchema,
    access: 'user',
    rule: ANY_LEVEL,
    summary:
      'Every device of a location with its firmware version, the newest image of its class, ' +
      'whether an update exists and its latest upgrade (spec §7 Device lists).',
  }),
  getDeviceFirmware: defineCall({
    area: 'firmwareUpgrade',
    svc: 'getDeviceFirmware',
    methods: ['GET'],
    input: z.object({ siteId: siteIdField, devId: devIdField }),
    output: deviceFirmwareSchema,
    access: 'user',
    rule: ANY_LEVEL,
    summary:
      'One device’s firmware (Manage Firmware): version, the catalogue of its class with ' +
      'release notes, checksum and size, and its latest upgrade.',
  }),
  upgradeDevice: defineCall({
    area: 'firmwareUpgrade',
    svc: 'upgradeDevice',
    methods: ['POST'],
    input: z.object({
      siteId: siteIdField,
      devId: devIdField,
      /** An image of the device's class other than its version; the newest when absent. */
      version: versionField.optional(),
    }),
    output: firmwareUpgradeSchema,
    access: 'user',
    rule: UPGRADE_LEVEL,
    summary:
      'Queues an upgrade of one device (to the newest image, or `version`); 409 when one is ' +
      'already under way or the device already runs that version.',
  }),
  upgradeLocation: defineCall({
    area: 'firmwareUpgrade',
    svc: 'upgradeLocation',
    methods: ['POST'],
    input: z.object({ siteId: siteIdField }),
    output: firmwareBatchSchema,
    access: 'user',
    rule: UPGRADE_LEVEL,
    summary:
      'Update Firmware for a location: queues an upgrade to the newest image for every device ' +
      'that has an update and none under way; at most `concurrencyLimit` run at once.',
  }),
  getFirmwareUpgrades: defineCall({
    area: 'firmwareUpgrade',
    svc: 'getFirmwareUpgrades',
    methods: ['GET'],
    input: z.object({
      siteId: siteIdField,
      batchId: batchIdField.optional(),
      devId: devIdField.optional(),
    }),
    output: firmwareUpgradesSchema,
    access: 'user',
    rule: ANY_LEVEL,
    summary:
      'Upgrades and their phases: of one batch (`batchId`), every upgrade of one device ' +
      '(`devId`, newest first), or else the latest of every device of the location.',
  }),
  firmwarePusher: defineStream({
    area: 'eventPuller',
    script: 'firmwarePusher.php',
    input: z.object({ siteId: siteIdField }),
    output: firmwarePushSchema,
    access: 'user',
    rule: ANY_LEVEL,
    summary: 'Each change of an upgrade at the location (phase, progress), as it happens.',
  }),
} satisfies CallGroup;
