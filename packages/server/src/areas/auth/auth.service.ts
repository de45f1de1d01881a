import {
  type ForgotPasswordInput,
  type LoginInput,
  type ResetPasswordInput,
  type SessionUser,
  type SignupInput,
  authErrors,
} from '@powerdeck/domain';
import { randomUUID } from 'node:crypto';
import { badRequest, forbidden, tooManyRequests, unauthorized } from '../../http/errors';
import type { Clock } from '../../infra/clock';
import { renderMail } from '../../infra/mail/mail-layout';
import type { Mailer } from '../../infra/mail/mailer';
import type { PasswordHasher } from '../../infra/passwords';
import type { AuthRepository, AuthTokenKind, UserRow } from './auth.repository';
import { LOGIN_THROTTLE, loginThrottle } from './login-throttle';
import { hashSecret, newSecret } from './secrets';
import { type ClientMeta, type SessionService, toSessionUser } from './session.service';

const VERIFY_EMAIL_TTL_MS = 24 * 60 * 60 * 1000;
const RESET_PASSWORD_TTL_MS = 60 * 60 * 1000;

export interface AuthServiceDeps {
  repo: AuthRepository;
  sessions: SessionService;
  passwords: PasswordHasher;
  mailer: Mailer;
  clock: Clock;
  /** Base of the links in e-mails (PUBLIC_ORIGIN). */
  publicOrigin: string;
  /** Compared against for unknown e-mails, so both cases cost one hash. */
  dummyHash: () => Promise<string>;
}

/** Sign-in, sign-up, e-mail verification and password reset rules. */
export class AuthService {
  /** Work done after answering (forgotPassword), one at a time. */
  private background: Promise<void> = Promise.resolve();

  constructor(private readonly deps: AuthServiceDeps) {}

  /**
   * Checks the password and opens a session. A throttled (account, address) pair or address is
   * refused before any hash is computed, so a password-guessing run costs the server nothing
   * (login-throttle.ts has the rules).
   */
  async login(
    input: LoginInput,
    meta: ClientMeta,
  ): Promise<{ user: SessionUser; cookieValue: string }> {
    const { repo, clock, passwords } = this.deps;
    const now = clock.now();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const { account, address } = LOGIN_THROTTLE;
    const failures = await repo.failureCounts(input.email, meta.ip, {
      accountSince: ago(account.windowMs),
      addressSince: ago(address.windowMs),
    });
    const decision = loginThrottle(failures, now);
    if (decision.throttled) throw tooManyRequests(authErrors.throttled, decision.retryAfterSeconds);

    const user = await repo.findUserByEmail(input.email);
    const matches = await passwords.verify(
      user?.passwordHash ?? (await this.deps.dummyHash()),
      input.password,
    );
    if (!user || !matches) {
      const forgetBefore = ago(Math.max(account.windowMs, address.windowMs));
      await repo.recordFailure(input.email, meta.ip, now, forgetBefore);
      throw unauthorized(authErrors.badCredentials);
    }
    if (user.emailVerifiedAt === null) throw forbidden(authErrors.unverified);

    await repo.clearFailures(input.email, meta.ip);
    const cookieValue = await this.deps.sessions.create(user.id, meta);
    return { user: toSessionUser(user), cookieValue };
  }

  /**
   * Creates the account and mails its verification link. A taken address answers the same (no
   * account enumeration, ASVS 5.0 §6.3.8) and costs the same password hash; its owner is told by
   * e-mail instead, with no link that changes anything.
   */
  async signup(input: SignupInput): Promise<void> {
    const { repo, clock, passwords } = this.deps;
    const existing = await repo.findUserByEmail(input.email);
    const passwordHash = await passwords.hash(input.password);
    if (existing) {
      await this.mailSignupAttempt(existing);
      return;
    }
    const userId = randomUUID();
    const created = await repo.createUser({
      id: userId,
      email: input.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      tier: 'STANDARD',
      createdAt: clock.now(),
    });
    if (!created) {
      // taken meanwhile by a sign-up running at the same time
      const owner = await repo.findUserByEmail(input.email);
      if (owner) await this.mailSignupAttempt(owner);
      return;
    }
    const token = await this.issueToken('verify_email', userId, VERIFY_EMAIL_TTL_MS);
    await this.deps.mailer.send({
      to: input.email,
      subject: 'Verify your Powerdeck account',
      ...renderMail({
        heading: `Hello ${input.firstName},`,
        paragraphs: [
          'Please confirm your email address to finish creating your Powerdeck account.',
        ],
        action: { label: 'Verify my address', url: this.link('/new-account-verify', token) },
        footer: [
          'This link expires in 24 hours. If you did not sign up, you can ignore this message.',
        ],
      }),
    });
  }

  async verifyEmail(token: string): Promise<void> {
    const { repo, clock } = this.deps;
    const now = clock.now();
    const userId = await repo.consumeToken('verify_email', hashSecret(token), now);
    if (!userId) throw badRequest(authErrors.badVerifyLink);
    await repo.markEmailVerified(userId, now);
  }

  /**
   * Answers at once and does the work afterwards, in order with other such work: the request does
   * the same (no lookup, no write, no mail) whether the account exists or not, so neither its
   * answer nor its timing tells (ASVS 5.0 §6.3.8). `onError` hears of a failure of the later work.
   */
  forgotPassword(input: ForgotPasswordInput, onError: (error: unknown) => void): void {
    this.background = this.background
      // after the answer is written: an in-process database (PGlite) would otherwise do the
      // lookup on this thread before the answer leaves
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => this.sendResetLink(input))
      .catch(onError);
  }

  /**
   * Sets the new password, revokes every other e-mailed link of the account, signs it out
   * everywhere, and forgets the failed sign-ins from the address that opened the link.
   */
  async resetPassword(input: ResetPasswordInput, meta: ClientMeta): Promise<void> {
    const { repo, clock, passwords } = this.deps;
    const now = clock.now();
    const userId = await repo.consumeToken('reset_password', hashSecret(input.token), now);
    if (!userId) throw badRequest(authErrors.badResetLink);
    await repo.setPasswordHash(userId, await passwords.hash(input.password));
    // the link arrived by e-mail, which proves the address
    await repo.markEmailVerified(userId, now);
    await repo.revokeLinkTokens(userId, now);
    await this.deps.sessions.revokeAllForUser(userId);
    const user = await repo.findUserById(userId);
    if (user) await repo.clearFailures(user.email, meta.ip);
  }

  /** Mails a reset link when the account exists; nothing otherwise. */
  private async sendResetLink(input: ForgotPasswordInput): Promise<void> {
    const user = await this.deps.repo.findUserByEmail(input.email);
    if (!user) return;
    await this.deps.repo.deleteDeadTokens(user.id, this.deps.clock.now());
    const token = await this.issueToken('reset_password', user.id, RESET_PASSWORD_TTL_MS);
    await this.deps.mailer.send({
      to: user.email,
      subject: 'Reset your Powerdeck password',
      ...renderMail({
        heading: `Hello ${user.firstName},`,
        paragraphs: ['Someone asked to reset the password of your Powerdeck account.'],
        action: { label: 'Choose a new password', url: this.link('/reset-password', token) },
        footer: [
          'This link expires in 1 hour and works once. If you did not ask for it, ignore this message.',
        ],
      }),
    });
  }

  /** Tells the owner of an address that someone tried to sign up with it (no link in it acts). */
  private async mailSignupAttempt(owner: UserRow): Promise<void> {
    const origin = this.deps.publicOrigin;
    await this.deps.mailer.send({
      to: owner.email,
      subject: 'Someone tried to sign up with your Powerdeck address',
      ...renderMail({
        heading: `Hello ${owner.firstName},`,
        paragraphs: [
          'Someone tried to create a Powerdeck account with this email address, which already ' +
            'has one. No account was created and nothing was changed.',
          `If it was you, sign in at ${origin}/login, or choose a new password at ` +
            `${origin}/forgot-password.`,
        ],
        footer: ['If it was not you, you can ignore this message.'],
      }),
    });
  }

  private async issueToken(kind: AuthTokenKind, userId: string, ttlMs: number): Promise<string> {
    const token = newSecret();
    const now = this.deps.clock.now();
    await this.deps.repo.createToken({
      id: randomUUID(),
      kind,
      tokenHash: hashSecret(token),
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttlMs),
    });
    return token;
  }

  private link(path: string, token: string): string {
    return `${this.deps.publicOrigin}${path}?token=${encodeURIComponent(token)}`;
  }
}
