import type { SignupInput } from '@powerdeck/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function signup(input: SignupInput) {
  return api.auth.signup(input);
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
