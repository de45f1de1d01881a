import type { LoginInput } from '@powerdeck/domain';
import { publicApi } from '../../../lib/public-calls';

/** Signs in; the sign-in screen hands the answer's user to whoever shows it (see login-page.tsx). */
export function login(input: LoginInput) {
  return publicApi.login(input);
}
