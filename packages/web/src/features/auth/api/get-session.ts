import type { SessionUser } from '@powerdeck/domain';
import { publicApi } from '../../../lib/public-calls';

/**
 * The signed-in user, or null when there is no session: the session call answers `user: null`
 * then (a 200, so a signed-out visitor's public pages log no failed request in the console).
 * Apart from session.ts (react-query) because the entry asks it before the console loads.
 */
export async function getSession(): Promise<SessionUser | null> {
  const { user } = await publicApi.session({});
  return user;
}
