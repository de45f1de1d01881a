import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** How often the page asks again while it is open (the servers' heartbeats are every 10 s). */
export const REFRESH_MS = 5_000;

/** System Status, asked again every 5 s while the answer is not an error (a 403 stays one). */
export function useSystemStatus() {
  return useQuery({
    queryKey: ['systemStatus', 'get'],
    queryFn: () => api.systemStatus.get({}),
    staleTime: 0,
    refetchInterval: (query) => (query.state.status === 'error' ? false : REFRESH_MS),
  });
}
