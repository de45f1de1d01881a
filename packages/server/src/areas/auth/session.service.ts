import type { SessionUser } from '@powerdeck/domain';
import { randomUUID } from 'node:crypto';
import { SESSION_MAX_AGE_SECONDS } from '../../http/cookies';
import type { AuthContext } from '../../http/data-svc';
import type { Clock } from '../../infra/clock';
import type { UserRow } from './auth.repository';
import { hashSecret, newSecret } from './secrets';
import type { SessionRepository } from './session.repository';

const SESSION_TTL_MS = SESSION_MAX_AGE_SECONDS * 1000;
/** last_seen is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

export function toSessionUser(user: UserRow): SessionUser {
  return {
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    tier: user.tier,
  };
}

export interface ClientMeta {
  ip: string;
  userAgent: string | undefined;
}

/**
 * Server-side sessions. The cookie value is `{userId}.{secret}`; only sha256(secret) is stored.
 * Sessions slide: a session in use is extended to 30 days from its last use.
 */
export class SessionService {
  constructor(
    private readonly repo: SessionRepository,
    private readonly clock: Clock,
  ) {}

  /** Returns the cookie value of a new session. */
  async create(userId: string, meta: ClientMeta): Promise<string> {
    const secret = newSecret();
    const now = this.clock.now();
    await this.repo.insert({
      id: randomUUID(),
      userId,
      tokenHash: hashSecret(secret),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      userAgent: meta.userAgent?.slice(0, 400) ?? null,
      ip: meta.ip,
    });
    return `${userId}.${secret}`;
  }

  /**
   * The session a cookie value stands for, or null. `renewed` is true when its expiry was just
   * extended, so the caller re-sends the cookie with a fresh Max-Age.
   */
  async authenticate(
    cookieValue: string | undefined,
  ): Promise<{ auth: AuthContext; renewed: boolean } | null> {
    const parsed = parseSessionCookie(cookieValue);
    if (!parsed) return null;
    const now = this.clock.now();
    const found = await this.repo.findLive(hashSecret(parsed.secret), now);
    if (!found || found.user.id !== parsed.userId) return null;
    let renewed = false;
    if (now.getTime() - found.session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
      await this.repo.touch(found.session.id, now, new Date(now.getTime() + SESSION_TTL_MS));
      renewed = true;
    }
    return { auth: { user: toSessionUser(found.user), sessionId: found.session.id }, renewed };
  }

  revoke(sessionId: string): Promise<void> {
    return this.repo.revoke(sessionId, this.clock.now());
  }

  revokeAllForUser(userId: string): Promise<void> {
    return this.repo.revokeAllForUser(userId, this.clock.now());
  }
}

export function parseSessionCookie(
  value: string | undefined,
): { userId: string; secret: string } | null {
  if (!value || value.length > 200) return null;
  const dot = value.lastIndexOf('.');
  if (dot <= 0 || dot === value.length - 1) return null;
  return { userId: value.slice(0, dot), secret: value.slice(dot + 1) };
}
