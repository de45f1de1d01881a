import { z } from 'zod';
import {
  addSitePermissionSchema,
  deletedLocationSchema,
  energySettingsSchema,
  locationSettingsViewSchema,
  siteLockSchema,
  sitePermissionSchema,
} from '../../api/location-admin';
import { permLvlSchema } from '../../permissions/perm-lvl';
import { type CallGroup, defineCall } from '../call';
import { siteIdInput } from '../inputs';

const userIdInput = siteIdInput.extend({
  userId: z.string({ message: 'userId is required' }).trim().min(1, 'userId is required').max(100),
});

/**
 * GET reads with the siteId alone; POST saves, and the server then checks the fields against
 * `locationSettingsSchema` (its 400 names every field wrong or missing), so the input keeps them.
 */
const settingsInput = siteIdInput.loose().meta({
  description:
    'GET: siteId. POST (form-encoded): siteId and the general settings — locationName, ' +
    'installationDate (YYYY-MM-DD or empty), timezone ("-8.00"), dst (yes|no), address, address2, ' +
    'city, region, country, zipCode, devViewPref (outlet_controls|energy_management).',
});

const people = z.array(sitePermissionSchema);

/**
 * A location's general settings (spec §7 siteManagement svc=settings, locations
 * svc=deleteLocation) and the lock, people and energy calls of its settings screen (ours, spec §2
 * Other screens).
 */
export const siteSettings = {
  settings: defineCall({
    area: 'siteManagement',
    svc: 'settings',
    methods: ['GET', 'POST'],
    body: 'form',
    input: settingsInput,
    output: locationSettingsViewSchema,
    access: 'user',
    rule: 'GET: any level at siteId; POST: ADMIN or owner at siteId',
    summary:
      'A location’s general settings with the caller’s level, lock, watch and mute; POST saves ' +
      'them and answers them as saved (spec §7).',
  }),
  lock: defineCall({
    area: 'siteManagement',
    svc: 'lock',
    methods: ['POST'],
    input: siteIdInput.extend({ otltLock: z.enum(['true', 'false', '1', '0']) }),
    output: siteLockSchema,
    access: 'user',
    rule: 'ADMIN or owner at siteId',
    summary: 'Locks or unlocks the outlets of a location.',
  }),
  deleteLocation: defineCall({
    area: 'locations',
    svc: 'deleteLocation',
    methods: ['GET', 'POST'],
    input: siteIdInput,
    output: deletedLocationSchema,
    access: 'user',
    rule: 'ADMIN or owner at siteId',
    summary: 'Deletes a location (spec §7).',
  }),
  permissions: defineCall({
    area: 'siteManagement',
    svc: 'permissions',
    methods: ['GET'],
    input: siteIdInput,
    output: people,
    access: 'user',
    rule: 'any level at siteId',
    summary: 'The people with a permission level at a location.',
  }),
  addPermission: defineCall({
    area: 'siteManagement',
    svc: 'addPermission',
    methods: ['POST'],
    input: siteIdInput.extend(addSitePermissionSchema.shape),
    output: people,
    access: 'user',
    rule: 'ADMIN or owner at siteId',
    summary: 'Gives the account with that e-mail a level at the location; answers the people.',
  }),
  editPermission: defineCall({
    area: 'siteManagement',
    svc: 'editPermission',
    methods: ['POST'],
    input: userIdInput.extend({ permLvl: permLvlSchema }),
    output: people,
    access: 'user',
    rule: 'ADMIN or owner at siteId, not for themselves',
    summary: 'Changes a person’s level at the location; answers the people.',
  }),
  deletePermission: defineCall({
    area: 'siteManagement',
    svc: 'deletePermission',
    methods: ['POST'],
    input: userIdInput,
    output: people,
    access: 'user',
    rule: 'ADMIN or owner at siteId, not for themselves',
    summary: 'Removes a person’s level at the location; answers the people.',
  }),
  energy: defineCall({
    area: 'siteManagement',
    svc: 'energy',
    methods: ['GET'],
    input: siteIdInput,
    output: energySettingsSchema,
    access: 'user',
    rule: 'any level at siteId',
    summary: 'A location’s monthly energy budget and seasonal rates.',
  }),
  saveEnergy: defineCall({
    area: 'siteManagement',
    svc: 'saveEnergy',
    methods: ['POST'],
    body: 'json',
    queryFields: ['siteId'],
    input: siteIdInput.extend(energySettingsSchema.shape),
    output: energySettingsSchema,
    access: 'user',
    rule: 'ADMIN or owner at siteId',
    summary: 'Saves a location’s energy budget and seasonal rates; answers them as saved.',
  }),
} satisfies CallGroup;
