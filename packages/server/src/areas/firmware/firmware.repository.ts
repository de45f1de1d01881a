import {
  type DeviceClass,
  type FirmwareErrorReason,
  type FirmwarePhase,
  type FirmwareUpgrade,
  deviceClassSchema,
  firmwareErrorReasonSchema,
} from '@powerdeck/domain';
import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database';
import { rowsOf } from '../../infra/db/rows';
import { devices, users } from '../../infra/db/schema';
import { firmwareImages, firmwareUpgrades } from '../../infra/db/schema-firmware';

export type UpgradeRow = typeof firmwareUpgrades.$inferSelect;
export type NewUpgrade = typeof firmwareUpgrades.$inferInsert;

const END_PHASES: FirmwarePhase[] = ['done', 'failed'];

const namedColumns = {
  upgrade: firmwareUpgrades,
  first: users.firstName,
  last: users.lastName,
};

/** What changes with a step of an upgrade under way. */
export interface UpgradePatch {
  phase?: FirmwarePhase;
  reason?: FirmwareErrorReason;
  bytesSent?: number;
  progress?: number;
  at: Date;
}

/** Firmware images and upgrades: the only SQL of the firmware area. */
export class FirmwareRepository {
  constructor(private readonly db: Db) {}

  // ---- images ------------------------------------------------------------------------------

  /** The stored bytes of an image, written from `generate` the first time (any server). */
  async imageBytes(
    devClass: string,
    version: string,
    generate: () => { sha256: string; bytes: Buffer },
  ): Promise<{ sha256: string; bytes: Buffer }> {
    const [stored] = await this.db
      .select({ sha256: firmwareImages.sha256, image: firmwareImages.image })
      .from(firmwareImages)
      .where(and(eq(firmwareImages.devClass, devClass), eq(firmwareImages.version, version)));
    if (stored) return { sha256: stored.sha256, bytes: stored.image };
    const made = generate();
    await this.db
      .insert(firmwareImages)
      .values({
        devClass,
        version,
        sha256: made.sha256,
        size: made.bytes.length,
        image: made.bytes,
      })
      .onConflictDoNothing();
    return made;
  }

  // ---- upgrades ----------------------------------------------------------------------------

  /**
   * Inserts upgrades; a device with one still open is left out (the unique open index). Answers
   * the ids inserted.
   */
  async insert(rows: readonly NewUpgrade[]): Promise<string[]> {
    if (rows.length === 0) return [];
    const inserted = await this.db
      .insert(firmwareUpgrades)
      .values([...rows])
      .onConflictDoNothing()
      .returning({ id: firmwareUpgrades.id });
    return inserted.map((r) => r.id);
  }

  async find(id: string): Promise<FirmwareUpgrade | undefined> {
    const [row] = await this.named(eq(firmwareUpgrades.id, id));
    return row;
  }

  async findMany(ids: readonly string[]): Promise<FirmwareUpgrade[]> {
    if (ids.length === 0) return [];
    return this.named(inArray(firmwareUpgrades.id, [...ids]));
  }

  async ofBatch(siteId: string, batchId: string): Promise<FirmwareUpgrade[]> {
    return this.named(
      and(eq(firmwareUpgrades.siteId, siteId), eq(firmwareUpgrades.batchId, batchId)),
    );
  }

  /** Every upgrade of a device at a location, newest first (at most `limit`). */
  async ofDevice(siteId: string, devId: string, limit = 50): Promise<FirmwareUpgrade[]> {
    const rows = await this.db
      .select(namedColumns)
      .from(firmwareUpgrades)
      .leftJoin(users, eq(users.id, firmwareUpgrades.startedById))
      .where(and(eq(firmwareUpgrades.siteId, siteId), eq(firmwareUpgrades.devId, devId)))
      .orderBy(desc(firmwareUpgrades.queuedAt), desc(firmwareUpgrades.id))
      .limit(limit);
    return rows.map(toUpgrade);
  }

  /** The latest upgrade of each device of a location that had one. */
  async latestAtSite(siteId: string): Promise<FirmwareUpgrade[]> {
    const latest = this.db
      .selectDistinctOn([firmwareUpgrades.devId], { id: firmwareUpgrades.id })
      .from(firmwareUpgrades)
      .where(eq(firmwareUpgrades.siteId, siteId))
      .orderBy(firmwareUpgrades.devId, desc(firmwareUpgrades.queuedAt), desc(firmwareUpgrades.id));
    return this.named(inArray(firmwareUpgrades.id, latest));
  }

  /**
   * Starts the oldest queued upgrades of a location while fewer than `limit` are under way there:
   * each becomes `downloading` with a heartbeat. A device and its kids take turns (they share one
   * link, and a parent's reboot cuts its kids off). One server at a time per location (a lock
   * held to the end of the transaction), so the limit holds across servers. A turn starts when
   * the free one was seen (`now` is read then, not before waiting for the lock): no recorded turn
   * starts before the end of the one it follows.
   */
  async claim(siteId: string, limit: number, now: () => Date): Promise<UpgradeRow[]> {
    const ids = await this.db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`firmware:${siteId}`}, 0))`,
      );
      const open = await tx
        .select({
          id: firmwareUpgrades.id,
          devId: firmwareUpgrades.devId,
          parentDevId: firmwareUpgrades.parentDevId,
          phase: firmwareUpgrades.phase,
        })
        .from(firmwareUpgrades)
        .where(
          and(eq(firmwareUpgrades.siteId, siteId), notInArray(firmwareUpgrades.phase, END_PHASES)),
        )
        .orderBy(asc(firmwareUpgrades.queuedAt), asc(firmwareUpgrades.id));
      const running = open.filter((u) => u.phase !== 'queued');
      const busy = new Set(running.map((u) => u.parentDevId ?? u.devId));
      const picked: string[] = [];
      for (const u of open) {
        if (running.length + picked.length >= limit) break;
        const family = u.parentDevId ?? u.devId;
        if (u.phase !== 'queued' || busy.has(family)) continue;
        busy.add(family);
        picked.push(u.id);
      }
      if (picked.length === 0) return [];
      const at = now();
      const step = JSON.stringify([{ phase: 'downloading', at: at.getTime() }]);
      const started = await tx
        .update(firmwareUpgrades)
        .set({
          phase: 'downloading',
          heartbeatAt: at,
          steps: sql`${firmwareUpgrades.steps} || ${step}::jsonb`,
        })
        .where(and(inArray(firmwareUpgrades.id, picked), eq(firmwareUpgrades.phase, 'queued')))
        .returning({ id: firmwareUpgrades.id });
      return started.map((s) => s.id);
    });
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(firmwareUpgrades)
      .where(inArray(firmwareUpgrades.id, ids))
      .orderBy(asc(firmwareUpgrades.queuedAt), asc(firmwareUpgrades.id));
  }

  /**
   * Records a step of an upgrade still open (a phase entered, bytes sent, or only the heartbeat);
   * undefined when it has already ended. A failure records its reason and the end.
   */
  async step(id: string, patch: UpgradePatch): Promise<FirmwareUpgrade | undefined> {
    const { phase, at } = patch;
    const ends = phase === 'done' || phase === 'failed';
    const stepJson = phase ? JSON.stringify([{ phase, at: at.getTime() }]) : null;
    const [updated] = await this.db
      .update(firmwareUpgrades)
      .set({
        heartbeatAt: at,
        ...(phase ? { phase, steps: sql`${firmwareUpgrades.steps} || ${stepJson}::jsonb` } : {}),
        ...(patch.reason ? { reason: patch.reason } : {}),
        ...(patch.bytesSent === undefined ? {} : { bytesSent: patch.bytesSent }),
        ...(patch.progress === undefined ? {} : { progress: patch.progress }),
        ...(ends ? { endedAt: at } : {}),
      })
      .where(and(eq(firmwareUpgrades.id, id), notInArray(firmwareUpgrades.phase, END_PHASES)))
      .returning({ id: firmwareUpgrades.id });
    return updated ? this.find(updated.id) : undefined;
  }

  /**
   * A done upgrade: the device's version follows at once (its next report says the same). The
   * version is stored first, so whoever sees the upgrade done sees the device on its new version.
   */
  async finishDone(id: string, at: Date): Promise<FirmwareUpgrade | undefined> {
    const upgrade = await this.find(id);
    if (!upgrade || upgrade.endedAt !== null) return undefined;
    await this.db
      .update(devices)
      .set({ fwVer: upgrade.toVersion, fwVerAt: at })
      .where(eq(devices.devId, upgrade.devId));
    return this.step(id, { phase: 'done', progress: 100, at });
  }

  /**
   * Fails every upgrade under way whose server stopped writing its heartbeat before `before`
   * (it died or stopped): 'timedOut'. Answers them.
   */
  async failStale(before: Date, at: Date): Promise<FirmwareUpgrade[]> {
    const step = JSON.stringify([{ phase: 'failed', at: at.getTime() }]);
    const failed = rowsOf<{ id: string }>(
      await this.db.execute(sql`
        UPDATE firmware_upgrades
        SET phase = 'failed', reason = 'timedOut', ended_at = ${at.toISOString()}::timestamptz,
          steps = steps || ${step}::jsonb
        WHERE phase IN ('downloading', 'verifying', 'installing', 'rebooting')
          AND heartbeat_at < ${before.toISOString()}::timestamptz
        RETURNING id`),
    );
    return this.findMany(failed.map((f) => f.id));
  }

  /** Locations with upgrades waiting for a turn. */
  async sitesWithQueued(): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ siteId: firmwareUpgrades.siteId })
      .from(firmwareUpgrades)
      .where(eq(firmwareUpgrades.phase, 'queued'));
    return rows.map((r) => r.siteId);
  }

  private async named(where: ReturnType<typeof and>): Promise<FirmwareUpgrade[]> {
    const rows = await this.db
      .select(namedColumns)
      .from(firmwareUpgrades)
      .leftJoin(users, eq(users.id, firmwareUpgrades.startedById))
      .where(where)
      .orderBy(asc(firmwareUpgrades.queuedAt), asc(firmwareUpgrades.id));
    return rows.map(toUpgrade);
  }
}

function toUpgrade(row: {
  upgrade: UpgradeRow;
  first: string | null;
  last: string | null;
}): FirmwareUpgrade {
  const u = row.upgrade;
  const name = [row.first, row.last].filter((p) => p).join(' ');
  return {
    id: u.id,
    batchId: u.batchId,
    siteId: u.siteId,
    devId: u.devId,
    parentDevId: u.parentDevId,
    devClass: classOf(u.devClass),
    devName: u.devName,
    fromVersion: u.fromVersion,
    toVersion: u.toVersion,
    phase: u.phase,
    progress: u.progress,
    bytesSent: u.bytesSent,
    size: u.size,
    reason: firmwareErrorReasonSchema.nullable().catch(null).parse(u.reason),
    steps: u.steps.map((s) => ({ phase: s.phase as FirmwarePhase, at: s.at })),
    startedBy: name === '' ? null : name,
    queuedAt: u.queuedAt.getTime(),
    endedAt: u.endedAt?.getTime() ?? null,
  };
}

function classOf(value: string): DeviceClass {
  return deviceClassSchema.catch('m4000').parse(value);
}
