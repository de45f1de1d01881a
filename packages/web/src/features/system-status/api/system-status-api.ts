import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** How often the page asks again while it is open (the servers' heartbeats are every 10 s). */
export const REFRESH_MS = 5_000;

/**
 * System Status, asked again every 5 s while the answer is not an error (a 403 stays one); not
 * asked while `enabled` is false (a user the page already knows the server would refuse).
 */
export function useSystemStatus(enabled = true) {
  return useQuery({
    queryKey: ['systemStatus', 'get'],
    queryFn: () => api.systemStatus.get({}),
    enabled,
    staleTime: 0,
    refetchInterval: (query) => (query.state.status === 'error' ? false : REFRESH_MS),
  });
}

const undeliveredMailKey = ['systemStatus', 'undeliveredMail'] as const;

/** Mail that did not go out (SUPPORT only), asked again with the page's figures. */
export function useUndeliveredMail() {
  return useQuery({
    queryKey: undeliveredMailKey,
    queryFn: () => api.systemStatus.undeliveredMail({}),
    staleTime: 0,
    refetchInterval: (query) => (query.state.status === 'error' ? false : REFRESH_MS),
  });
}

/** Sends a failed message again; the list is asked again after. */
export function useResendMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (outboxId: string) => api.systemStatus.resendMail({ outboxId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: undeliveredMailKey }),
  });
}
