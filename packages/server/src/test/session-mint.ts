import { SessionRepository } from '../areas/auth/session.repository';
import { SessionService } from '../areas/auth/session.service';
import { buildUser } from '../demo/builders';
import { SESSION_COOKIE } from '../http/cookies';
import type { Database } from '../infra/db/database';
import { users } from '../infra/db/schema';
import type { TestClock } from './test-app';

/** Mints sessions straight in the database (no password hashing), for tests that need many. */
export class SessionMint {
  private readonly sessions: SessionService;
  constructor(
    private readonly database: Database,
    clock: TestClock,
  ) {
    this.sessions = new SessionService(new SessionRepository(database.db), clock);
  }

  async cookieFor(userId: string): Promise<string> {
    const value = await this.sessions.create(userId, { ip: '127.0.0.1', userAgent: 'test' });
    return `${SESSION_COOKIE}=${value}`;
  }

  /** A new account holding no level anywhere, and its session cookie. */
  async throwawayUser(): Promise<{ userId: string; cookie: string }> {
    const user = buildUser({ passwordHash: 'x', firstName: 'Throwaway' });
    await this.database.db.insert(users).values(user);
    return { userId: user.id, cookie: await this.cookieFor(user.id) };
  }
}
