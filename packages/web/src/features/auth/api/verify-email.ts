import type { VerifyEmailInput } from '@powerdeck/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function verifyEmail(input: VerifyEmailInput) {
  return api.auth.verifyEmail(input);
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
