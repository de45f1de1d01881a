import type { ForgotPasswordInput } from '@powerdeck/domain';
import { useMutation } from '@tanstack/react-query';
import { dataSvc } from '../../../lib/api-client';

export function forgotPassword(input: ForgotPasswordInput): Promise<{ ok: boolean }> {
  return dataSvc<{ ok: boolean }>('auth', 'forgotPassword', { json: input });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
