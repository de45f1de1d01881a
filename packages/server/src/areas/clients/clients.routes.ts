import { callTable } from '@powerdeck/domain';
import type { CallRegistry } from '../../http/contract';
import type { ClientsService } from './clients.service';

/** The clients calls of spec §7 and ours (getClient, createClient). */
export function registerClientsRoutes(calls: CallRegistry, service: ClientsService): void {
  calls.implement(callTable.clients, {
    getClients: ({ auth, input }) => service.getClients(auth.user, input),
    clientsStats: ({ auth, input }) => service.stats(auth.user, input),
    getClient: ({ auth, input }) => service.details(auth.user, input.clientId),
    getLocationCard: ({ auth, input }) => service.locationCards(auth.user, input.clientId, input),
    getContactsForClientId: ({ auth, input }) => service.contacts(auth.user, input.clientId),
    getContactByContactId: ({ auth, input }) => service.contact(auth.user, input.contactId),
    createClient: ({ auth, input }) => service.create(auth.user, input),
  });
}
