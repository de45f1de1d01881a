import type { FastifyBaseLogger } from 'fastify';
import type {
  DeviceStateRepository,
  ReadingWrite,
  StateWrite,
  StatusReplaced,
} from './device-state.repository';
import { inParts } from '../../infra/db/rows';
import { PeriodicFlush, ROWS_PER_STATEMENT } from '../../infra/periodic-flush';

export interface StateWriterOptions {
  /** How often pending state is written (default 100 ms). */
  flushMs?: number;
  /** One reading per device per this many ms (default a minute). */
  readingEveryMs?: number;
  /** Devices (or readings) written by one statement at most (default ROWS_PER_STATEMENT). */
  rowsPerStatement?: number;
}

export interface StateWriterStats {
  /** Reports handed to the writer. */
  received: number;
  /** Device rows written (a device reporting 10 times between flushes is written once). */
  rowsWritten: number;
  flushes: number;
  failures: number;
}

/**
 * Coalesces device reports and writes them in batches: every report is kept until the flush after
 * it (the latest per device wins), so thousands of reports a second cost ten statements a second.
 * The next flush waits at least as long as the last one took, so under a flood the database is
 * busy at most half the time (with PGlite it shares the server's thread with the hub) and each
 * flush coalesces more. A failed flush keeps its rows for the next one (unless newer reports
 * replaced them).
 */
export class StateWriter {
  private pending = new Map<string, StateWrite>();
  private readings: ReadingWrite[] = [];
  private readonly readingSlot = new Map<string, number>();
  private readonly replacedListeners = new Set<(replaced: StatusReplaced[]) => void>();
  /** The status fields whose changes the listeners are told of. */
  private readonly compared = new Set<string>();
  readonly stats: StateWriterStats = { received: 0, rowsWritten: 0, flushes: 0, failures: 0 };
  private readonly loop: PeriodicFlush;
  private readonly readingEveryMs: number;
  private readonly rowsPerStatement: number;

  constructor(
    private readonly repo: DeviceStateRepository,
    private readonly log: FastifyBaseLogger,
    options: StateWriterOptions = {},
  ) {
    this.loop = new PeriodicFlush(
      () => this.write(),
      () => this.pending.size > 0 || this.readings.length > 0,
      options.flushMs ?? 100,
    );
    this.readingEveryMs = options.readingEveryMs ?? 60_000;
    this.rowsPerStatement = options.rowsPerStatement ?? ROWS_PER_STATEMENT;
  }

  start(): void {
    this.loop.start();
  }

  /** Queues a device's state; fields left out keep their earlier queued or stored value. */
  record(write: StateWrite): void {
    this.stats.received++;
    const key = `${write.parentDevId ?? ''}/${write.devId}`;
    const earlier = this.pending.get(key);
    this.pending.set(key, earlier ? merge(earlier, write) : write);
  }

  /** Keeps a meter reading when the device has none in its current slot (downsampling). */
  reading(devId: string, at: Date, status: Record<string, unknown>): void {
    const slot = Math.floor(at.getTime() / this.readingEveryMs);
    if (this.readingSlot.get(devId) === slot) return;
    const num = (key: string) => (typeof status[key] === 'number' ? status[key] : null);
    const reading = {
      devId,
      at: new Date(slot * this.readingEveryMs),
      voltage: num('voltage'),
      amperage: num('amperage'),
      wattage: num('wattage'),
      battlevel: num('battlevel'),
      pwrFact: num('pwr_fact'),
    };
    if (reading.voltage === null && reading.wattage === null && reading.battlevel === null) return;
    this.readingSlot.set(devId, slot);
    this.readings.push(reading);
  }

  /**
   * Calls `listener` after each flush with the devices whose new status changed any of `fields`
   * (those fields as stored before and as written), so a change is judged against what is
   * stored, whichever server stored it. Returns the unsubscribe.
   */
  onStatusReplaced(
    fields: readonly string[],
    listener: (replaced: StatusReplaced[]) => void,
  ): () => void {
    for (const field of fields) this.compared.add(field);
    this.replacedListeners.add(listener);
    return () => this.replacedListeners.delete(listener);
  }

  /** Writes everything queued so far (waits for a flush already running first). */
  flush(): Promise<void> {
    return this.loop.flush();
  }

  private async write(): Promise<void> {
    const parts = inParts([...this.pending], this.rowsPerStatement);
    const readings = this.readings;
    this.pending = new Map();
    this.readings = [];
    const compared = [...this.compared];
    let partsWritten = 0;
    try {
      for (const part of parts) {
        const { written, replaced } = await this.repo.writeStates(
          part.map(([, write]) => write),
          compared,
        );
        partsWritten++;
        this.stats.rowsWritten += written;
        this.announce(replaced);
      }
      // a reading already stored is not written twice: after a failure, all are written again
      for (const part of inParts(readings, this.rowsPerStatement)) {
        await this.repo.writeReadings(part);
      }
      this.stats.flushes++;
    } catch (error) {
      const unwritten = parts.slice(partsWritten).flat();
      this.stats.failures++;
      this.log.error(
        { err: error, rows: unwritten.length },
        'device state flush failed; will retry',
      );
      for (const [key, write] of unwritten) {
        const newer = this.pending.get(key);
        this.pending.set(key, newer ? merge(write, newer) : write);
      }
      this.readings.unshift(...readings);
    }
  }

  private announce(replaced: StatusReplaced[]): void {
    if (replaced.length === 0) return;
    for (const listener of this.replacedListeners) {
      try {
        listener(replaced);
      } catch (error) {
        this.log.error({ err: error }, 'a listener of written device statuses failed');
      }
    }
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }
}

function merge(older: StateWrite, newer: StateWrite): StateWrite {
  return {
    devId: newer.devId,
    parentDevId: newer.parentDevId,
    status: newer.status ?? older.status,
    order: newer.status ? newer.order : older.order,
    statusAt: newer.status ? newer.statusAt : older.statusAt,
    lastContact: newer.lastContact ?? older.lastContact,
    sysTime: newer.sysTime ?? older.sysTime,
    online: newer.online ?? older.online,
  };
}
