import type { ResetPasswordInput } from '@powerdeck/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function resetPassword(input: ResetPasswordInput) {
  return api.auth.resetPassword(input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
