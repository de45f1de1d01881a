import { createHash } from 'node:crypto';
import {
  type DeviceFirmwarePhase,
  FIRMWARE_FAILED_PREFIX,
  FIRMWARE_MAX_IMAGE_BYTES,
  type FirmwareArgs,
  type FirmwareErrorReason,
  type FirmwareQueryResult,
} from '@powerdeck/domain';
import type { ModelTiming, Outcome } from './types';

/** Delays of an upgrade on the device: it acks a chunk once it has written it. */
type FirmwareTiming = Pick<
  ModelTiming,
  'firmwareBytesPerSecond' | 'firmwareVerifyMs' | 'firmwareInstallMs' | 'firmwareRebootMs'
>;

/** Where a fault's reason is reported: answering a step, or as a failure event while installing. */
export type FirmwareFaultStep = 'begin' | 'chunk' | 'verify' | 'install';

/** Fault injection: the device's next upgrade fails with `reason` (at its natural step). */
export interface FirmwareFault {
  reason: FirmwareErrorReason;
  at?: FirmwareFaultStep;
}

/** The step where each reason naturally shows (a fault may name another). */
export const FIRMWARE_FAULT_STEPS: Readonly<Record<FirmwareErrorReason, FirmwareFaultStep>> = {
  lockedImage: 'begin',
  blocked: 'begin',
  cannotStart: 'begin',
  wrongUnitNumber: 'begin',
  missingDevice: 'begin',
  mismatchedDevice: 'begin',
  unknownImage: 'begin',
  missingImage: 'chunk',
  corruptedImage: 'verify',
  incorrectImage: 'verify',
  mismatchedImage: 'verify',
  timedOut: 'install',
};

/** What the firmware agent needs of its device model. */
export interface FirmwareHost {
  devClass(): string;
  fwVer(): string;
  now(): number;
  wait(ms: number): Promise<void>;
  timing(): FirmwareTiming;
  /** A `firmware` event (docs/device-protocol.md "Firmware"). */
  event(value: string): void;
  /** Boots into `version`: away for the reboot time, then reports again with it. */
  rebootInto(version: string, downMs: number): void;
  /** Whether the device's reports reach the broker now. */
  online(): boolean;
}

const BACK_ONLINE_POLL_MS = 100;
const BACK_ONLINE_TRIES = 300;

interface Session {
  upgradeId: string;
  version: string;
  devClass: string;
  size: number;
  sha256: string;
  chunkBytes: number;
  nextSeq: number;
  parts: Buffer[];
  received: number;
  phase: DeviceFirmwarePhase;
  reason?: FirmwareErrorReason;
}

const IMAGE_MAGIC = 'PDFW1';

/**
 * The device side of the `firmware` command: takes the image chunk by chunk at its download rate,
 * checks its SHA-256 and header on commit, installs, and reboots into it (reporting each phase as
 * a `firmware` event). One upgrade at a time; a `begin` with a new id starts over.
 */
export class FirmwareAgent {
  /** The next upgrade fails with this (fault injection); consumed by that upgrade. */
  fault: FirmwareFault | undefined;
  private session: Session | undefined;

  constructor(private readonly host: FirmwareHost) {}

  handle(args: FirmwareArgs): Promise<Outcome> {
    switch (args.step) {
      case 'begin':
        return Promise.resolve(this.begin(args));
      case 'chunk':
        return this.chunk(args);
      case 'commit':
        return this.commit(args.upgradeId);
      case 'query':
        return Promise.resolve(this.query(args.upgradeId));
      case 'abort':
        return Promise.resolve(this.abort(args.upgradeId));
    }
  }

  private begin(args: Extract<FirmwareArgs, { step: 'begin' }>): Outcome {
    const current = this.session;
    if (current?.upgradeId === args.upgradeId) return { ok: true };
    if (current && ['verifying', 'installing', 'rebooting'].includes(current.phase)) {
      return this.refuse('cannotStart');
    }
    const refusal =
      this.faultAt('begin') ??
      (args.devClass !== this.host.devClass()
        ? 'mismatchedImage'
        : !/^\d+\.\d+\.\d+$/.test(args.version)
          ? 'unknownImage'
          : args.size > FIRMWARE_MAX_IMAGE_BYTES
            ? 'incorrectImage'
            : undefined);
    if (refusal) {
      if (this.fault?.reason === refusal) this.fault = undefined;
      this.session = undefined;
      this.host.event(`${FIRMWARE_FAILED_PREFIX}${refusal}`);
      return this.refuse(refusal);
    }
    this.session = {
      upgradeId: args.upgradeId,
      version: args.version,
      devClass: args.devClass,
      size: args.size,
      sha256: args.sha256,
      chunkBytes: args.chunkBytes,
      nextSeq: 0,
      parts: [],
      received: 0,
      phase: 'downloading',
    };
    this.host.event('downloading');
    return { ok: true, result: { phase: 'downloading' } };
  }

  private async chunk(args: Extract<FirmwareArgs, { step: 'chunk' }>): Promise<Outcome> {
    const session = this.own(args.upgradeId);
    if (!session || session.phase !== 'downloading') return this.refuse('cannotStart');
    // a chunk sent again (its ack was lost): already written
    if (args.seq < session.nextSeq) return { ok: true, result: { received: session.received } };
    if (args.seq > session.nextSeq || this.faultAt('chunk')) {
      return this.fail(session, this.faultAt('chunk') ?? 'missingImage');
    }
    const data = Buffer.from(args.data, 'base64');
    if (session.received + data.length > session.size) return this.fail(session, 'incorrectImage');
    session.nextSeq += 1;
    session.parts.push(data);
    session.received += data.length;
    await this.host.wait((data.length / this.host.timing().firmwareBytesPerSecond) * 1000);
    return { ok: true, result: { received: session.received } };
  }

  private async commit(id: string): Promise<Outcome> {
    const session = this.own(id);
    if (!session) return this.refuse('missingImage');
    if (session.phase !== 'downloading') {
      // a commit sent again: answer as the first time
      return session.phase === 'failed'
        ? { ok: false, error: session.reason ?? 'cannotStart' }
        : { ok: true, result: { phase: session.phase } };
    }
    session.phase = 'verifying';
    this.host.event('verifying');
    await this.host.wait(this.host.timing().firmwareVerifyMs);
    const problem = this.faultAt('verify') ?? this.check(session);
    if (problem) return this.fail(session, problem);
    session.parts = [];
    session.phase = 'installing';
    this.host.event('installing');
    void this.install(session);
    return { ok: true, result: { phase: 'installing' } };
  }

  /** Checks what came against what `begin` announced. */
  private check(session: Session): FirmwareErrorReason | undefined {
    const image = Buffer.concat(session.parts);
    if (image.length < session.size) return 'missingImage';
    if (createHash('sha256').update(image).digest('hex') !== session.sha256) {
      return 'corruptedImage';
    }
    const header = image.subarray(0, 64).toString('latin1').replace(/\0+$/, '');
    if (!header.startsWith(IMAGE_MAGIC)) return 'incorrectImage';
    if (header.slice(IMAGE_MAGIC.length) !== `${this.host.devClass()}@${session.version}`) {
      return 'mismatchedImage';
    }
    return undefined;
  }

  private async install(session: Session): Promise<void> {
    const timing = this.host.timing();
    await this.host.wait(timing.firmwareInstallMs);
    if (this.session !== session) return;
    const fault = this.faultAt('install');
    if (fault) {
      this.fail(session, fault);
      return;
    }
    session.phase = 'rebooting';
    this.host.event('rebooting');
    this.host.rebootInto(session.version, timing.firmwareRebootMs);
    await this.host.wait(timing.firmwareRebootMs);
    // back on the link (reconnecting takes a moment): then the new version is told
    for (let tries = 0; !this.host.online() && tries < BACK_ONLINE_TRIES; tries += 1) {
      await this.host.wait(BACK_ONLINE_POLL_MS);
    }
    if (this.session !== session) return;
    session.phase = 'done';
    this.host.event(session.version);
  }

  private query(id: string): Outcome {
    const session = this.own(id);
    const result: FirmwareQueryResult = {
      phase: session?.phase ?? 'idle',
      fwVer: this.host.fwVer(),
      ...(session?.reason ? { reason: session.reason } : {}),
      ...(session ? { received: session.received } : {}),
    };
    return { ok: true, result };
  }

  private abort(id: string): Outcome {
    const session = this.own(id);
    if (session?.phase === 'downloading' || session?.phase === 'verifying') {
      this.session = undefined;
      this.host.event('aborted');
    }
    return { ok: true };
  }

  private own(id: string): Session | undefined {
    return this.session?.upgradeId === id ? this.session : undefined;
  }

  private faultAt(step: FirmwareFaultStep): FirmwareErrorReason | undefined {
    const fault = this.fault;
    if (!fault) return undefined;
    return (fault.at ?? FIRMWARE_FAULT_STEPS[fault.reason]) === step ? fault.reason : undefined;
  }

  private refuse(reason: FirmwareErrorReason): Outcome {
    return { ok: false, error: reason };
  }

  private fail(session: Session, reason: FirmwareErrorReason): Outcome {
    if (this.fault?.reason === reason) this.fault = undefined;
    session.phase = 'failed';
    session.reason = reason;
    session.parts = [];
    this.host.event(`${FIRMWARE_FAILED_PREFIX}${reason}`);
    return this.refuse(reason);
  }
}
