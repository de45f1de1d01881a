import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** clients svc=getContactByContactId, for the primary-contact popover. */
export function useContact(contactId: string | null) {
  return useQuery({
    queryKey: ['contacts', contactId],
    queryFn: ({ signal }) =>
      api.clients.getContactByContactId({ contactId: contactId ?? '' }, { signal }),
    enabled: contactId !== null,
    staleTime: 60_000,
  });
}
