import {
  FIRMWARE_ERROR_REASONS,
  FIRMWARE_PHASES,
  type FirmwareErrorReason,
  type FirmwarePhase,
} from '../api/firmware';
import { ACK_ERRORS } from '../protocol/ack';
import { FIRMWARE_FAILED_PREFIX } from '../protocol/firmware';

/**
 * The firmware upgrade state machine (issue 14): queued → downloading → verifying → installing →
 * rebooting → done, or failed with a spec §8 reason from any phase before done. Phases only move
 * forward; a later one may come without the ones between (a device's report can be missed: a
 * device back with the new version is done even if its "rebooting" never arrived), but done needs
 * the image to have been committed (verifying or later).
 */

const ORDER: Readonly<Record<FirmwarePhase, number>> = Object.fromEntries(
  FIRMWARE_PHASES.map((phase, i) => [phase, i]),
) as Record<FirmwarePhase, number>;

export function isEndPhase(phase: FirmwarePhase): boolean {
  return phase === 'done' || phase === 'failed';
}

/** Whether an upgrade in `from` may move to `to`. */
export function canMove(from: FirmwarePhase, to: FirmwarePhase): boolean {
  if (isEndPhase(from) || from === to) return false;
  if (to === 'failed') return true;
  if (to === 'done') return ORDER[from] >= ORDER.verifying;
  if (from === 'queued') return to === 'downloading';
  return ORDER[to] > ORDER[from];
}

/**
 * Progress 0-100 over the whole upgrade: the download is the first 80 (by bytes), then a step
 * per phase; a failed upgrade keeps where it stopped.
 */
export function upgradeProgress(
  phase: FirmwarePhase,
  bytesSent: number,
  size: number,
  before = 0,
): number {
  switch (phase) {
    case 'queued':
      return 0;
    case 'downloading':
      return Math.min(80, Math.floor((80 * bytesSent) / Math.max(1, size)));
    case 'verifying':
      return 85;
    case 'installing':
      return 90;
    case 'rebooting':
      return 95;
    case 'done':
      return 100;
    case 'failed':
      return before;
  }
}

const REASONS: ReadonlySet<string> = new Set(FIRMWARE_ERROR_REASONS);

export function isFirmwareErrorReason(value: string): value is FirmwareErrorReason {
  return REASONS.has(value);
}

/**
 * The reason of a device's refusal of an upgrade step: its own code when it gives one of spec
 * §8's, else what the protocol's generic answers mean for an upgrade (docs/device-protocol.md).
 */
export function reasonOfAck(error: string | undefined): FirmwareErrorReason {
  const code = (error ?? '').split(':')[0]?.trim() ?? '';
  if (isFirmwareErrorReason(code)) return code;
  switch (code) {
    case ACK_ERRORS.expired:
      return 'timedOut';
    case ACK_ERRORS.refused:
    case ACK_ERRORS.inhibited:
    case ACK_ERRORS.locked:
      return 'blocked';
    case ACK_ERRORS.noSuchKid:
      return 'missingDevice';
    case ACK_ERRORS.invalid:
      return 'incorrectImage';
    default:
      // busy, rebooting, unknown-svc, not-supported and anything else
      return 'cannotStart';
  }
}

/**
 * What a device's `firmware` event value says: a phase, a failure with its reason, or (the
 * version it booted into) done. Undefined for anything else.
 */
export function phaseOfEvent(
  value: string | number | boolean,
  toVersion: string,
): { phase: FirmwarePhase; reason?: FirmwareErrorReason } | undefined {
  if (typeof value !== 'string') return undefined;
  if (value.startsWith(FIRMWARE_FAILED_PREFIX)) {
    const code = value.slice(FIRMWARE_FAILED_PREFIX.length);
    return { phase: 'failed', reason: isFirmwareErrorReason(code) ? code : 'cannotStart' };
  }
  if (value === toVersion) return { phase: 'done' };
  return phaseOfDevice(value);
}

/** A device's own phase (a `query` answer) as an upgrade phase; idle and unknown say nothing. */
export function phaseOfDevice(phase: string): { phase: FirmwarePhase } | undefined {
  switch (phase) {
    case 'downloading':
    case 'verifying':
    case 'installing':
    case 'rebooting':
    case 'done':
      return { phase };
    default:
      return undefined;
  }
}
