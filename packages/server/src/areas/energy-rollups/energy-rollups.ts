import {
  DEFAULT_MAX_GAP_MS,
  integrateEnergy,
  locationZone,
  zoneOffsetMinutes,
} from '@powerdeck/domain';
import type { Clock } from '../../infra/clock';
import type {
  AggregateRow,
  EnergyRollupsRepository,
  RawReading,
  RollupLevel,
  ZoneQuarter,
} from './energy-rollups.repository';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const QUARTER_MS = 15 * MINUTE_MS;

export interface EnergyRollupOptions {
  /** Readings further apart are a gap (integrateEnergy); default 5 minutes. */
  maxGapMs?: number;
  /** How late a reading may still be written after its time (the state writer's batching). */
  ingestLagMs?: number;
  /** Devices whose readings are read and rolled up at once. */
  deviceBatch?: number;
  /** Longest window of one transaction, per level. */
  windowMs?: Partial<Record<RollupLevel, number>>;
  /** Retention of the aggregates: rows older than this are deleted (raw: areas/retention/). */
  keepMs?: { minute: number; hour: number };
  /** Rows one delete statement removes, and statements one retention pass runs per table. */
  deleteBatch?: number;
  deleteBatchesPerPass?: number;
}

/** What one pass did. */
interface RollupPass {
  minuteRows: number;
  hourRows: number;
  dayRows: number;
  /** Windows committed, per level. */
  windows: Record<RollupLevel, number>;
}

interface RetentionPass {
  minute: number;
  hour: number;
}

const empty = (): RollupPass => ({
  minuteRows: 0,
  hourRows: 0,
  dayRows: 0,
  windows: { minute: 0, hour: 0, day: 0 },
});

/**
 * Raw readings → minute → hour, and minute → local day per location, each level behind its
 * watermark (energy_rollup_progress). One step of a level is one transaction: lock the level's
 * row, roll up the window after it, advance it. Any number of servers may run steps at once;
 * the lock makes each window rolled up once, and a server dying mid-step rolls nothing back
 * but its own transaction.
 *
 * The minute level trails the clock by the gap allowance plus the ingest lag, so every reading
 * that can still affect a minute has been written when it is rolled up; it reads a gap's worth
 * of readings on each side of its window, so a window's minutes are those of the whole series.
 */
export class EnergyRollups {
  private readonly maxGapMs: number;
  private readonly ingestLagMs: number;
  private readonly deviceBatch: number;
  private readonly windowMs: Record<RollupLevel, number>;
  private readonly keepMs: { minute: number; hour: number };
  private readonly deleteBatch: number;
  private readonly deleteBatchesPerPass: number;
  private stopped = false;

  constructor(
    private readonly repo: EnergyRollupsRepository,
    private readonly clock: Clock,
    options: EnergyRollupOptions = {},
  ) {
    this.maxGapMs = options.maxGapMs ?? DEFAULT_MAX_GAP_MS;
    this.ingestLagMs = options.ingestLagMs ?? 2 * MINUTE_MS;
    this.deviceBatch = options.deviceBatch ?? 500;
    this.windowMs = {
      minute: 15 * MINUTE_MS,
      hour: DAY_MS,
      day: 6 * HOUR_MS,
      ...options.windowMs,
    };
    this.keepMs = options.keepMs ?? { minute: 14 * DAY_MS, hour: 731 * DAY_MS };
    this.deleteBatch = options.deleteBatch ?? 5_000;
    this.deleteBatchesPerPass = options.deleteBatchesPerPass ?? 20;
  }

  /**
   * Steps every level until each is caught up or `budgetMs` has passed (the next pass goes on
   * from the watermarks).
   */
  async runPass(budgetMs = 30_000): Promise<RollupPass> {
    const pass = empty();
    const deadline = Date.now() + budgetMs;
    const levels: [RollupLevel, () => Promise<number | null>][] = [
      ['minute', () => this.stepMinute()],
      ['hour', () => this.stepHour()],
      ['day', () => this.stepDay()],
    ];
    for (const [level, step] of levels) {
      while (Date.now() < deadline && !this.stopped) {
        const rows = await step();
        if (rows === null) break;
        // lets queries waiting for the connection in (PGlite runs one transaction at a time)
        await new Promise((resolve) => setImmediate(resolve));
        pass.windows[level]++;
        if (level === 'minute') pass.minuteRows += rows;
        else if (level === 'hour') pass.hourRows += rows;
        else pass.dayRows += rows;
      }
    }
    return pass;
  }

  /** Ends passes after their current window (the server is closing); the next server goes on. */
  stop(): void {
    this.stopped = true;
  }

  /** One window of raw readings into minutes; rows written, or null when caught up. */
  async stepMinute(): Promise<number | null> {
    const target = floorTo(
      this.clock.now().getTime() - this.maxGapMs - this.ingestLagMs,
      MINUTE_MS,
    );
    return this.repo.db.transaction(async (tx) => {
      let from = await this.repo.lockProgress(tx, 'minute');
      if (from === null) {
        // Not started: from the first reading (and the half gap it is held before it).
        const earliest = await this.repo.earliestReading(tx);
        if (earliest === null) return null;
        from = Math.min(target, floorTo(earliest - this.maxGapMs / 2, MINUTE_MS));
      }
      const until = Math.min(target, from + this.windowMs.minute);
      if (until <= from) return null;
      const devIds = await this.repo.devicesWithReadings(
        tx,
        from - this.maxGapMs,
        until + this.maxGapMs,
      );
      let written = 0;
      for (let i = 0; i < devIds.length; i += this.deviceBatch) {
        const batch = devIds.slice(i, i + this.deviceBatch);
        const readings = await this.repo.readings(
          tx,
          batch,
          from - this.maxGapMs,
          until + this.maxGapMs,
        );
        const rows = minuteRows(readings, from, until, this.maxGapMs);
        await this.repo.upsertMinutes(tx, rows);
        written += rows.length;
      }
      await this.repo.setProgress(tx, 'minute', until);
      return written;
    });
  }

  /** One window of whole hours of minutes into energy_hour; rows, or null when caught up. */
  async stepHour(): Promise<number | null> {
    return this.repo.db.transaction(async (tx) => {
      const minuteDone = await this.repo.progress(tx, 'minute');
      if (minuteDone === null) return null;
      const target = floorTo(minuteDone, HOUR_MS);
      let from = await this.repo.lockProgress(tx, 'hour');
      if (from === null) from = await this.startOfAggregates(tx, target, HOUR_MS);
      const until = Math.min(target, from + this.windowMs.hour);
      if (until <= from) return null;
      const rows = await this.repo.rollUpHours(tx, from, until);
      await this.repo.setProgress(tx, 'hour', until);
      return rows;
    });
  }

  /** One window of minutes added to local days; rows, or null when caught up. */
  async stepDay(): Promise<number | null> {
    return this.repo.db.transaction(async (tx) => {
      const target = await this.repo.progress(tx, 'minute');
      if (target === null) return null;
      let from = await this.repo.lockProgress(tx, 'day');
      if (from === null) from = await this.startOfAggregates(tx, target, QUARTER_MS);
      const until = Math.min(target, from + this.windowMs.day);
      if (until <= from) return null;
      const zones = zoneQuarters(await this.repo.locationClocks(tx), from, until);
      const rows = zones.length === 0 ? 0 : await this.repo.addToDays(tx, from, until, zones);
      await this.repo.setProgress(tx, 'day', until);
      return rows;
    });
  }

  /** Where a level not started yet starts: the first minute aggregate, else its target. */
  private async startOfAggregates(
    tx: Parameters<EnergyRollupsRepository['earliestMinute']>[0],
    target: number,
    alignMs: number,
  ): Promise<number> {
    const earliest = await this.repo.earliestMinute(tx);
    return earliest === null ? target : Math.min(target, floorTo(earliest, alignMs));
  }

  /**
   * Deletes aggregates past their retention in bounded batches: minutes after 14 days (never one
   * the hour or day level still needs), hours after 2 years. Days are kept. Raw readings are
   * deleted by retention (areas/retention/), which reads the minute watermark.
   */
  async retain(): Promise<RetentionPass> {
    const now = this.clock.now().getTime();
    const db = this.repo.db;
    const [hour, day] = await Promise.all([
      this.repo.progress(db, 'hour'),
      this.repo.progress(db, 'day'),
    ]);
    const before = {
      minute: Math.min(now - this.keepMs.minute, hour ?? -Infinity, day ?? -Infinity),
      hour: now - this.keepMs.hour,
    };
    const pass: RetentionPass = { minute: 0, hour: 0 };
    const tables = {
      minute: 'energy_minute',
      hour: 'energy_hour',
    } as const;
    for (const key of ['minute', 'hour'] as const) {
      if (!Number.isFinite(before[key])) continue;
      for (let n = 0; n < this.deleteBatchesPerPass && !this.stopped; n++) {
        const deleted = await this.repo.deleteOlder(tables[key], before[key], this.deleteBatch);
        pass[key] += deleted;
        if (deleted < this.deleteBatch) break;
      }
    }
    return pass;
  }
}

function floorTo(ms: number, stepMs: number): number {
  return Math.floor(ms / stepMs) * stepMs;
}

/** Accumulates min/avg/max of one quantity. */
class Stat {
  min: number | null = null;
  max: number | null = null;
  private sum = 0;
  private n = 0;
  add(value: number | null): void {
    if (value === null || !Number.isFinite(value)) return;
    this.min = this.min === null ? value : Math.min(this.min, value);
    this.max = this.max === null ? value : Math.max(this.max, value);
    this.sum += value;
    this.n++;
  }
  get avg(): number | null {
    return this.n === 0 ? null : this.sum / this.n;
  }
}

/**
 * The minute rows of [fromMs, untilMs) from readings sorted by device and time (read with a gap
 * of context on each side): energy from integrateEnergy, min/avg/max of the readings in each
 * minute.
 */
function minuteRows(
  readings: readonly RawReading[],
  fromMs: number,
  untilMs: number,
  maxGapMs: number,
): AggregateRow[] {
  const rows: AggregateRow[] = [];
  let start = 0;
  while (start < readings.length) {
    const devId = readings[start]?.devId ?? '';
    let end = start;
    while (end < readings.length && readings[end]?.devId === devId) end++;
    const device = readings.slice(start, end);
    start = end;
    const energy = new Map(
      integrateEnergy(device, { bucketMs: MINUTE_MS, maxGapMs })
        .filter((b) => b.bucketStartMs >= fromMs && b.bucketStartMs < untilMs)
        .map((b) => [b.bucketStartMs, b]),
    );
    const stats = new Map<number, { v: Stat; a: Stat; w: Stat; pf: Stat; b: Stat; n: number }>();
    for (const r of device) {
      if (r.atMs < fromMs || r.atMs >= untilMs) continue;
      const bucket = floorTo(r.atMs, MINUTE_MS);
      let s = stats.get(bucket);
      if (s === undefined) {
        s = { v: new Stat(), a: new Stat(), w: new Stat(), pf: new Stat(), b: new Stat(), n: 0 };
        stats.set(bucket, s);
      }
      s.v.add(r.voltage);
      s.a.add(r.amperage);
      s.w.add(r.wattage);
      s.pf.add(r.pwrFact);
      s.b.add(r.battlevel);
      s.n++;
    }
    for (const bucket of new Set([...energy.keys(), ...stats.keys()])) {
      const e = energy.get(bucket);
      const s = stats.get(bucket);
      rows.push({
        dev_id: devId,
        bucket: new Date(bucket).toISOString(),
        kwh: e?.kwh ?? 0,
        covered_s: (e?.coveredMs ?? 0) / 1000,
        v_min: s?.v.min ?? null,
        v_avg: s?.v.avg ?? null,
        v_max: s?.v.max ?? null,
        a_min: s?.a.min ?? null,
        a_avg: s?.a.avg ?? null,
        a_max: s?.a.max ?? null,
        w_min: s?.w.min ?? null,
        w_avg: s?.w.avg ?? null,
        w_max: s?.w.max ?? null,
        pf_avg: s?.pf.avg ?? null,
        batt_min: s?.b.min ?? null,
        batt_avg: s?.b.avg ?? null,
        batt_max: s?.b.max ?? null,
        samples: s?.n ?? 0,
      });
    }
  }
  return rows;
}

/** Each location clock's offset over each quarter hour of [fromMs, untilMs). */
function zoneQuarters(
  clocks: readonly { timezone: string; dst: boolean }[],
  fromMs: number,
  untilMs: number,
): ZoneQuarter[] {
  const quarters: ZoneQuarter[] = [];
  for (const { timezone, dst } of clocks) {
    const zone = locationZone(timezone, dst);
    for (let t = floorTo(fromMs, QUARTER_MS); t < untilMs; t += QUARTER_MS) {
      quarters.push({
        timezone,
        dst,
        t0: new Date(t).toISOString(),
        off: zoneOffsetMinutes(zone, t),
      });
    }
  }
  return quarters;
}
