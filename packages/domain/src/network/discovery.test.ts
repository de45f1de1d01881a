import { describe, expect, it } from 'vitest';
import { DEVICE_CLASSES } from '../catalog/device-class';
import { getDeviceSpec } from '../catalog/registry';
import { classTakesPingTargets, takesPingTargets } from './auto-ping';
import { discoveredUnitSchema, discoversUnits, parseDiscoverEvent } from './discovery';

describe('discover events', () => {
  it('reads each phase, the count found and the reason of a failure', () => {
    expect(parseDiscoverEvent('starting')).toEqual({ phase: 'starting' });
    expect(parseDiscoverEvent('scanning')).toEqual({ phase: 'scanning' });
    expect(parseDiscoverEvent('found:0')).toEqual({ phase: 'found', found: 0 });
    expect(parseDiscoverEvent('found:3')).toEqual({ phase: 'found', found: 3 });
    expect(parseDiscoverEvent('done')).toEqual({ phase: 'done' });
    expect(parseDiscoverEvent('failed:noBus')).toEqual({ phase: 'failed', reason: 'noBus' });
    expect(parseDiscoverEvent('failed:busy')).toEqual({ phase: 'failed', reason: 'busy' });
  });

  it('reads a failure with a reason it does not know as timed out', () => {
    expect(parseDiscoverEvent('failed:melted')).toEqual({ phase: 'failed', reason: 'timedOut' });
    expect(parseDiscoverEvent('failed')).toEqual({ phase: 'failed', reason: 'timedOut' });
  });

  it('refuses anything else', () => {
    for (const bad of [
      undefined,
      3,
      true,
      '',
      'found',
      'found:',
      'found:x',
      'found:-1',
      'found:1.5',
      'found: 2',
      'done:3',
      'scanning:1',
      'exploded',
    ]) {
      expect(parseDiscoverEvent(bad), String(bad)).toBeUndefined();
    }
  });
});

describe('which classes discover units and take ping targets', () => {
  it('a class with attached units discovers them; others do not', () => {
    expect(discoversUnits(getDeviceSpec('bb232'))).toBe(true);
    expect(discoversUnits(getDeviceSpec('bb1000'))).toBe(true);
    expect(discoversUnits(getDeviceSpec('cv2'))).toBe(true);
    expect(discoversUnits(getDeviceSpec('m4315'))).toBe(false);
    expect(discoversUnits(getDeviceSpec('sp1000'))).toBe(false);
  });

  it('every device reached directly takes ping targets (its outlets or its units’), no kid does', () => {
    for (const devClass of DEVICE_CLASSES) {
      const spec = getDeviceSpec(devClass);
      expect(takesPingTargets(spec), devClass).toBe(!spec.isChild);
      expect(classTakesPingTargets(devClass), devClass).toBe(!spec.isChild);
    }
    expect(classTakesPingTargets('toaster')).toBe(false);
  });

  it('a found unit has a device id, a known class and a name', () => {
    expect(
      discoveredUnitSchema.safeParse({ devId: '1065A3000102', devClass: 'cnmp20', name: 'Rack' })
        .success,
    ).toBe(true);
    expect(
      discoveredUnitSchema.safeParse({ devId: '1065a3', devClass: 'cnmp20', name: 'Rack' }).success,
    ).toBe(false);
    expect(
      discoveredUnitSchema.safeParse({ devId: '1065A3000102', devClass: 'toaster', name: '' })
        .success,
    ).toBe(false);
  });
});
