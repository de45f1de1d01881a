import { outboxSchema, sessionAnswerSchema, signedInSchema } from '../../api/session';
import {
  authErrors,
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
  signupSchema,
  verifyEmailSchema,
} from '../../auth/auth.schemas';
import { type CallGroup, defineCall } from '../call';
import { noInput, okOutput } from '../inputs';

const minute = 60_000;

/** Sign-in, sign-up, e-mail verification and password reset (docs/api/auth.md; not in the spec). */
export const auth = {
  login: defineCall({
    area: 'auth',
    svc: 'login',
    methods: ['POST'],
    body: 'json',
    input: loginSchema,
    output: signedInSchema,
    access: 'public',
    // the server takes `max` from SIGNIN_RATE_LIMIT; per account and address it also backs off
    rateLimit: { max: 20, windowMs: minute, message: authErrors.throttled },
    summary:
      'Signs in with e-mail and password: sets the pd_session cookie and answers the user. ' +
      'Failures back off per account and address (429 with Retry-After).',
  }),
  logout: defineCall({
    area: 'auth',
    svc: 'logout',
    methods: ['POST'],
    input: noInput,
    output: okOutput,
    access: 'public',
    rule: 'anyone (revokes the session when there is one)',
    summary: 'Signs out: revokes the session and clears its cookies.',
  }),
  session: defineCall({
    area: 'auth',
    svc: 'session',
    methods: ['GET'],
    input: noInput,
    output: sessionAnswerSchema,
    access: 'public',
    rule: "anyone (answers the caller's own session, `user: null` without one)",
    summary:
      'The signed-in user of the session cookie, or `user: null` without a live session (a 200 ' +
      "either way: a signed-out visitor's check is no failed request).",
  }),
  signup: defineCall({
    area: 'auth',
    svc: 'signup',
    methods: ['POST'],
    body: 'json',
    input: signupSchema,
    output: okOutput,
    access: 'public',
    rateLimit: { max: 10, windowMs: minute, message: authErrors.tooManySignups },
    summary:
      'Creates an account and e-mails a verification link; answers the same for an address ' +
      'that already has an account.',
  }),
  verifyEmail: defineCall({
    area: 'auth',
    svc: 'verifyEmail',
    methods: ['POST'],
    body: 'json',
    input: verifyEmailSchema,
    output: okOutput,
    access: 'public',
    rateLimit: { max: 30, windowMs: minute, message: authErrors.badVerifyLink },
    summary: 'Verifies an e-mail address with the token of its link (once).',
  }),
  forgotPassword: defineCall({
    area: 'auth',
    svc: 'forgotPassword',
    methods: ['POST'],
    body: 'json',
    input: forgotPasswordSchema,
    output: okOutput,
    access: 'public',
    rateLimit: { max: 5, windowMs: minute, message: authErrors.tooManyResetRequests },
    summary:
      'E-mails a password reset link to an account; answers the same whether or not the ' +
      'address has one.',
  }),
  resetPassword: defineCall({
    area: 'auth',
    svc: 'resetPassword',
    methods: ['POST'],
    body: 'json',
    input: resetPasswordSchema,
    output: okOutput,
    access: 'public',
    rateLimit: { max: 20, windowMs: minute, message: authErrors.badResetLink },
    summary:
      'Sets a new password with the token of a reset link (once) and signs the account out ' +
      'everywhere.',
  }),
  outbox: defineCall({
    area: 'auth',
    svc: 'outbox',
    methods: ['GET'],
    input: noInput,
    output: outboxSchema,
    access: 'public',
    rule: 'a request made on the demo’s own machine (loopback, no proxy headers), or a SUPPORT user',
    demoOnly: true,
    summary: 'The e-mails the demo would have sent (the /outbox page), newest first.',
  }),
} satisfies CallGroup;
