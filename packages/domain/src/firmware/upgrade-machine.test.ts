import { describe, expect, it } from 'vitest';
import { FIRMWARE_ERROR_REASONS, FIRMWARE_ERROR_TEXTS, firmwareErrorText } from '../api/firmware';
import {
  canMove,
  phaseOfDevice,
  phaseOfEvent,
  reasonOfAck,
  upgradeProgress,
} from './upgrade-machine';

describe('firmware upgrade state machine', () => {
  it('moves forward through the phases, one at a time or skipping a missed report', () => {
    expect(canMove('queued', 'downloading')).toBe(true);
    expect(canMove('downloading', 'verifying')).toBe(true);
    expect(canMove('verifying', 'installing')).toBe(true);
    expect(canMove('installing', 'rebooting')).toBe(true);
    expect(canMove('rebooting', 'done')).toBe(true);
    expect(canMove('verifying', 'rebooting')).toBe(true);
    expect(canMove('installing', 'done')).toBe(true);
  });

  it('never goes back, never leaves an end, and is done only after the image was committed', () => {
    expect(canMove('installing', 'downloading')).toBe(false);
    expect(canMove('rebooting', 'verifying')).toBe(false);
    expect(canMove('downloading', 'downloading')).toBe(false);
    expect(canMove('done', 'failed')).toBe(false);
    expect(canMove('failed', 'downloading')).toBe(false);
    expect(canMove('queued', 'verifying')).toBe(false);
    expect(canMove('queued', 'done')).toBe(false);
    expect(canMove('downloading', 'done')).toBe(false);
  });

  it('fails from every phase before an end', () => {
    for (const phase of [
      'queued',
      'downloading',
      'verifying',
      'installing',
      'rebooting',
    ] as const) {
      expect(canMove(phase, 'failed')).toBe(true);
    }
  });

  it('counts progress by bytes while downloading, then a step per phase', () => {
    expect(upgradeProgress('queued', 0, 100)).toBe(0);
    expect(upgradeProgress('downloading', 50, 100)).toBe(40);
    expect(upgradeProgress('downloading', 100, 100)).toBe(80);
    expect(upgradeProgress('verifying', 100, 100)).toBe(85);
    expect(upgradeProgress('installing', 100, 100)).toBe(90);
    expect(upgradeProgress('rebooting', 100, 100)).toBe(95);
    expect(upgradeProgress('done', 100, 100)).toBe(100);
    expect(upgradeProgress('failed', 30, 100, 24)).toBe(24);
  });

  it('shows every spec §8 reason in its words', () => {
    expect(FIRMWARE_ERROR_REASONS.map(firmwareErrorText)).toEqual([
      'Locked image',
      'Missing image',
      'Unknown image',
      'Incorrect image',
      'Corrupted image',
      'Mismatched image',
      'Missing device',
      'Mismatched device',
      'Cannot start',
      'Wrong unit number',
      'Timed out',
      'Blocked',
    ]);
    expect(Object.keys(FIRMWARE_ERROR_TEXTS)).toHaveLength(12);
  });

  it('reads a refusal: the device’s own reason, or what a generic answer means', () => {
    for (const reason of FIRMWARE_ERROR_REASONS) expect(reasonOfAck(reason)).toBe(reason);
    expect(reasonOfAck('expired')).toBe('timedOut');
    expect(reasonOfAck('refused')).toBe('blocked');
    expect(reasonOfAck('no-such-kid')).toBe('missingDevice');
    expect(reasonOfAck('invalid: args.seq')).toBe('incorrectImage');
    expect(reasonOfAck('busy')).toBe('cannotStart');
    expect(reasonOfAck(undefined)).toBe('cannotStart');
  });

  it('reads the device’s firmware events and query answers', () => {
    expect(phaseOfEvent('verifying', '4.0.2')).toEqual({ phase: 'verifying' });
    expect(phaseOfEvent('failed:corruptedImage', '4.0.2')).toEqual({
      phase: 'failed',
      reason: 'corruptedImage',
    });
    expect(phaseOfEvent('failed:melted', '4.0.2')).toEqual({
      phase: 'failed',
      reason: 'cannotStart',
    });
    expect(phaseOfEvent('4.0.2', '4.0.2')).toEqual({ phase: 'done' });
    expect(phaseOfEvent('3.1.0', '4.0.2')).toBeUndefined();
    expect(phaseOfEvent(1, '4.0.2')).toBeUndefined();
    expect(phaseOfDevice('installing')).toEqual({ phase: 'installing' });
    expect(phaseOfDevice('idle')).toBeUndefined();
  });
});
