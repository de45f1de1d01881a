import { z } from 'zod';
import {
  commandResultSchema,
  deviceContactResponseSchema,
  deviceContactsSchema,
  deviceInfoSchema,
  deviceLabelsResponseSchema,
  deviceListSchema,
  deviceMetaSchema,
  deviceMutedSchema,
  deviceStatusDetailsSchema,
  deviceStatusResponseSchema,
  deviceWatchedMutedSchema,
  deviceWatchedSchema,
  outletStatusResponseSchema,
} from '../../api/devices';
import { editOutletsSchema } from '../../validation/device';
import { type CallGroup, defineCall } from '../call';
import { devClassField, devIdField, okOutput, siteIdField, siteIdInput } from '../inputs';

/** A device as the deviceView calls address it (spec §7 Device view and control). */
const deviceAddressInput = z.object({
  siteId: siteIdField,
  devClass: devClassField,
  devId: devIdField,
});

const commandInput = deviceAddressInput.extend({
  cmdId: z.uuid({
    error: (issue) =>
      issue.input === undefined ? 'cmdId is required' : 'cmdId must be a command id',
  }),
});

/** true/false as a flag: also the form spellings 1/0 and yes/no. */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'yes', 'no'])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'yes');

/** A location's device list; without recordsPerPage every device is on the one page. */
const deviceListInput = z.object({
  siteId: siteIdField,
  detailed: flag.optional(),
  isCached: flag.optional(),
  withOutlets: flag.optional(),
  pageNo: z.coerce.number({ message: 'pageNo must be a number' }).int().min(0).default(1),
  recordsPerPage: z.coerce
    .number({ message: 'recordsPerPage must be a number' })
    .int()
    .min(1, 'recordsPerPage must be at least 1')
    .max(10_000, 'recordsPerPage must be at most 10000')
    .optional(),
});

/** The Watchlist's devices come on one page; the paging parameters are only checked. */
const watchedDevicesInput = z.object({
  pageNo: z.coerce.number().int().min(0).optional(),
  recordsPerPage: z.union([z.literal('all'), z.coerce.number().int().min(1)]).optional(),
});

/** A device named without its location (watch): the location comes from the device. */
const bareDeviceInput = z.object({ devId: devIdField, devClass: devClassField.optional() });

const muteInput = z.object({
  siteId: siteIdField,
  devId: devIdField,
  parentDevId: devIdField.optional(),
});

const view = <O extends z.ZodType>(svc: string, output: O, summary: string) =>
  defineCall({
    area: 'deviceView',
    svc,
    methods: ['GET'],
    input: deviceAddressInput,
    output,
    access: 'user',
    rule: 'any level at siteId',
    summary,
  });

const bySite = <O extends z.ZodType>(area: string, svc: string, output: O, summary: string) =>
  defineCall({
    area,
    svc,
    methods: ['GET'],
    input: siteIdInput,
    output,
    access: 'user',
    rule: 'any level at siteId',
    summary,
  });

const listAt = (area: string, svc: string, summary: string) =>
  defineCall({
    area,
    svc,
    methods: ['GET'],
    input: deviceListInput,
    output: deviceListSchema,
    access: 'user',
    rule: 'any level at siteId',
    summary,
  });

const watch = (svc: string, summary: string) =>
  defineCall({
    area: 'watchManagement',
    svc,
    // the console posts a form; a GET with the query is answered too
    methods: ['POST', 'GET'],
    body: 'form',
    input: bareDeviceInput,
    output: deviceWatchedSchema,
    access: 'user',
    rule: 'any level at the device’s location',
    summary,
  });

const mute = (svc: string, summary: string) =>
  defineCall({
    area: 'mutesManagement',
    svc,
    // the console posts a form; a GET with the query is answered too
    methods: ['POST', 'GET'],
    body: 'form',
    input: muteInput,
    output: deviceMutedSchema,
    access: 'user',
    rule: 'ADMIN or owner at siteId',
    summary,
  });

/** The device reads, outlet edits, device lists, watches and mutes (spec §7). */
export const deviceViews = {
  meta: view(
    'meta',
    deviceMetaSchema,
    'The device, its kids and outlets, and the caller’s level there (spec §3 Device, §7).',
  ),
  info: view('info', deviceInfoSchema, 'Name, firmware and outlet labels of a device (spec §7).'),
  status: view(
    'status',
    deviceStatusResponseSchema,
    'Latest status of a device; cv2/cv3 answer their first kid’s (spec §3 Status, §7).',
  ),
  contact: view(
    'contact',
    deviceContactResponseSchema,
    'When the server last heard from a device; cv2/cv3 answer their first kid’s (spec §3, §7).',
  ),
  outletStatus: view(
    'outletStatus',
    outletStatusResponseSchema,
    'Outlet states of a device only (Status page).',
  ),
  labels: view(
    'labels',
    deviceLabelsResponseSchema,
    'Outlet labels; cv2/cv3 answer their first kid’s (spec §7).',
  ),
  command: defineCall({
    area: 'deviceView',
    svc: 'command',
    methods: ['GET'],
    input: commandInput,
    output: commandResultSchema,
    access: 'user',
    rule: 'any level at siteId; the command must be one sent to that device',
    summary: 'Where a control command stands (the live stream’s polling fallback).',
  }),
  updateOutlets: defineCall({
    area: 'devices',
    svc: 'updateOutlets',
    methods: ['POST'],
    body: 'json',
    input: editOutletsSchema,
    output: okOutput,
    access: 'user',
    rule: 'not CLIENT at siteId',
    summary:
      'Saves outlet labels and locks of a device and its kids, and the device name (spec §7 Edit outlets).',
  }),
  devList: listAt(
    'siteManagement',
    'devList',
    'A location’s devices, with their outlets on withOutlets=true (spec §7 Device lists).',
  ),
  devContact: bySite(
    'siteManagement',
    'devContact',
    deviceContactsSchema,
    'Contact of every device of a location (spec §7 Device lists).',
  ),
  getDevices: listAt(
    'locations',
    'getDevices',
    'A location’s devices: the All Devices tab (spec §7 Device lists).',
  ),
  getDevContact: bySite(
    'locations',
    'getDevContact',
    deviceContactsSchema,
    'Contact of every device of a location (spec §7 Device lists).',
  ),
  getDeviceStatusDetails: bySite(
    'locations',
    'getDeviceStatusDetails',
    deviceStatusDetailsSchema,
    'Connection and latest status of every device of a location (spec §7 Device lists).',
  ),
  getDeviceWatchedMutedDetails: bySite(
    'locations',
    'getDeviceWatchedMutedDetails',
    deviceWatchedMutedSchema,
    'Whether the caller watches and mutes each device of a location (spec §7 Device lists).',
  ),
  getWatchedDevices: defineCall({
    area: 'locations',
    svc: 'getWatchedDevices',
    methods: ['GET'],
    input: watchedDevicesInput,
    output: deviceListSchema,
    access: 'user',
    rule: 'lists only the caller’s watched devices at locations they hold a level at (all for SUPPORT)',
    summary: 'The watched devices, on one page (Watchlist; spec §7 Device lists).',
  }),
  addDevice: watch('addDevice', 'Adds a device to the caller’s Watchlist (spec §7 Device lists).'),
  deleteDevice: watch(
    'deleteDevice',
    'Removes a device from the caller’s Watchlist (spec §7 Device lists).',
  ),
  muteDevice: mute('muteDevice', 'Mutes a device’s alerts for the caller (spec §7 Device lists).'),
  unmuteDevice: mute(
    'unmuteDevice',
    'Unmutes a device’s alerts for the caller (spec §7 Device lists).',
  ),
} satisfies CallGroup;
