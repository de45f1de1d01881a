import { createClientSchema, pagingInput } from '@powerdeck/domain';
import { z } from 'zod';
import { type DataSvc, authedSvc } from '../../http/data-svc';
import type { ClientsService } from './clients.service';

const idInput = (name: string) =>
  z
    .string({ message: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(100);

/**
 * The client ids of `clientsStats`: repeated `clients[i]` (spec §7), also `clients[]` or a
 * repeated `clients`.
 */
export const clientIdsInput = z.looseObject({}).transform((query, ctx) => {
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

export function registerClientsRoutes(dataSvc: DataSvc, service: ClientsService): void {
  dataSvc.area('clients', {
    getClients: authedSvc({
      methods: ['GET'],
      input: pagingInput,
      handler: ({ auth, input }) => service.getClients(auth.user, input),
    }),
    clientsStats: authedSvc({
      methods: ['GET'],
      input: clientIdsInput,
      handler: ({ auth, input }) => service.stats(auth.user, input),
    }),
    getClient: authedSvc({
      methods: ['GET'],
      input: z.object({ clientId: idInput('clientId') }),
      handler: ({ auth, input }) => service.details(auth.user, input.clientId),
    }),
    getLocationCard: authedSvc({
      methods: ['GET'],
      input: pagingInput.extend({ clientId: idInput('clientId') }),
      handler: ({ auth, input }) => service.locationCards(auth.user, input.clientId, input),
    }),
    getContactsForClientId: authedSvc({
      methods: ['GET'],
      input: z.object({ clientId: idInput('clientId') }),
      handler: ({ auth, input }) => service.contacts(auth.user, input.clientId),
    }),
    getContactByContactId: authedSvc({
      methods: ['GET'],
      input: z.object({ contactId: idInput('contactId') }),
      handler: ({ auth, input }) => service.contact(auth.user, input.contactId),
    }),
    createClient: authedSvc({
      methods: ['POST'],
      input: createClientSchema.extend({ imageFileRef: z.string().trim().max(300).optional() }),
      handler: ({ auth, input }) => service.create(auth.user, input),
    }),
  });
}
