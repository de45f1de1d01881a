import type { SessionUser } from '@powerdeck/domain';
import { eq } from 'drizzle-orm';
import { forbidden } from '../../http/errors';
import type { Db } from '../../infra/db/database';
import { permissions } from '../../infra/db/schema';

export const creatorForbidden = 'Your permission level does not allow adding locations or clients.';

/**
 * Who may add locations and clients (ours; spec §6 only says the empty-state Add Location does
 * nothing for CLIENT): SUPPORT, anyone with a level other than CLIENT somewhere, and a new account
 * with no locations yet (its first location). A user who is CLIENT everywhere may not.
 */
export class CreatorRule {
  constructor(private readonly db: Db) {}

  async allows(user: SessionUser): Promise<boolean> {
    if (user.tier === 'SUPPORT') return true;
    const levels = await this.db
      .select({ permLvl: permissions.permLvl })
      .from(permissions)
      .where(eq(permissions.userId, user.userId));
    return levels.length === 0 || levels.some((l) => l.permLvl !== 'CLIENT');
  }

  async require(user: SessionUser): Promise<void> {
    if (!(await this.allows(user))) throw forbidden(creatorForbidden);
  }
}
