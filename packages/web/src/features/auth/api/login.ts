import type { LoginInput, SessionUser } from '@powerdeck/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataSvc } from '../../../lib/api-client';
import { sessionQueryKey } from './session';

export function login(input: LoginInput): Promise<{ user: SessionUser }> {
  return dataSvc<{ user: SessionUser }>('auth', 'login', { json: input });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(sessionQueryKey, user);
    },
  });
}
