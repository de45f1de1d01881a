import {
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
  signupSchema,
  verifyEmailSchema,
} from '@powerdeck/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CLASSIC_UI_COOKIE,
  INTERNAL_COOKIE,
  SESSION_COOKIE,
  sessionCookieOptions,
} from '../../http/cookies';
import { type DataSvc, authedSvc, publicSvc } from '../../http/data-svc';
import { forbidden } from '../../http/errors';
import type { OutboxRepository } from '../../infra/mail/outbox.repository';
import { type AuthService, authErrors } from './auth.service';
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

const minute = 60_000;

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
export function registerAuthRoutes(dataSvc: DataSvc, deps: AuthRoutesDeps): void {
  const { auth, sessions } = deps;

  dataSvc.area('auth', {
    login: publicSvc({
      methods: ['POST'],
      input: loginSchema,
      rateLimit: { max: deps.signInRateLimit, windowMs: minute, message: authErrors.throttled },
      async handler({ input, request, reply }) {
        const { user, cookieValue } = await auth.login(input, clientMeta(request));
        reply.setCookie(
          SESSION_COOKIE,
          cookieValue,
          sessionCookieOptions(request, deps.publicOrigin),
        );
        return { user };
      },
    }),

    logout: publicSvc({
      methods: ['POST'],
      async handler({ auth: session, request, reply }) {
        if (session) await sessions.revoke(session.sessionId);
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        if (deps.classicUiEnabled) reply.clearCookie(CLASSIC_UI_COOKIE, { path: '/' });
        if (request.cookies[INTERNAL_COOKIE] !== undefined) {
          reply.clearCookie(INTERNAL_COOKIE, { path: '/' });
        }
        return { ok: true };
      },
    }),

    session: authedSvc({
      methods: ['GET'],
      handler: ({ auth: session }) => ({ user: session.user }),
    }),

    signup: publicSvc({
      methods: ['POST'],
      input: signupSchema,
      rateLimit: { max: 10, windowMs: minute, message: 'Too many sign-ups. Please try later.' },
      async handler({ input }) {
        await auth.signup(input);
        return { ok: true };
      },
    }),

    verifyEmail: publicSvc({
      methods: ['POST'],
      input: verifyEmailSchema,
      rateLimit: { max: 30, windowMs: minute, message: authErrors.badVerifyLink },
      async handler({ input }) {
        await auth.verifyEmail(input.token);
        return { ok: true };
      },
    }),

    forgotPassword: publicSvc({
      methods: ['POST'],
      input: forgotPasswordSchema,
      rateLimit: {
        max: 5,
        windowMs: minute,
        message: 'Too many reset requests. Please wait a few minutes and try again.',
      },
      handler({ input, request }) {
        // answered before the account is even looked up: see AuthService.forgotPassword
        auth.forgotPassword(input, (error) =>
          request.log.error({ err: error }, 'password reset e-mail failed'),
        );
        return { ok: true };
      },
    }),

    resetPassword: publicSvc({
      methods: ['POST'],
      input: resetPasswordSchema,
      rateLimit: { max: 20, windowMs: minute, message: authErrors.badResetLink },
      async handler({ input, request }) {
        await auth.resetPassword(input, clientMeta(request));
        return { ok: true };
      },
    }),
  });

  // The demo has no real mail: the console's /outbox page lists what would have been sent. The
  // outbox holds every e-mailed link, password resets included, so only this machine or a SUPPORT
  // user reads it; outside demo mode the call does not exist.
  if (deps.demo) {
    dataSvc.area('auth', {
      outbox: publicSvc({
        methods: ['GET'],
        async handler({ auth: session, request }) {
          const allowed = mayReadOutbox({
            socketAddress: request.socket.remoteAddress,
            headers: request.headers,
            user: session?.user ?? null,
          });
          if (!allowed) throw forbidden(outboxMessages.localOnly);
          return { messages: await deps.outbox.list() };
        },
      }),
    });
  }
}
