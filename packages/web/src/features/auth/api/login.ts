import type { LoginInput } from '@powerdeck/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { publicApi } from '../../../lib/public-calls';
import { sessionQueryKey } from './session';

export function login(input: LoginInput) {
  return publicApi.login(input);
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
