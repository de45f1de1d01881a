import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../infra/db/database';
import { deviceCredentials as dc } from '../../infra/db/schema';

export type DeviceCredentialRow = typeof dc.$inferSelect;

/** What each device may sign in to the broker with (migration 0068; verifiers only). */
export class DeviceCredentialsRepository {
  constructor(private readonly db: Db) {}

  async find(devId: string): Promise<DeviceCredentialRow | undefined> {
    const [row] = await this.db.select().from(dc).where(eq(dc.devId, devId));
    return row;
  }

  /** Devices deleted from their location and not claimed since: refused by the broker. */
  async revokedIds(): Promise<string[]> {
    const rows = await this.db.select({ devId: dc.devId }).from(dc).where(isNotNull(dc.revokedAt));
    return rows.map((r) => r.devId);
  }

  /** Sets every field of a device's row (a new one, or the one it had). */
  private async upsert(devId: string, values: Omit<DeviceCredentialRow, 'devId'>): Promise<void> {
    await this.db
      .insert(dc)
      .values({ devId, ...values })
      .onConflictDoUpdate({ target: dc.devId, set: values });
  }

  /** A claim: the claim key given signs the device in until it has a secret of its own. */
  async claimed(devId: string, claimKeyVerifier: string | null, at: Date): Promise<void> {
    const values = {
      claimKeyVerifier,
      secretVerifier: null,
      pendingVerifier: null,
      pendingSince: null,
      revokedAt: null,
      updatedAt: at,
    };
    await this.upsert(devId, values);
  }

  async revoke(devId: string, at: Date): Promise<void> {
    const values = {
      claimKeyVerifier: null,
      secretVerifier: null,
      pendingVerifier: null,
      pendingSince: null,
      revokedAt: at,
      updatedAt: at,
    };
    await this.upsert(devId, values);
  }

  /**
   * Takes the right to send the device a new secret: false when it was revoked, never claimed here,
   * or another server sent one since `staleBefore` that is still waiting for its ack.
   */
  async startIssue(
    devId: string,
    pendingVerifier: string,
    at: Date,
    staleBefore: Date,
  ): Promise<boolean> {
    const rows = await this.db
      .update(dc)
      .set({ pendingVerifier, pendingSince: at, updatedAt: at })
      .where(
        and(
          eq(dc.devId, devId),
          isNull(dc.revokedAt),
          or(isNull(dc.pendingSince), lt(dc.pendingSince, staleBefore)),
        ),
      )
      .returning({ devId: dc.devId });
    return rows.length > 0;
  }

  /** The device acknowledged the secret: it alone signs it in from now on. */
  async confirmIssue(devId: string, pendingVerifier: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(dc)
      .set({
        secretVerifier: pendingVerifier,
        claimKeyVerifier: null,
        pendingVerifier: null,
        pendingSince: null,
        updatedAt: at,
      })
      .where(and(eq(dc.devId, devId), eq(dc.pendingVerifier, pendingVerifier)))
      .returning({ devId: dc.devId });
    return rows.length > 0;
  }

  /** No ack (or a refusal): the secret sent is forgotten; the device keeps what it had. */
  async abandonIssue(devId: string, pendingVerifier: string, at: Date): Promise<void> {
    await this.db
      .update(dc)
      .set({ pendingVerifier: null, pendingSince: null, updatedAt: at })
      .where(and(eq(dc.devId, devId), eq(dc.pendingVerifier, pendingVerifier)));
  }
}
