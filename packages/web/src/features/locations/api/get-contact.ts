import type { ClientContact } from '@powerdeck/domain';
import { useQuery } from '@tanstack/react-query';
import { dataSvc } from '../../../lib/api-client';

/** clients svc=getContactByContactId, for the primary-contact popover. */
export function useContact(contactId: string | null) {
  return useQuery({
    queryKey: ['contacts', contactId],
    queryFn: ({ signal }) =>
      dataSvc<ClientContact>('clients', 'getContactByContactId', {
        query: { contactId: contactId ?? '' },
        signal,
      }),
    enabled: contactId !== null,
    staleTime: 60_000,
  });
}
