/** What other features use of sign-in: who is signed in, and the cache key to refresh it by. */
export { sessionQueryKey, useSession } from './api/session';
