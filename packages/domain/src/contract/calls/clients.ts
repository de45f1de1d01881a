import { z } from 'zod';
import {
  clientContactSchema,
  clientDetailsSchema,
  clientStatsSchema,
  clientsPageSchema,
} from '../../api/location-admin';
import { sitesPageSchema } from '../../api/locations';
import { createClientSchema } from '../../validation/client';
import { defineCall } from '../call';
import { pagingInput } from '../inputs';

const idField = (name: string) =>
  z
    .string({ message: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(100);

const clientIdInput = z.object({ clientId: idField('clientId') });

/**
 * The client ids of `clientsStats`: repeated `clients[i]` (spec §7), also `clients[]` or a
 * repeated `clients`.
 */
const clientIdsInput = z
  .looseObject({
    clients: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .describe(
        'Client ids, 1-500: repeated clients[0]=id&clients[1]=id… (spec §7), also clients[] or a repeated clients',
      ),
  })
  .transform((query, ctx) => {
    const ids: string[] = [];
    for (const [key, value] of Object.entries(query)) {
      if (key !== 'clients' && !/^clients\[\d*\]$/.test(key)) continue;
      for (const v of Array.isArray(value) ? (value as unknown[]) : [value]) {
        if (typeof v === 'string' && v.trim() !== '' && v.length <= 100) ids.push(v.trim());
      }
    }
    if (ids.length === 0 || ids.length > 500) {
      ctx.addIssue({
        code: 'custom',
        message: 'clients[i] ids are required (at most 500)',
        path: ['clients'],
      });
      return z.NEVER;
    }
    return ids;
  });

/** Who sees a client: SUPPORT all; others the clients of their locations and those they created. */
const SEES_CLIENT = 'sees the client (a level at one of its locations, its creator, or SUPPORT)';

export const clients = {
  getClients: defineCall({
    area: 'clients',
    svc: 'getClients',
    methods: ['GET'],
    input: pagingInput,
    output: clientsPageSchema,
    access: 'user',
    rule: 'lists only the clients the caller sees (all for SUPPORT)',
    summary: 'A page of the clients list, counts left null for clientsStats (spec §4, §7).',
  }),
  clientsStats: defineCall({
    area: 'clients',
    svc: 'clientsStats',
    methods: ['GET'],
    input: clientIdsInput,
    output: clientStatsSchema,
    access: 'user',
    rule: 'counts only the clients the caller sees; other ids are left out',
    summary: 'Location and device counts of the clients asked (spec §7).',
  }),
  getClient: defineCall({
    area: 'clients',
    svc: 'getClient',
    methods: ['GET'],
    input: clientIdInput,
    output: clientDetailsSchema,
    access: 'user',
    rule: SEES_CLIENT,
    summary: 'One client’s details and counts (ours).',
  }),
  getLocationCard: defineCall({
    area: 'clients',
    svc: 'getLocationCard',
    methods: ['GET'],
    input: pagingInput.extend(clientIdInput.shape),
    output: sitesPageSchema,
    access: 'user',
    rule: `${SEES_CLIENT}; lists only the locations the caller holds a level at`,
    summary: 'A page of a client’s locations, as getSitesData lists them (spec §7).',
  }),
  getContactsForClientId: defineCall({
    area: 'clients',
    svc: 'getContactsForClientId',
    methods: ['GET'],
    input: clientIdInput,
    output: z.array(clientContactSchema),
    access: 'user',
    rule: SEES_CLIENT,
    summary: 'The contacts of a client (spec §7).',
  }),
  getContactByContactId: defineCall({
    area: 'clients',
    svc: 'getContactByContactId',
    methods: ['GET'],
    input: z.object({ contactId: idField('contactId') }),
    output: clientContactSchema,
    access: 'user',
    rule: 'sees the contact’s client',
    summary: 'One contact (spec §7).',
  }),
  createClient: defineCall({
    area: 'clients',
    svc: 'createClient',
    methods: ['POST'],
    input: createClientSchema.extend({ imageFileRef: z.string().trim().max(300).optional() }),
    output: clientDetailsSchema,
    access: 'user',
    rule: 'not CLIENT at every location held (SUPPORT, a level other than CLIENT somewhere, or no locations yet)',
    summary: 'Creates a client from the create-client form (ours; spec §3, §5).',
  }),
};
