import {
  type CommandState,
  FIRMWARE_CHUNK_BYTES,
  FIRMWARE_ERROR_TEXTS,
  type FirmwareArgs,
  type FirmwareErrorReason,
  type FirmwarePhase,
  type FirmwareUpgrade,
  type TopicAddress,
  canMove,
  firmwareQueryResultSchema,
  isEndPhase,
  phaseOfDevice,
  phaseOfEvent,
  reasonOfAck,
  upgradeProgress,
} from '@powerdeck/domain';
import type { FastifyBaseLogger } from 'fastify';
import { setTimeout as delay } from 'node:timers/promises';
import type { Clock } from '../../infra/clock';
import type { CommandsRepository } from '../devices/commands.repository';
import type { FirmwareLink, StepAnswer } from './firmware-link';
import type { FirmwareRepository, UpgradeRow } from './firmware.repository';

/** How an upgrade's server waits on the device (docs/api/firmware.md "Timing"). */
export interface FirmwareTiming {
  /** Wait for the ack of one step; a step is sent `tries` times before 'Timed out'. */
  stepTimeoutMs: number;
  tries: number;
  /** After the commit, the device has this long to come back with the new version. */
  installTimeoutMs: number;
  /** While it installs and reboots, the device is asked where it stands this often. */
  queryEveryMs: number;
  /** At most this many image bytes a second go to one device. */
  maxBytesPerSecond: number;
}

export interface FirmwareRunDeps {
  repo: FirmwareRepository;
  commands: CommandsRepository;
  link: FirmwareLink;
  clock: Clock;
  log: FastifyBaseLogger;
  timing: FirmwareTiming;
  /** The image's bytes (from the database, written once from the catalogue). */
  image(devClass: string, version: string): Promise<{ sha256: string; bytes: Buffer }>;
  /** An upgrade changed: push it (streams of every server). */
  changed(upgrade: FirmwareUpgrade): void;
  /** A step of the upgrade's audit command: the device's live stream shows it. */
  commandStep(address: TopicAddress, cmdId: string, state: CommandState, error?: string): void;
}

/** The topic root of an upgrade's device: a kid is reached through its parent. */
export function addressOf(row: Pick<UpgradeRow, 'devId' | 'parentDevId'>): TopicAddress {
  return row.parentDevId ? { devId: row.parentDevId, kidId: row.devId } : { devId: row.devId };
}

/**
 * Drives one upgrade that has its turn (claimed `downloading`): records it in the audit log as a
 * `firmware` command, sends `begin`, the chunks at a paced rate and `commit`, then follows the
 * device as it verifies, installs and reboots — from its `firmware` events and status reports
 * when this server hears them, and by asking it (`query`) in any case — until it is back with the
 * new version (done), refuses (failed, its reason), or does not answer in time ('Timed out').
 * Every step goes through the state machine (`canMove`) and is written with a heartbeat; stopping
 * the server aborts the run and leaves the upgrade to the stale sweep.
 */
export class FirmwareRun {
  readonly address: TopicAddress;
  private phase: FirmwarePhase = 'downloading';
  private bytesSent = 0;
  private progress = 0;
  private writes: Promise<unknown> = Promise.resolve();
  private wake: (() => void) | undefined;
  private audited = false;
  /** Ends every wait of the run once it has ended (or the server stops). */
  private readonly over = new AbortController();
  private readonly waits: AbortSignal;

  constructor(
    private readonly row: UpgradeRow,
    private readonly deps: FirmwareRunDeps,
    /** The server stopping: the run stops where it is, the upgrade left to the stale sweep. */
    private readonly signal: AbortSignal,
  ) {
    this.address = addressOf(row);
    this.waits = AbortSignal.any([signal, this.over.signal]);
  }

  get id(): string {
    return this.row.id;
  }

  get ended(): boolean {
    return isEndPhase(this.phase);
  }

  async run(): Promise<void> {
    try {
      await this.drive();
    } catch (err) {
      if (!this.signal.aborted) {
        this.deps.log.error({ err, upgradeId: this.id }, 'firmware upgrade failed to run');
        this.fail('cannotStart');
      }
    }
    if (!this.ended && !this.signal.aborted) this.fail('timedOut');
    await this.writes;
  }

  /** A `firmware` event of the device (when this server hears it). */
  onEvent(value: string | number | boolean): void {
    const seen = phaseOfEvent(value, this.row.toVersion);
    if (!seen) return;
    if (seen.phase === 'failed') this.fail(seen.reason ?? 'cannotStart');
    else this.move(seen.phase);
  }

  /** A status report of the device: back with the new version is done. */
  onStatus(fwVer: string | undefined): void {
    if (fwVer === this.row.toVersion) this.move('done');
  }

  private async drive(): Promise<void> {
    const { deps, row } = this;
    await this.audit();
    const image = await deps.image(row.devClass, row.toVersion);
    this.changed();

    const begin = await this.step('b', {
      step: 'begin',
      upgradeId: row.id,
      version: row.toVersion,
      devClass: row.devClass,
      size: image.bytes.length,
      sha256: image.sha256,
      chunkBytes: FIRMWARE_CHUNK_BYTES,
    });
    if (!this.answered(begin)) return;
    this.auditStep('acknowledged');

    const chunkGapMs = (FIRMWARE_CHUNK_BYTES / deps.timing.maxBytesPerSecond) * 1000;
    for (let seq = 0; seq * FIRMWARE_CHUNK_BYTES < image.bytes.length; seq += 1) {
      const started = performance.now();
      const data = image.bytes.subarray(
        seq * FIRMWARE_CHUNK_BYTES,
        (seq + 1) * FIRMWARE_CHUNK_BYTES,
      );
      const sent = await this.step(`c${seq}`, {
        step: 'chunk',
        upgradeId: row.id,
        seq,
        data: data.toString('base64'),
      });
      if (!this.answered(sent)) return;
      this.bytesSent += data.length;
      this.record({});
      // paced: a device never gets more than maxBytesPerSecond, whatever its own rate
      const wait = chunkGapMs - (performance.now() - started);
      if (wait > 0) await this.sleep(wait);
    }

    this.move('verifying');
    const commit = await this.step('x', { step: 'commit', upgradeId: row.id });
    if (!this.answered(commit)) return;
    this.move('installing');
    await this.followInstall();
  }

  /** After the commit: until done, failed or the install time is over. */
  private async followInstall(): Promise<void> {
    const { timing } = this.deps;
    const deadline = performance.now() + timing.installTimeoutMs;
    for (let n = 0; !this.ended && !this.signal.aborted; n += 1) {
      const left = deadline - performance.now();
      if (left <= 0) return this.fail('timedOut');
      await this.sleep(Math.min(timing.queryEveryMs, left));
      if (this.ended || this.signal.aborted) return;
      // a poll: a device away rebooting answers nothing, and is asked again
      const answer = await this.deps.link.send(
        this.address,
        `${this.row.id}.q${n}`,
        { step: 'query', upgradeId: this.row.id },
        {
          timeoutMs: Math.min(timing.stepTimeoutMs, timing.queryEveryMs),
          tries: 1,
          signal: this.waits,
        },
      );
      if (answer.kind === 'timeout') {
        this.record({});
        continue;
      }
      if (!answer.ack.ok) {
        // a device booting answers nothing or "rebooting"
        if (answer.ack.error === 'rebooting') this.move('rebooting');
        else this.record({});
        continue;
      }
      const result = firmwareQueryResultSchema.safeParse(answer.ack.result);
      if (!result.success) continue;
      const { phase, fwVer, reason } = result.data;
      if (phase === 'failed') return this.fail(reasonOfAck(reason));
      if (fwVer === this.row.toVersion) return this.move('done');
      const seen = phaseOfDevice(phase);
      if (seen && seen.phase !== 'done') this.move(seen.phase);
      else this.record({});
    }
  }

  private step(name: string, args: FirmwareArgs): Promise<StepAnswer> {
    const { timing } = this.deps;
    return this.deps.link.send(this.address, `${this.row.id}.${name}`, args, {
      timeoutMs: timing.stepTimeoutMs,
      tries: timing.tries,
      signal: this.waits,
      onRetry: () => this.record({}),
    });
  }

  /** Whether a step was acknowledged; otherwise the upgrade fails with what its answer means. */
  private answered(answer: StepAnswer): boolean {
    if (this.ended || this.signal.aborted) return false;
    if (answer.kind === 'timeout') {
      this.fail('timedOut');
      return false;
    }
    if (!answer.ack.ok) {
      this.fail(reasonOfAck(answer.ack.error));
      return false;
    }
    return true;
  }

  private move(to: FirmwarePhase): void {
    if (this.signal.aborted || !canMove(this.phase, to)) return;
    this.phase = to;
    this.record({ phase: to });
    if (to === 'done') {
      this.auditStep('done');
      this.over.abort();
    }
    this.wake?.();
  }

  private fail(reason: FirmwareErrorReason): void {
    if (!canMove(this.phase, 'failed')) return;
    const wasDownloading = this.phase === 'downloading' || this.phase === 'verifying';
    this.phase = 'failed';
    this.record({ phase: 'failed', reason });
    this.auditStep('failed', FIRMWARE_ERROR_TEXTS[reason]);
    this.over.abort();
    this.wake?.();
    // the device may hold half an image: tell it to drop it (best effort, not waited for)
    if (wasDownloading && reason === 'timedOut') {
      void this.deps.link
        .send(
          this.address,
          `${this.row.id}.a`,
          { step: 'abort', upgradeId: this.row.id },
          { timeoutMs: 1000, tries: 1, signal: AbortSignal.timeout(2000) },
        )
        .catch(() => undefined);
    }
  }

  /** Writes a step (in order, one at a time) with the heartbeat, and pushes the upgrade. */
  private record(patch: { phase?: FirmwarePhase; reason?: FirmwareErrorReason }): void {
    this.progress = upgradeProgress(this.phase, this.bytesSent, this.row.size, this.progress);
    const { phase } = patch;
    const at = this.deps.clock.now();
    const values = { ...patch, bytesSent: this.bytesSent, progress: this.progress, at };
    this.writes = this.writes
      .then(async () => {
        const written =
          phase === 'done'
            ? await this.deps.repo.finishDone(this.id, at)
            : await this.deps.repo.step(this.id, values);
        if (written) this.deps.changed(written);
      })
      .catch((err: unknown) => {
        this.deps.log.error({ err, upgradeId: this.id }, 'firmware upgrade step not recorded');
      });
  }

  private changed(): void {
    this.writes = this.writes.then(async () => {
      const upgrade = await this.deps.repo.find(this.id);
      if (upgrade) this.deps.changed(upgrade);
    });
  }

  /** The upgrade's command in the audit log (device_commands), sent as it starts. */
  private async audit(): Promise<void> {
    const { row, deps } = this;
    const now = deps.clock.now();
    const { timing } = deps;
    const longest =
      timing.stepTimeoutMs * timing.tries * 3 +
      timing.installTimeoutMs +
      (row.size / timing.maxBytesPerSecond) * 1000 * 4;
    await deps.commands.insert(
      {
        id: row.id,
        devId: this.address.devId,
        kidId: this.address.kidId ?? null,
        svc: 'firmware',
        args: { fromVersion: row.fromVersion, toVersion: row.toVersion, size: row.size },
        actorKind: 'user',
        actorId: row.startedById,
        createdAt: now,
        expiresAt: new Date(now.getTime() + longest),
      },
      { cmdId: row.id, state: 'sent', at: now },
    );
    this.audited = true;
    deps.commandStep(this.address, row.id, 'sent');
  }

  private auditStep(state: CommandState, error?: string): void {
    if (!this.audited) return;
    const at = this.deps.clock.now();
    this.writes = this.writes
      .then(() =>
        this.deps.commands.addSteps([
          { cmdId: this.id, state, at, ...(error === undefined ? {} : { error }) },
        ]),
      )
      .then(() => this.deps.commandStep(this.address, this.id, state, error))
      .catch((err: unknown) => {
        this.deps.log.error({ err, upgradeId: this.id }, 'firmware audit step not recorded');
      });
  }

  /** Sleeps, or less when a phase changes or the run is aborted. */
  private async sleep(ms: number): Promise<void> {
    const woken = new Promise<void>((resolve) => (this.wake = resolve));
    await Promise.race([
      delay(ms, undefined, { signal: this.waits }).catch(() => undefined),
      woken,
    ]);
    this.wake = undefined;
  }
}
