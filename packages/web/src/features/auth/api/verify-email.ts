import type { VerifyEmailInput } from '@powerdeck/domain';
import { useMutation } from '@tanstack/react-query';
import { dataSvc } from '../../../lib/api-client';

export function verifyEmail(input: VerifyEmailInput): Promise<{ ok: boolean }> {
  return dataSvc<{ ok: boolean }>('auth', 'verifyEmail', { json: input });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
