import type { ScheduleAction, ScheduleTarget } from '@powerdeck/domain';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database';
import { inParts, rowsOf } from '../../infra/db/rows';
import { devices, locations, outlets, users } from '../../infra/db/schema';
import {
  type StoredFireTarget,
  scheduleEvents,
  scheduleFires,
  scheduleTargets,
  schedules,
} from '../../infra/db/schema-schedules';

export type ScheduleRow = typeof schedules.$inferSelect;
export type FireRow = typeof scheduleFires.$inferSelect;
export type FireKind = FireRow['kind'];
export type ScheduleEventKind = (typeof scheduleEvents.$inferInsert)['kind'];
export type ScheduleEvent = typeof scheduleEvents.$inferInsert;

/** A schedule with its targets, in the order they were given. */
export interface StoredSchedule extends ScheduleRow {
  targets: ScheduleTarget[];
}

/** A schedule as the scheduler reads it: with its location's clock. */
export interface PlannedSchedule extends StoredSchedule {
  timezone: string;
  dst: boolean;
}

/** What a schedule's add/edit form stores (besides targets). */
export interface ScheduleFields {
  name: string;
  action: ScheduleAction;
  time: string;
  dayMask: number;
  startDate: string | null;
  endDate: string | null;
  enabled: boolean;
  /** Saved with the confirmation that it switches off an outlet feeding the network. */
  networkOffConfirmed: boolean;
}

/** A target's device and outlet as a list shows them. */
export interface TargetNames {
  devId: string;
  devClass: string;
  devName: string;
  parentDevId: string | null;
  parentDevClass: string | null;
  otlt: number | null;
  outletName: string | null;
}

/** Schedules, their targets, firings and events: the only SQL of the schedules area. */
export class SchedulesRepository {
  constructor(private readonly db: Db) {}

  async insert(
    siteId: string,
    fields: ScheduleFields,
    targets: readonly ScheduleTarget[],
    createdBy: { kind: 'user' | 'api'; id: string | null },
    now: Date,
  ): Promise<StoredSchedule> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(schedules)
        .values({
          siteId,
          ...fields,
          createdByKind: createdBy.kind,
          createdById: createdBy.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('schedule insert returned no row');
      await tx.insert(scheduleTargets).values(targetRows(row.id, targets));
      return { ...row, targets: [...targets] };
    });
  }

  /** Replaces a schedule's fields and targets (a new version); undefined when it is not there. */
  async update(
    siteId: string,
    id: number,
    fields: ScheduleFields,
    targets: readonly ScheduleTarget[],
    now: Date,
  ): Promise<StoredSchedule | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(schedules)
        .set({ ...fields, version: sql`${schedules.version} + 1`, updatedAt: now })
        .where(and(eq(schedules.id, id), eq(schedules.siteId, siteId)))
        .returning();
      if (!row) return undefined;
      await tx.delete(scheduleTargets).where(eq(scheduleTargets.scheduleId, id));
      await tx.insert(scheduleTargets).values(targetRows(id, targets));
      return { ...row, targets: [...targets] };
    });
  }

  /** A new version with the flag; undefined when the schedule is not there. */
  async setEnabled(
    siteId: string,
    id: number,
    enabled: boolean,
    now: Date,
  ): Promise<ScheduleRow | undefined> {
    const [row] = await this.db
      .update(schedules)
      .set({ enabled, version: sql`${schedules.version} + 1`, updatedAt: now })
      .where(and(eq(schedules.id, id), eq(schedules.siteId, siteId)))
      .returning();
    return row;
  }

  async delete(siteId: string, id: number): Promise<ScheduleRow | undefined> {
    const [row] = await this.db
      .delete(schedules)
      .where(and(eq(schedules.id, id), eq(schedules.siteId, siteId)))
      .returning();
    return row;
  }

  /**
   * Takes devices that left the location out of its schedules, in one transaction: a schedule
   * that targeted one keeps its other targets as a new version, or is deleted when none is left
   * (its firings and events stay). The schedules changed, as they are now.
   */
  async removeTargets(
    siteId: string,
    devIds: readonly string[],
    now: Date,
  ): Promise<{ schedule: StoredSchedule; deleted: boolean }[]> {
    if (devIds.length === 0) return [];
    return this.db.transaction(async (tx) => {
      const touched = await tx
        .selectDistinct({ id: scheduleTargets.scheduleId })
        .from(scheduleTargets)
        .innerJoin(schedules, eq(schedules.id, scheduleTargets.scheduleId))
        .where(and(eq(schedules.siteId, siteId), inArray(scheduleTargets.devId, [...devIds])));
      const ids = touched.map((r) => r.id);
      if (ids.length === 0) return [];
      await tx
        .delete(scheduleTargets)
        .where(
          and(
            inArray(scheduleTargets.scheduleId, ids),
            inArray(scheduleTargets.devId, [...devIds]),
          ),
        );
      const left = await tx
        .select()
        .from(scheduleTargets)
        .where(inArray(scheduleTargets.scheduleId, ids))
        .orderBy(asc(scheduleTargets.scheduleId), asc(scheduleTargets.position));
      const kept = [...new Set(left.map((t) => t.scheduleId))];
      const emptied = ids.filter((id) => !kept.includes(id));
      const deleted =
        emptied.length === 0
          ? []
          : await tx.delete(schedules).where(inArray(schedules.id, emptied)).returning();
      const edited =
        kept.length === 0
          ? []
          : await tx
              .update(schedules)
              .set({ version: sql`${schedules.version} + 1`, updatedAt: now })
              .where(inArray(schedules.id, kept))
              .returning();
      const targetsOf = (id: number) =>
        left.filter((t) => t.scheduleId === id).map((t) => ({ devId: t.devId, otlt: t.otlt }));
      return [
        ...deleted.map((row) => ({ schedule: { ...row, targets: [] }, deleted: true })),
        ...edited.map((row) => ({
          schedule: { ...row, targets: targetsOf(row.id) },
          deleted: false,
        })),
      ];
    });
  }

  async find(siteId: string, id: number): Promise<StoredSchedule | undefined> {
    const [row] = await this.db
      .select()
      .from(schedules)
      .where(and(eq(schedules.id, id), eq(schedules.siteId, siteId)))
      .limit(1);
    if (!row) return undefined;
    return { ...row, targets: (await this.targetsOf([id])).get(id) ?? [] };
  }

  /** Schedules with their location's clock, by id (a batch of firings): two statements. */
  async findPlanned(ids: readonly number[]): Promise<Map<number, PlannedSchedule>> {
    if (ids.length === 0) return new Map();
    const rows = await this.planned(inArray(schedules.id, [...ids]));
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** Every enabled schedule (start-up reconcile), or those of one location (its clock changed). */
  async enabledPlanned(siteId?: string): Promise<PlannedSchedule[]> {
    return this.planned(
      siteId === undefined
        ? eq(schedules.enabled, true)
        : and(eq(schedules.enabled, true), eq(schedules.siteId, siteId)),
    );
  }

  private async planned(where: ReturnType<typeof and>): Promise<PlannedSchedule[]> {
    const rows = await this.db
      .select({ schedule: schedules, timezone: locations.timezone, dst: locations.dst })
      .from(schedules)
      .innerJoin(locations, eq(locations.id, schedules.siteId))
      .where(where)
      .orderBy(asc(schedules.id));
    const targets = await this.targetsOf(rows.map((r) => r.schedule.id));
    return rows.map((r) => ({
      ...r.schedule,
      timezone: r.timezone,
      dst: r.dst,
      targets: targets.get(r.schedule.id) ?? [],
    }));
  }

  /**
   * Sets the occurrence a schedule's queued job is for, only while the schedule is still at
   * `version` and (when given) still waits for `expected`: of several servers advancing the same
   * occurrence one succeeds. True when this call set it.
   */
  async setNextFire(
    id: number,
    version: number,
    next: Date | null,
    expected?: Date | null,
  ): Promise<boolean> {
    const waiting =
      expected === undefined
        ? undefined
        : expected === null
          ? isNull(schedules.nextFireAt)
          : eq(schedules.nextFireAt, expected);
    const rows = await this.db
      .update(schedules)
      .set({ nextFireAt: next })
      .where(and(eq(schedules.id, id), eq(schedules.version, version), waiting))
      .returning({ id: schedules.id });
    return rows.length > 0;
  }

  /**
   * setNextFire for several schedules in one statement, each only while still at its version and
   * waiting for `expected` (the occurrence just handled). The ids of those this call advanced.
   */
  async advanceNextFires(
    moves: readonly { id: number; version: number; next: Date | null; expected: Date }[],
  ): Promise<Set<number>> {
    if (moves.length === 0) return new Set();
    const values = sql.join(
      moves.map(
        (m) =>
          sql`(${m.id}::int, ${m.version}::int, ${m.next?.toISOString() ?? null}::timestamptz,
            ${m.expected.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    );
    const result = await this.db.execute(sql`
      UPDATE schedules AS s SET next_fire_at = v.next
      FROM (VALUES ${values}) AS v (id, version, next, expected)
      WHERE s.id = v.id AND s.version = v.version AND s.next_fire_at = v.expected
      RETURNING s.id`);
    return new Set(rowsOf<{ id: number | string }>(result).map((row) => Number(row.id)));
  }

  /** The schedules of a location, or those with a target among `devIds`, oldest first. */
  async list(
    siteId: string,
    devIds?: readonly string[],
  ): Promise<(StoredSchedule & { creatorName: string | null })[]> {
    const touching =
      devIds === undefined
        ? undefined
        : inArray(
            schedules.id,
            this.db
              .select({ id: scheduleTargets.scheduleId })
              .from(scheduleTargets)
              .where(inArray(scheduleTargets.devId, [...devIds])),
          );
    const rows = await this.db
      .select({
        schedule: schedules,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(schedules)
      .leftJoin(
        users,
        and(eq(schedules.createdByKind, 'user'), eq(users.id, schedules.createdById)),
      )
      .where(and(eq(schedules.siteId, siteId), touching))
      .orderBy(asc(schedules.createdAt), asc(schedules.id));
    const targets = await this.targetsOf(rows.map((r) => r.schedule.id));
    return rows.map((r) => ({
      ...r.schedule,
      targets: targets.get(r.schedule.id) ?? [],
      creatorName:
        r.firstName === null ? null : `${r.firstName} ${r.lastName ?? ''}`.trim() || null,
    }));
  }

  /** Devices (and kids) of the location by id, with their parents' classes and outlet labels. */
  async targetNames(siteId: string, devIds: readonly string[]): Promise<TargetDevices> {
    if (devIds.length === 0) return { devices: new Map(), outlets: new Map() };
    const parents = this.db
      .select({ devId: devices.devId, devClass: devices.devClass })
      .from(devices)
      .as('parents');
    const rows = await this.db
      .select({
        devId: devices.devId,
        devClass: devices.devClass,
        devName: devices.devName,
        parentDevId: devices.parentDevId,
        parentDevClass: parents.devClass,
      })
      .from(devices)
      .leftJoin(parents, eq(parents.devId, devices.parentDevId))
      .where(and(eq(devices.siteId, siteId), inArray(devices.devId, [...devIds])));
    const labels = await this.db
      .select({ devId: outlets.devId, otltId: outlets.otltId, name1: outlets.name1 })
      .from(outlets)
      .where(inArray(outlets.devId, [...devIds]));
    return {
      devices: new Map(rows.map((r) => [r.devId, r])),
      outlets: new Map(labels.map((l) => [`${l.devId}/${l.otltId}`, l.name1])),
    };
  }

  /** The devices of a location whose parent is one of `devIds` (a device's kids). */
  async kidsOf(siteId: string, devIds: readonly string[]): Promise<string[]> {
    if (devIds.length === 0) return [];
    const rows = await this.db
      .select({ devId: devices.devId })
      .from(devices)
      .where(and(eq(devices.siteId, siteId), inArray(devices.parentDevId, [...devIds])));
    return rows.map((r) => r.devId);
  }

  /**
   * Records a firing unless one is recorded for that occurrence already (the exactly-once guard:
   * UNIQUE (schedule_id, due_at)). The row's id when this call recorded it, else null.
   */
  async claimFire(fire: {
    scheduleId: number;
    siteId: string;
    dueAt: Date | null;
    firedAt: Date;
    kind: FireKind;
    targets: StoredFireTarget[];
  }): Promise<number | null> {
    const result = await this.db.execute(sql`
      INSERT INTO schedule_fires (schedule_id, site_id, due_at, fired_at, kind, targets)
      VALUES (${fire.scheduleId}, ${fire.siteId},
        ${fire.dueAt ? fire.dueAt.toISOString() : null}::timestamptz,
        ${fire.firedAt.toISOString()}::timestamptz, ${fire.kind},
        ${JSON.stringify(fire.targets)}::jsonb)
      ON CONFLICT (schedule_id, due_at) DO NOTHING
      RETURNING id`);
    const [row] = rowsOf<{ id: number | string }>(result);
    return row ? Number(row.id) : null;
  }

  /**
   * What a claimed firing came to (its commands or skips, and whether any was sent) and its
   * event, in one statement.
   */
  async finishFire(
    id: number,
    kind: FireKind,
    targets: StoredFireTarget[],
    event: Omit<ScheduleEvent, 'fireId'>,
  ): Promise<FireRow> {
    const result = await this.db.execute(sql`
      WITH fire AS (
        UPDATE schedule_fires SET kind = ${kind}, targets = ${JSON.stringify(targets)}::jsonb
        WHERE id = ${id}
        RETURNING id, schedule_id, site_id, due_at, fired_at, kind, targets
      ), event AS (
        INSERT INTO schedule_events
          (site_id, schedule_id, schedule_name, kind, actor_kind, actor_id, at, fire_id)
        SELECT ${event.siteId}, ${event.scheduleId}, ${event.scheduleName}, ${event.kind},
          ${event.actorKind}, ${event.actorId ?? null}, ${event.at.toISOString()}::timestamptz, id
        FROM fire
      )
      SELECT * FROM fire`);
    const [row] = rowsOf<{
      id: number | string;
      schedule_id: number;
      site_id: string;
      due_at: Date | string | null;
      fired_at: Date | string;
      kind: FireKind;
      targets: StoredFireTarget[];
    }>(result);
    if (!row) throw new Error(`schedule fire ${id} vanished`);
    return {
      id: Number(row.id),
      scheduleId: row.schedule_id,
      siteId: row.site_id,
      dueAt: row.due_at === null ? null : new Date(row.due_at),
      firedAt: new Date(row.fired_at),
      kind: row.kind,
      targets: row.targets,
    };
  }

  /** The latest firing of each schedule (a Run now or a timed one, missed ones too). */
  async lastFires(scheduleIds: readonly number[]): Promise<Map<number, FireRow>> {
    if (scheduleIds.length === 0) return new Map();
    const rows = await this.db
      .selectDistinctOn([scheduleFires.scheduleId])
      .from(scheduleFires)
      .where(inArray(scheduleFires.scheduleId, [...scheduleIds]))
      .orderBy(scheduleFires.scheduleId, desc(scheduleFires.firedAt), desc(scheduleFires.id));
    return new Map(rows.map((r) => [r.scheduleId, r]));
  }

  async addEvent(event: ScheduleEvent): Promise<number> {
    const [row] = await this.db
      .insert(scheduleEvents)
      .values(event)
      .returning({ id: scheduleEvents.id });
    if (!row) throw new Error('schedule event insert returned no row');
    return row.id;
  }

  /** The location's clock as stored (spec §3: GMT offset and DST checkbox). */
  async locationTime(siteId: string): Promise<{ timezone: string; dst: boolean } | undefined> {
    const [row] = await this.db
      .select({ timezone: locations.timezone, dst: locations.dst })
      .from(locations)
      .where(eq(locations.id, siteId))
      .limit(1);
    return row;
  }

  private async targetsOf(ids: readonly number[]): Promise<Map<number, ScheduleTarget[]>> {
    const byId = new Map<number, ScheduleTarget[]>();
    if (ids.length === 0) return byId;
    const rows = await this.db
      .select()
      .from(scheduleTargets)
      .where(
        or(
          ...inParts(ids, IDS_PER_STATEMENT).map((part) =>
            inArray(scheduleTargets.scheduleId, part),
          ),
        ),
      )
      .orderBy(asc(scheduleTargets.scheduleId), asc(scheduleTargets.position));
    for (const row of rows) {
      const list = byId.get(row.scheduleId) ?? [];
      list.push({ devId: row.devId, otlt: row.otlt });
      byId.set(row.scheduleId, list);
    }
    return byId;
  }
}

export interface TargetDevices {
  devices: Map<string, Omit<TargetNames, 'otlt' | 'outletName'>>;
  /** Outlet labels by `${devId}/${otlt}`. */
  outlets: Map<string, string>;
}

function targetRows(scheduleId: number, targets: readonly ScheduleTarget[]) {
  return targets.map((t, position) => ({ scheduleId, position, devId: t.devId, otlt: t.otlt }));
}

/** How many ids one statement's parameters hold. */
const IDS_PER_STATEMENT = 5000;
