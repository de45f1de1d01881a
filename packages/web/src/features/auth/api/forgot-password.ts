import type { ForgotPasswordInput } from '@powerdeck/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function forgotPassword(input: ForgotPasswordInput) {
  return api.auth.forgotPassword(input);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
