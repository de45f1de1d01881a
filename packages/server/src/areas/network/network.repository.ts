import {
  DISCOVERY_PHASES,
  type DiscoveredUnit,
  type DiscoveryPhase,
  type DiscoveryReason,
  type PingTarget,
} from '@powerdeck/domain';
import { and, desc, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database';
import { isUniqueViolation } from '../../infra/db/errors';
import { rowsOf } from '../../infra/db/rows';
import { devices, outlets } from '../../infra/db/schema';
import {
  type StoredDiscoveredUnit,
  discoveryRuns,
  networkOutlets,
  pingConfigs,
} from '../../infra/db/schema-network';

export type PingConfigRow = typeof pingConfigs.$inferSelect;
export type NetworkMarkRow = typeof networkOutlets.$inferSelect;
export type DiscoveryRunRow = typeof discoveryRuns.$inferSelect;

const ENDED: DiscoveryPhase[] = ['done', 'failed'];

/** A unit to add as a kid of the device that found it. */
export interface NewUnit extends DiscoveredUnit {
  outletCount: number;
}

/**
 * Ping configurations, network marks of outlets and discovery runs (migration 0057), and the kids
 * a discovery adds: the only SQL of the network area.
 */
export class NetworkRepository {
  constructor(private readonly db: Db) {}

  // ---- auto-ping --------------------------------------------------------------------------

  async pingConfig(devId: string): Promise<PingConfigRow | undefined> {
    const [row] = await this.db
      .select()
      .from(pingConfigs)
      .where(eq(pingConfigs.devId, devId))
      .limit(1);
    return row;
  }

  async pingConfigsOf(devIds: readonly string[]): Promise<PingConfigRow[]> {
    if (devIds.length === 0) return [];
    return this.db
      .select()
      .from(pingConfigs)
      .where(inArray(pingConfigs.devId, [...devIds]));
  }

  /** Every configured device's version (the reconciler's view of what devices should run). */
  async desiredVersions(): Promise<Map<string, number>> {
    const rows = await this.db
      .select({ devId: pingConfigs.devId, version: pingConfigs.version })
      .from(pingConfigs);
    return new Map(rows.map((r) => [r.devId, r.version]));
  }

  /**
   * Replaces a device's targets with a new version: one more than both the stored version and
   * `above` (the version the device reports running, which may be newer than the stored one, e.g.
   * a device that ran another location's configuration), in one statement.
   */
  async saveTargets(
    devId: string,
    targets: readonly PingTarget[],
    above: number,
    userId: string,
    at: Date,
  ): Promise<PingConfigRow> {
    const [row] = await this.db
      .insert(pingConfigs)
      .values({ devId, version: above + 1, targets: [...targets], setBy: userId, setAt: at })
      .onConflictDoUpdate({
        target: pingConfigs.devId,
        set: {
          version: sql`greatest(${pingConfigs.version}, ${above}) + 1`,
          targets: sql`excluded.targets`,
          setBy: userId,
          setAt: at,
        },
      })
      .returning();
    if (!row) throw new Error(`ping configuration of ${devId} was not saved`);
    return row;
  }

  /**
   * The same targets as a version above `above`, when the stored one is not: the device reports
   * running a newer version than the console's, which it would keep over an older one.
   */
  async bumpVersion(devId: string, above: number): Promise<PingConfigRow | undefined> {
    const [row] = await this.db
      .update(pingConfigs)
      .set({ version: above + 1 })
      .where(and(eq(pingConfigs.devId, devId), sql`${pingConfigs.version} <= ${above}`))
      .returning();
    return row;
  }

  // ---- network outlets --------------------------------------------------------------------

  async marksOf(devIds: readonly string[]): Promise<NetworkMarkRow[]> {
    if (devIds.length === 0) return [];
    return this.db
      .select()
      .from(networkOutlets)
      .where(inArray(networkOutlets.devId, [...devIds]));
  }

  async mark(devId: string, otlt: number): Promise<NetworkMarkRow | undefined> {
    const [row] = await this.db
      .select()
      .from(networkOutlets)
      .where(and(eq(networkOutlets.devId, devId), eq(networkOutlets.otlt, otlt)))
      .limit(1);
    return row;
  }

  async setMark(
    devId: string,
    otlt: number,
    feedsNetwork: boolean,
    userId: string,
    at: Date,
  ): Promise<void> {
    await this.db
      .insert(networkOutlets)
      .values({ devId, otlt, feedsNetwork, setBy: userId, setAt: at })
      .onConflictDoUpdate({
        target: [networkOutlets.devId, networkOutlets.otlt],
        set: { feedsNetwork, setBy: userId, setAt: at },
      });
  }

  // ---- discovery --------------------------------------------------------------------------

  /** Records a new run; false when one of the device is under way (the unique open index). */
  async insertRun(run: {
    id: string;
    siteId: string;
    devId: string;
    startedBy: string;
    startedAt: Date;
  }): Promise<boolean> {
    try {
      await this.db.insert(discoveryRuns).values({ ...run, phase: 'starting' });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async run(id: string): Promise<DiscoveryRunRow | undefined> {
    const [row] = await this.db
      .select()
      .from(discoveryRuns)
      .where(eq(discoveryRuns.id, id))
      .limit(1);
    return row;
  }

  /** The device's latest run at the location. */
  async latestRun(siteId: string, devId: string): Promise<DiscoveryRunRow | undefined> {
    const [row] = await this.db
      .select()
      .from(discoveryRuns)
      .where(and(eq(discoveryRuns.siteId, siteId), eq(discoveryRuns.devId, devId)))
      .orderBy(desc(discoveryRuns.startedAt))
      .limit(1);
    return row;
  }

  async setCommand(id: string, cmdId: string): Promise<void> {
    await this.db.update(discoveryRuns).set({ cmdId }).where(eq(discoveryRuns.id, id));
  }

  /**
   * Moves the device's open run forward to a phase a `discover` event reported (never back, never
   * out of done or failed); `found` with the found phase.
   */
  async advance(devId: string, phase: DiscoveryPhase, found: number | null): Promise<boolean> {
    const order = sql.raw(`ARRAY[${DISCOVERY_PHASES.map((p) => `'${p}'`).join(', ')}]`);
    const rows = await this.db
      .update(discoveryRuns)
      .set({ phase, ...(found === null ? {} : { found }) })
      .where(
        and(
          eq(discoveryRuns.devId, devId),
          notInArray(discoveryRuns.phase, ENDED),
          sql`array_position(${order}, ${discoveryRuns.phase}) < array_position(${order}, ${phase}::text)`,
        ),
      )
      .returning({ id: discoveryRuns.id });
    return rows.length > 0;
  }

  /** Ends a run (done with its units, or failed with a reason) unless it has ended already. */
  async finishRun(
    id: string,
    end:
      | { phase: 'done'; units: StoredDiscoveredUnit[] }
      | { phase: 'failed'; reason: DiscoveryReason },
    at: Date,
  ): Promise<boolean> {
    const set =
      end.phase === 'done'
        ? { phase: end.phase, units: end.units, found: end.units.length, endedAt: at }
        : { phase: end.phase, reason: end.reason, endedAt: at };
    const rows = await this.db
      .update(discoveryRuns)
      .set(set)
      .where(and(eq(discoveryRuns.id, id), notInArray(discoveryRuns.phase, ENDED)))
      .returning({ id: discoveryRuns.id });
    return rows.length > 0;
  }

  /**
   * Fails the device's run left open since before `before` 'timedOut': the server that ran it
   * went away before the device answered (its command has expired long since).
   */
  async failStale(devId: string, before: Date, at: Date): Promise<void> {
    await this.db
      .update(discoveryRuns)
      .set({ phase: 'failed', reason: 'timedOut', endedAt: at })
      .where(
        and(
          eq(discoveryRuns.devId, devId),
          notInArray(discoveryRuns.phase, ENDED),
          lt(discoveryRuns.startedAt, before),
        ),
      );
  }

  /**
   * Adds units a discovery found as kids of `parentDevId` at its location, with their outlets:
   * a unit the console has never seen, or one that is at no location and attached to nothing
   * else (it left with a device deleted before). A unit elsewhere is left where it is. Returns
   * the ids added.
   */
  async addUnits(
    siteId: string,
    parentDevId: string,
    units: readonly NewUnit[],
    at: Date,
  ): Promise<string[]> {
    if (units.length === 0) return [];
    return this.db.transaction(async (tx) => {
      const added: string[] = [];
      for (const unit of units) {
        const info = { name: unit.name };
        const result = await tx.execute(sql`
          INSERT INTO devices (dev_id, site_id, dev_class, dev_name, parent_dev_id, info, created_at)
          VALUES (${unit.devId}, ${siteId}, ${unit.devClass}, ${unit.name}, ${parentDevId},
            ${JSON.stringify(info)}::jsonb, ${at.toISOString()}::timestamptz)
          ON CONFLICT (dev_id) DO UPDATE SET site_id = excluded.site_id,
            parent_dev_id = excluded.parent_dev_id
          WHERE devices.site_id IS NULL AND devices.claimed_by IS NULL
            AND devices.dev_class = excluded.dev_class
            AND coalesce(devices.parent_dev_id, excluded.parent_dev_id) = excluded.parent_dev_id
          RETURNING dev_id`);
        if (rowsOf(result).length === 0) continue;
        added.push(unit.devId);
        if (unit.outletCount > 0) {
          await tx
            .insert(outlets)
            .values(
              Array.from({ length: unit.outletCount }, (_, i) => ({
                devId: unit.devId,
                otltId: i + 1,
              })),
            )
            .onConflictDoNothing();
        }
      }
      return added;
    });
  }

  /** The kids attached to a device now (a discovery's known units). */
  async kidsOf(devId: string): Promise<{ devId: string; devClass: string; devName: string }[]> {
    return this.db
      .select({ devId: devices.devId, devClass: devices.devClass, devName: devices.devName })
      .from(devices)
      .where(eq(devices.parentDevId, devId))
      .orderBy(devices.createdAt, devices.devId);
  }
}
