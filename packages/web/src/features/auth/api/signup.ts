import type { SignupInput } from '@powerdeck/domain';
import { useMutation } from '@tanstack/react-query';
import { dataSvc } from '../../../lib/api-client';

export function signup(input: SignupInput): Promise<{ ok: boolean }> {
  return dataSvc<{ ok: boolean }>('auth', 'signup', { json: input });
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
