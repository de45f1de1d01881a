import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataSvc } from '../../../lib/api-client';
import { sessionQueryKey } from './session';

export function logout(): Promise<{ ok: boolean }> {
  return dataSvc<{ ok: boolean }>('auth', 'logout', { method: 'POST' });
}

/** On logout the whole store resets (spec §4): every cached query goes, then the session is null. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, null);
    },
  });
}
