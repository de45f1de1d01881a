import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Every client the user may see, for the Refine modal and the wizard's client choice. */
export function useClientOptions(enabled = true) {
  return useQuery({
    queryKey: ['clients', 'options'],
    queryFn: ({ signal }) =>
      api.clients.getClients({ pageNo: 1, recordsPerPage: 'all' }, { signal }),
    select: (page) => page.records.map((c) => ({ value: c.id, label: c.firstName })),
    enabled,
  });
}
