import { z } from 'zod';
import { commandResultSchema } from '../../api/devices';
import { deviceSettingsReadSchema } from '../../api/device-settings';
import { deviceSettingsInputSchema } from '../../validation/device-settings';
import { type CallGroup, defineCall } from '../call';
import { devClassField, devIdField, siteIdField } from '../inputs';

/**
 * The device the settings are of: the page's device, or a kid of it named by its own `devId` with
 * its class in `kidClass` and the page's device in `parentDevId` (as the control calls, spec §7).
 */
const settingsTarget = z.object({
  siteId: siteIdField,
  devClass: devClassField,
  devId: devIdField,
  kidClass: devClassField.optional(),
  parentDevId: devIdField.optional(),
});

/**
 * Device settings (issue 14; spec §7 "also a device settings call"): read from the device through
 * the protocol, saved as an acknowledged `settings` command. docs/api/devices.md.
 */
export const deviceSettings = {
  getDeviceSettings: defineCall({
    area: 'settingsManagement',
    svc: 'getDeviceSettings',
    methods: ['GET'],
    input: settingsTarget,
    output: deviceSettingsReadSchema,
    access: 'user',
    rule: 'any level at siteId',
    summary:
      'Asks the device for its settings (a settings command without values) and answers them; ' +
      'when it does not answer in 5 s, what it last reported.',
  }),
  saveDeviceSettings: defineCall({
    area: 'settingsManagement',
    svc: 'saveDeviceSettings',
    methods: ['POST'],
    body: 'json',
    input: settingsTarget.extend({
      settings: deviceSettingsInputSchema,
    }),
    output: commandResultSchema,
    access: 'user',
    rule: 'a level other than CLIENT at siteId (SUPPORT acts as ADMIN)',
    summary:
      'Sends the changed settings to the device as a settings command and answers {cmdId, state} ' +
      'at once; they are stored when the device acknowledges them (the command’s outcome follows ' +
      'on the live stream and deviceView svc=command).',
  }),
} satisfies CallGroup;
