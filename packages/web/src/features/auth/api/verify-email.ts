import type { VerifyEmailInput } from '@powerdeck/domain';
import { api } from '../../../lib/api';

export function verifyEmail(input: VerifyEmailInput) {
  return api.auth.verifyEmail(input);
}
