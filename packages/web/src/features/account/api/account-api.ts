import type {
  ChangeEmailInput,
  ChangePasswordInput,
  UpdateAccountDetails,
} from '@powerdeck/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const accountKeys = { details: ['userDetails', 'getAccountSettings'] as const };

/** `userDetails svc=getAccountSettings` (spec §7): name, e-mail and phone. */
export function useAccountDetails() {
  return useQuery({
    queryKey: accountKeys.details,
    queryFn: ({ signal }) => api.account.getAccountSettings({}, { signal }),
  });
}

export function useUpdateAccountDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateAccountDetails) => api.account.updateUserDetails(input),
    onSuccess: (details) => queryClient.setQueryData(accountKeys.details, details),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api.account.changePassword(input),
  });
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangeEmailInput) => api.account.changeEmail(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.details }),
  });
}

export function useVerifyEmailChange() {
  return useMutation({
    mutationFn: (token: string) => api.account.verifyEmailChange({ token }),
  });
}

/**
 * `GET /data-svc/userPreference/data-svc.php?svc=deleteUser&feedback={json}` (spec §7): a
 * success only when the answer is `true`.
 */
export async function deleteUser(feedback: Record<string, string>): Promise<boolean> {
  const answer = await api.account.deleteUser({ feedback: JSON.stringify(feedback) });
  // answers are checked only in development and tests
  return answer === true;
}
