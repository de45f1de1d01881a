import { z } from 'zod';
import { addLocationAndClientSchema } from '../../validation/location';
import { type CallGroup, defineCall } from '../call';

type AddLocationAndClientInput = z.input<typeof addLocationAndClientSchema>;

/** A nested object of a form body: JSON text in `name`, or PHP-style `name[field]` keys. */
function nested(body: Record<string, unknown>, name: string): unknown {
  const raw = body[name];
  if (typeof raw === 'string') {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return raw;
    }
  }
  if (raw !== undefined) return raw;
  const prefix = `${name}[`;
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key.startsWith(prefix) && key.endsWith(']')) fields[key.slice(prefix.length, -1)] = value;
  }
  return Object.keys(fields).length > 0 ? fields : undefined;
}

/**
 * The console sends `location` and `client` as JSON text in a form body (its client turns the
 * objects into JSON); PHP-style `location[name]` keys are read too.
 */
const addLocationInput = z
  .preprocess((body: AddLocationAndClientInput): unknown => {
    const fields: Record<string, unknown> = { ...body };
    const client = nested(fields, 'client');
    return { location: nested(fields, 'location'), ...(client === undefined ? {} : { client }) };
  }, addLocationAndClientSchema)
  .meta({
    description:
      'Form-encoded: `location` (JSON text, or `location[field]` keys) and, for a new client, ' +
      '`client` (the same); an existing client is `location.clientContact`.',
  });

const locationAddedSchema = z.object({ status: z.literal('success'), siteId: z.string() });

/** Adding a location with its client (spec §3 Add a New Location). */
export const locationCreate = {
  addLocationAndClient: defineCall({
    area: 'clientLocation',
    svc: 'addLocationAndClient',
    methods: ['POST'],
    input: addLocationInput,
    output: locationAddedSchema,
    access: 'user',
    rule:
      'a user who may create clients and locations (not CLIENT everywhere); a group only their ' +
      'own (or SUPPORT), an existing client only one they see',
    summary:
      'Adds a location with an existing or a new client; the caller becomes its owner (spec §7).',
  }),
} satisfies CallGroup;
