import {
  type AccountDetails,
  type ChangeEmailInput,
  type ChangePasswordInput,
  type SessionUser,
  type UpdateAccountDetails,
  type UserDataForSites,
  type UserPublicDetails,
  type UserSitesData,
  accountMessages,
} from '@powerdeck/domain';
import { randomUUID } from 'node:crypto';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { Clock } from '../../infra/clock';
import { renderMail } from '../../infra/mail/mail-layout';
import type { Mailer } from '../../infra/mail/mailer';
import type { PasswordHasher } from '../../infra/passwords';
import { hashSecret, newSecret } from '../auth/secrets';
import type { AccountRepository, AccountUserRow } from './account.repository';

const CHANGE_EMAIL_TTL_MS = 24 * 60 * 60 * 1000;

export interface AccountServiceDeps {
  repo: AccountRepository;
  passwords: PasswordHasher;
  mailer: Mailer;
  clock: Clock;
  publicOrigin: string;
}

/** Profile and account rules: details, password and e-mail changes, leaving feedback, deletion. */
export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  async sitesData(user: SessionUser, requestedUser: string | undefined): Promise<UserSitesData> {
    if (requestedUser && requestedUser !== user.userId && user.tier !== 'SUPPORT') {
      throw forbidden('You can only read your own locations.');
    }
    const userId = requestedUser ?? user.userId;
    const own = userId === user.userId;
    return { records: await this.deps.repo.sitesOf(userId, own && user.tier === 'SUPPORT') };
  }

  /** Another user's id, name and e-mail, for one the caller may see (`visibleUser`). */
  async userDetails(user: SessionUser, userId: string): Promise<UserPublicDetails> {
    const row = await this.visibleUser(user, userId);
    return { userId: row.id, firstName: row.firstName, lastName: row.lastName, email: row.email };
  }

  /** The user's levels at the locations asked for, left out where the caller holds none. */
  async userDataForSites(
    user: SessionUser,
    userId: string,
    siteIds: readonly string[],
  ): Promise<UserDataForSites> {
    const row = await this.visibleUser(user, userId);
    const viewerId = user.tier === 'SUPPORT' ? null : user.userId;
    return { records: await this.deps.repo.levelsAt(row.id, [...new Set(siteIds)], viewerId) };
  }

  async details(user: SessionUser): Promise<AccountDetails> {
    const row = await this.requireUser(user.userId);
    return {
      userId: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      phone: row.phone ?? '',
      pendingEmail: await this.deps.repo.pendingEmail(row.id, this.deps.clock.now()),
    };
  }

  async updateDetails(user: SessionUser, input: UpdateAccountDetails): Promise<AccountDetails> {
    await this.deps.repo.updateDetails(user.userId, input);
    return this.details(user);
  }

  /**
   * Checks the current password, sets the new one, revokes the e-mailed links still outstanding
   * and ends every other session of the user.
   */
  async changePassword(
    user: SessionUser,
    sessionId: string,
    input: ChangePasswordInput,
  ): Promise<void> {
    const row = await this.requireCurrentPassword(user, input.currentPassword);
    await this.deps.repo.setPasswordHash(row.id, await this.deps.passwords.hash(input.password));
    const now = this.deps.clock.now();
    await this.deps.repo.revokeLinkTokens(row.id, now);
    await this.deps.repo.revokeOtherSessions(row.id, sessionId, now);
  }

  /** Sends a single-use link to the new address; the e-mail changes only when it is opened. */
  async changeEmail(user: SessionUser, input: ChangeEmailInput): Promise<void> {
    const row = await this.requireCurrentPassword(user, input.currentPassword);
    if (input.email === row.email)
      throw badRequest(accountMessages.sameEmail, { email: accountMessages.sameEmail });
    if (await this.deps.repo.emailTaken(input.email)) throw conflict(accountMessages.emailTaken);
    const token = newSecret();
    const now = this.deps.clock.now();
    await this.deps.repo.replaceEmailToken({
      id: randomUUID(),
      kind: 'change_email',
      tokenHash: hashSecret(token),
      userId: row.id,
      email: input.email,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CHANGE_EMAIL_TTL_MS),
    });
    const link = `${this.deps.publicOrigin}/profile/changeEmail?token=${encodeURIComponent(token)}`;
    await this.deps.mailer.send({
      to: input.email,
      subject: 'Confirm your new Powerdeck email address',
      ...renderMail({
        heading: `Hello ${row.firstName},`,
        paragraphs: ['To make this the sign-in address of your Powerdeck account, confirm it.'],
        action: { label: 'Confirm my new address', url: link },
        footer: [
          'This link expires in 24 hours and works once. Until then your old address stays in use.',
        ],
      }),
    });
  }

  async verifyEmailChange(token: string): Promise<void> {
    const now = this.deps.clock.now();
    const found = await this.deps.repo.consumeEmailToken(hashSecret(token), now);
    if (!found) throw badRequest(accountMessages.badEmailLink);
    if (!(await this.deps.repo.setEmail(found.userId, found.email, now))) {
      throw conflict(accountMessages.emailTaken);
    }
    // links mailed to the old address (a reset among them) must not outlive it
    await this.deps.repo.revokeLinkTokens(found.userId, now);
  }

  async classicUiFeedback(user: SessionUser, feedback: Record<string, unknown>): Promise<true> {
    await this.deps.repo.addFeedback({
      kind: 'classic_ui',
      userId: user.userId,
      email: user.email,
      feedback,
    });
    return true;
  }

  /** Keeps the feedback (without the account) and deletes the user with their sessions and levels. */
  async deleteUser(user: SessionUser, feedback: Record<string, unknown>): Promise<true> {
    await this.deps.repo.addFeedback({
      kind: 'delete_account',
      userId: null,
      email: null,
      feedback,
    });
    await this.deps.repo.deleteUser(user.userId);
    return true;
  }

  /**
   * The caller, a user sharing a location with them, or anyone for SUPPORT; any other user
   * answers as an unknown one, so ids tell nothing about accounts the caller cannot see.
   */
  private async visibleUser(user: SessionUser, userId: string): Promise<AccountUserRow> {
    const row = await this.deps.repo.findUser(userId);
    const visible =
      row !== undefined &&
      (row.id === user.userId ||
        user.tier === 'SUPPORT' ||
        (await this.deps.repo.shareLocation(user.userId, row.id)));
    if (!visible) throw notFound(accountMessages.userNotFound);
    return row;
  }

  private async requireUser(userId: string): Promise<AccountUserRow> {
    const row = await this.deps.repo.findUser(userId);
    if (!row) throw notFound();
    return row;
  }

  private async requireCurrentPassword(
    user: SessionUser,
    password: string,
  ): Promise<AccountUserRow> {
    const row = await this.requireUser(user.userId);
    if (!(await this.deps.passwords.verify(row.passwordHash, password))) {
      throw badRequest(accountMessages.currentPasswordWrong, {
        currentPassword: accountMessages.currentPasswordWrong,
      });
    }
    return row;
  }
}
