import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';

/** The login cookie: `{userId}.{secret}` (spec §9: its first segment is the analytics user id). */
export const SESSION_COOKIE = 'pd_session';
/** Set by the switch to the classic interface (spec §2); removed at logout when it is enabled. */
export const CLASSIC_UI_COOKIE = 'pd_classic_ui';
/** The internal-user flag (spec §9 analytics dimension); removed at logout (spec §6). */
export const INTERNAL_COOKIE = 'pd_internal';

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** Secure when the request came over https, or the console's public address is https. */
export function sessionCookieOptions(
  request: FastifyRequest,
  publicOrigin: string,
): CookieSerializeOptions {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https' || publicOrigin.startsWith('https:'),
    maxAge: SESSION_MAX_AGE_SECONDS,
  };
}
