import { type CallRateLimit, callTable } from '@powerdeck/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CLASSIC_UI_COOKIE,
  INTERNAL_COOKIE,
  SESSION_COOKIE,
  sessionCookieOptions,
} from '../../http/cookies';
import type { CallRegistry } from '../../http/contract';
import { forbidden } from '../../http/errors';
import type { OutboxRepository } from '../../infra/mail/outbox.repository';
import type { AuthService } from './auth.service';
import { mayReadOutbox, outboxMessages } from './outbox-access';
import type { SessionService } from './session.service';

export interface AuthRoutesDeps {
  auth: AuthService;
  sessions: SessionService;
  outbox: OutboxRepository;
  publicOrigin: string;
  classicUiEnabled: boolean;
  demo: boolean;
  signInRateLimit: number;
}

/** The table's sign-in limit with `max` from configuration (SIGNIN_RATE_LIMIT). */
function signInLimit(max: number): CallRateLimit {
  const limit = callTable.auth.login.rateLimit;
  if (!limit) throw new Error('auth svc=login has no rate limit in the call table');
  return { ...limit, max };
}

const clientMeta = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

/** The cookie session of a request, for every /data-svc/ call (renews the cookie as it slides). */
export function cookieAuthenticator(sessions: SessionService, publicOrigin: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const cookieValue = request.cookies[SESSION_COOKIE];
    const found = await sessions.authenticate(cookieValue);
    if (!found) return null;
    if (found.renewed && cookieValue) {
      reply.setCookie(SESSION_COOKIE, cookieValue, sessionCookieOptions(request, publicOrigin));
    }
    return found.auth;
  };
}

/** Sign-in and account calls (docs/api/auth.md). */
export function registerAuthRoutes(calls: CallRegistry, deps: AuthRoutesDeps): void {
  const { auth, sessions } = deps;
  const { outbox, ...accountCalls } = callTable.auth;

  calls.implement(
    accountCalls,
    {
      async login({ input, request, reply }) {
        const { user, cookieValue } = await auth.login(input, clientMeta(request));
        reply.setCookie(
          SESSION_COOKIE,
          cookieValue,
          sessionCookieOptions(request, deps.publicOrigin),
        );
        return { user };
      },

      async logout({ auth: session, request, reply }) {
        if (session) await sessions.revoke(session.sessionId);
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        if (deps.classicUiEnabled) reply.clearCookie(CLASSIC_UI_COOKIE, { path: '/' });
        if (request.cookies[INTERNAL_COOKIE] !== undefined) {
          reply.clearCookie(INTERNAL_COOKIE, { path: '/' });
        }
        return { ok: true };
      },

      session: ({ auth: session }) => ({ user: session?.user ?? null }),

      async signup({ input }) {
        await auth.signup(input);
        return { ok: true };
      },

      async verifyEmail({ input }) {
        await auth.verifyEmail(input.token);
        return { ok: true };
      },

      forgotPassword({ input, request }) {
        // answered before the account is even looked up: see AuthService.forgotPassword
        auth.forgotPassword(input, (error) =>
          request.log.error({ err: error }, 'password reset e-mail failed'),
        );
        return { ok: true };
      },

      async resetPassword({ input, request }) {
        await auth.resetPassword(input, clientMeta(request));
        return { ok: true };
      },
    },
    { login: { rateLimit: signInLimit(deps.signInRateLimit) } },
  );

  // The demo has no real mail: the console's /outbox page lists what would have been sent. The
  // outbox holds every e-mailed link, password resets included, so only this machine or a SUPPORT
  // user reads it; outside demo mode the call is not registered at all (an unknown call, 404).
  if (deps.demo) {
    calls.implement(
      { outbox },
      {
        async outbox({ auth: session, request }) {
          const allowed = mayReadOutbox({
            socketAddress: request.socket.remoteAddress,
            headers: request.headers,
            user: session?.user ?? null,
          });
          if (!allowed) throw forbidden(outboxMessages.localOnly);
          return { messages: await deps.outbox.list() };
        },
      },
    );
  }
}
