import type {
  AccountDetails,
  ChangeEmailInput,
  ChangePasswordInput,
  UpdateAccountDetails,
} from '@powerdeck/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dataSvc } from '../../../lib/api-client';

export const accountKeys = { details: ['userDetails', 'getAccountSettings'] as const };

/** `userDetails svc=getAccountSettings` (spec §7): name, e-mail and phone. */
export function useAccountDetails() {
  return useQuery({
    queryKey: accountKeys.details,
    queryFn: () => dataSvc<AccountDetails>('userDetails', 'getAccountSettings'),
  });
}

export function useUpdateAccountDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateAccountDetails) =>
      dataSvc<AccountDetails>('userDetails', 'updateUserDetails', { json: input }),
    onSuccess: (details) => queryClient.setQueryData(accountKeys.details, details),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      dataSvc<{ ok: boolean }>('accountManagement', 'changePassword', { json: input }),
  });
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangeEmailInput) =>
      dataSvc<{ ok: boolean }>('accountManagement', 'changeEmail', { json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.details }),
  });
}

export function useVerifyEmailChange() {
  return useMutation({
    mutationFn: (token: string) =>
      dataSvc<{ ok: boolean }>('accountManagement', 'verifyEmailChange', { json: { token } }),
  });
}

/**
 * `GET /data-svc/userPreference/data-svc.php?svc=deleteUser&feedback={json}` (spec §7): a
 * success only when the answer is `true`.
 */
export async function deleteUser(feedback: Record<string, string>): Promise<boolean> {
  const answer = await dataSvc<unknown>('userPreference', 'deleteUser', {
    query: { feedback: JSON.stringify(feedback) },
  });
  return answer === true;
}
