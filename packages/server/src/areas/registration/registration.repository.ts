import { and, count, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database';
import { deviceClaimAttempts, devices } from '../../infra/db/schema';
import { rowsOf } from '../../infra/db/rows';

export interface ClaimableDevice {
  devId: string;
  devClass: string;
  devName: string;
  siteId: string | null;
  claimKeyHash: string | null;
  parentDevId: string | null;
}

export interface PlacedDevice {
  devId: string;
  devClass: string;
  devName: string;
}

export interface NearbyWireless extends PlacedDevice {
  gateway: string;
}

/** Claims (Ethernet), joins (wireless) and the claim-attempt log behind the per-account limit. */
export class RegistrationRepository {
  constructor(private readonly db: Db) {}

  async find(devId: string): Promise<ClaimableDevice | undefined> {
    const [row] = await this.db
      .select({
        devId: devices.devId,
        devClass: devices.devClass,
        devName: devices.devName,
        siteId: devices.siteId,
        claimKeyHash: devices.claimKeyHash,
        parentDevId: devices.parentDevId,
      })
      .from(devices)
      .where(eq(devices.devId, devId))
      .limit(1);
    return row;
  }

  /** Places an unclaimed device at a site; false when someone claimed it first. */
  async claim(devId: string, siteId: string, userId: string): Promise<boolean> {
    const rows = await this.db
      .update(devices)
      .set({ siteId, claimedBy: userId })
      .where(and(eq(devices.devId, devId), isNull(devices.siteId), isNull(devices.claimedBy)))
      .returning({ devId: devices.devId });
    return rows.length === 1;
  }

  async recordAttempt(userId: string, ip: string, succeeded: boolean, at: Date): Promise<void> {
    await this.db.insert(deviceClaimAttempts).values({ userId, ip, succeeded, at });
  }

  async failuresSince(userId: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(deviceClaimAttempts)
      .where(
        and(
          eq(deviceClaimAttempts.userId, userId),
          eq(deviceClaimAttempts.succeeded, false),
          gte(deviceClaimAttempts.at, since),
        ),
      );
    return row?.n ?? 0;
  }

  async gatewaysAt(siteId: string, gatewayClasses: readonly string[]): Promise<PlacedDevice[]> {
    return this.db
      .select({ devId: devices.devId, devClass: devices.devClass, devName: devices.devName })
      .from(devices)
      .where(and(eq(devices.siteId, siteId), inArray(devices.devClass, [...gatewayClasses])))
      .orderBy(devices.devName, devices.devId);
  }

  /** Wireless devices these gateways hear that have not joined a site. */
  async unjoinedNear(gatewayIds: readonly string[]): Promise<NearbyWireless[]> {
    if (gatewayIds.length === 0) return [];
    const rows = await this.db
      .select({
        devId: devices.devId,
        devClass: devices.devClass,
        devName: devices.devName,
        gateway: devices.nearGatewayId,
      })
      .from(devices)
      .where(and(isNull(devices.siteId), inArray(devices.nearGatewayId, [...gatewayIds])))
      .orderBy(devices.devId);
    return rows.map((r) => ({ ...r, gateway: r.gateway ?? '' }));
  }

  /**
   * Joins a wireless device heard by a gateway at `siteId`: the gateway becomes its parent and
   * the name its name. Returns its class, or null when it is not joinable there (any more).
   */
  async join(args: {
    devId: string;
    siteId: string;
    devName: string;
    userId: string;
  }): Promise<string | null> {
    const [row] = rowsOf<{ devClass: string }>(
      await this.db.execute(sql`
      UPDATE devices AS d SET
        site_id = g.site_id,
        parent_dev_id = g.dev_id,
        dev_name = ${args.devName},
        info = jsonb_set(d.info, '{name}', to_jsonb(${args.devName}::text)),
        claimed_by = ${args.userId}
      FROM devices AS g
      WHERE d.dev_id = ${args.devId}
        AND d.site_id IS NULL
        AND g.dev_id = d.near_gateway_id
        AND g.site_id = ${args.siteId}
      RETURNING d.dev_class AS "devClass"`),
    );
    return row?.devClass ?? null;
  }
}
