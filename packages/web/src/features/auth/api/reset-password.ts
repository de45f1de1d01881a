import type { ResetPasswordInput } from '@powerdeck/domain';
import { useMutation } from '@tanstack/react-query';
import { dataSvc } from '../../../lib/api-client';

export function resetPassword(input: ResetPasswordInput): Promise<{ ok: boolean }> {
  return dataSvc<{ ok: boolean }>('auth', 'resetPassword', { json: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
