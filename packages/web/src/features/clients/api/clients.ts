import { notifications } from '@mantine/notifications';
import type { ClientsPage, CreateClient } from '@powerdeck/domain';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const CLIENTS_PAGE_SIZE = 12;

export function nextClientsPage(last: ClientsPage): number | undefined {
  return last.records.length > 0 && last.pageNo * last.recordsPerPage < last.totalRecords
    ? last.pageNo + 1
    : undefined;
}

/** clients svc=getClients, pages appended (spec §4). */
export function useClientPages() {
  return useInfiniteQuery({
    queryKey: ['clients', 'pages'],
    queryFn: ({ pageParam, signal }) =>
      api.clients.getClients({ pageNo: pageParam, recordsPerPage: CLIENTS_PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextClientsPage,
  });
}

/** clients svc=clientsStats with repeated clients[i]: counts patched in after a page loads. */
export function useClientStats(ids: readonly string[]) {
  const query: Record<string, string> = {};
  ids.forEach((id, i) => {
    query[`clients[${i}]`] = id;
  });
  return useQuery({
    queryKey: ['clients', 'stats', ids],
    queryFn: ({ signal }) => api.clients.clientsStats(query, { signal }),
    enabled: ids.length > 0,
  });
}

export function useClient(clientId: string) {
  return useQuery({
    queryKey: ['clients', clientId],
    queryFn: ({ signal }) => api.clients.getClient({ clientId }, { signal }),
    retry: false,
  });
}

export function useClientLocations(clientId: string) {
  return useQuery({
    queryKey: ['clients', clientId, 'locations'],
    queryFn: ({ signal }) =>
      api.clients.getLocationCard({ clientId, pageNo: 1, recordsPerPage: 'all' }, { signal }),
  });
}

export function useClientContacts(clientId: string) {
  return useQuery({
    queryKey: ['clients', clientId, 'contacts'],
    queryFn: ({ signal }) => api.clients.getContactsForClientId({ clientId }, { signal }),
    retry: false,
  });
}

export function useCreateClient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateClient & { imageFileRef: string }) => api.clients.createClient(input),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: 'Client added successfully' });
      await client.invalidateQueries({ queryKey: ['clients'] });
    },
    onError: () => notifications.show({ color: 'red', message: 'Client can not be added' }),
  });
}
