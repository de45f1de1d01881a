import { z } from 'zod';
import {
  JOIN_STATE,
  addedDeviceSchema,
  deletedDeviceSchema,
  gatewaysSchema,
  joinedDeviceSchema,
} from '../../api/registration';
import { classesOfFamily } from '../../catalog/registry';
import { addDeviceSchema, joinDeviceSchema } from '../../validation/device';
import { type CallGroup, defineCall } from '../call';
import { devClassField, devIdField, siteIdField, siteIdInput } from '../inputs';

/**
 * Device registration (spec §3 Device registration, §7): claim an Ethernet device with its claim
 * key, list the gateways and the wireless devices they hear, join one; and delete a device (ours:
 * Delete Device, spec §2), which releases its claim.
 */
export const registration = {
  addNewDevice: defineCall({
    area: 'devices',
    svc: 'addNewDevice',
    methods: ['POST'],
    body: 'json',
    queryFields: ['siteId'],
    input: addDeviceSchema.extend({ siteId: siteIdField }),
    output: addedDeviceSchema,
    access: 'user',
    rule: 'not CLIENT at siteId',
    // per address; the service also limits failed claims per account (10 in 15 minutes)
    rateLimit: {
      max: 30,
      windowMs: 60_000,
      message: 'Too many requests. Please wait a few minutes and try again.',
    },
    summary: 'Claims an Ethernet device for the location with its MAC and claim key (spec §7).',
  }),
  getGateways: defineCall({
    area: 'devices',
    svc: 'getGateways',
    methods: ['GET'],
    input: siteIdInput,
    output: gatewaysSchema,
    access: 'user',
    rule: 'not CLIENT at siteId',
    summary:
      'The location’s gateways and the wireless devices they hear that have not joined (spec §7).',
  }),
  join: defineCall({
    area: '{devClass}.deviceControls',
    devClasses: classesOfFamily('wireless'),
    svc: 'join',
    methods: ['POST'],
    input: joinDeviceSchema.extend({
      siteId: siteIdField,
      devId: z
        .string()
        .trim()
        .regex(/^[0-9A-Fa-f]{1,32}$/, 'devId must be the device id')
        .transform((id) => id.toUpperCase()),
      state: z.literal(JOIN_STATE).default(JOIN_STATE),
    }),
    output: joinedDeviceSchema,
    access: 'user',
    rule: 'not CLIENT at siteId',
    summary: 'Joins a wireless device heard by a gateway at the location, under a name (spec §7).',
  }),
  deleteDevice: defineCall({
    area: 'devices',
    svc: 'deleteDevice',
    methods: ['POST'],
    input: z.object({ siteId: siteIdField, devId: devIdField, devClass: devClassField }),
    output: deletedDeviceSchema,
    access: 'user',
    rule: 'ADMIN or owner at siteId, or SUPPORT',
    summary:
      'Deletes a device (and its kids) from the location and releases its claim, so it can be ' +
      'added again with its MAC and claim key; its history stays in the logs, schedules lose it ' +
      'as a target (one left without targets is deleted), its live streams end.',
  }),
} satisfies CallGroup;
