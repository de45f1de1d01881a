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

/** What users keep about a device at a location, cleared when it leaves the location. */
const USER_DEVICE_TABLES = [
  'device_watches',
  'device_mutes',
  'alert_subscriptions',
  'pending_offline_alerts',
  // the location's auto-ping targets and network marks of its outlets (issue 15)
  'ping_configs',
  'network_outlets',
] as const;

/** A device taken out of its location (`parentDevId`: its parent before it left). */
export interface ReleasedDevice {
  devId: string;
  devClass: string;
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

  /**
   * Places an unclaimed device at a site, with the kids attached to it (a card's unit, a bb232's
   * sequencers: they left with it when it was deleted); false when someone claimed it first.
   */
  async claim(devId: string, siteId: string, userId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .update(devices)
        .set({ siteId, claimedBy: userId })
        .where(and(eq(devices.devId, devId), isNull(devices.siteId), isNull(devices.claimedBy)))
        .returning({ devId: devices.devId });
      if (rows.length !== 1) return false;
      await tx
        .update(devices)
        .set({ siteId })
        .where(and(eq(devices.parentDevId, devId), isNull(devices.siteId)));
      return true;
    });
  }

  /**
   * Takes a device and its kids out of a location and releases the claim, in one transaction:
   * no site, no claimant; a wireless device also leaves its gateway (which still hears it: it can
   * join again), a wired kid stays attached to its parent (it comes back when the parent is added
   * again). The users' watches, mutes and alert subscriptions of them go, and so does an offline
   * alert still waiting out its grace period; their history (audit log, device events, alerts)
   * stays. Returns the devices released (the device first), or [] when it is not at the location
   * (any more).
   */
  async release(
    siteId: string,
    devId: string,
    wirelessClasses: readonly string[],
  ): Promise<ReleasedDevice[]> {
    return this.db.transaction(async (tx) => {
      const rows = rowsOf<{ dev_id: string; dev_class: string; parent_dev_id: string | null }>(
        await tx.execute(sql`
          SELECT dev_id, dev_class, parent_dev_id FROM devices
          WHERE site_id = ${siteId} AND (dev_id = ${devId} OR parent_dev_id = ${devId})
          ORDER BY (dev_id = ${devId}) DESC, created_at, dev_id
          FOR UPDATE`),
      );
      if (rows[0]?.dev_id !== devId) return [];
      const ids = rows.map((r) => r.dev_id);
      const among = sql`(SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;
      const wireless = sql`(SELECT jsonb_array_elements_text(${JSON.stringify(wirelessClasses)}::jsonb))`;
      await tx.execute(sql`
        UPDATE devices SET site_id = NULL, claimed_by = NULL,
          near_gateway_id = CASE WHEN dev_class IN ${wireless}
            THEN coalesce(near_gateway_id, parent_dev_id) ELSE near_gateway_id END,
          parent_dev_id = CASE WHEN dev_class IN ${wireless} THEN NULL ELSE parent_dev_id END
        WHERE dev_id IN ${among}`);
      for (const table of USER_DEVICE_TABLES) {
        await tx.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE dev_id IN ${among}`);
      }
      return rows.map((r) => ({
        devId: r.dev_id,
        devClass: r.dev_class,
        parentDevId: r.parent_dev_id,
      }));
    });
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
