import { type DeviceSpec, getDeviceSpec } from '@powerdeck/domain';
import { describe, expect, it } from 'vitest';
import { energyFieldsOf, measuredByOf } from './energy.service';
import { midnightOf, zoneName } from './energy-time';

/** A class as the catalog could describe one: a kid whose family has no meter of its own. */
const unmetered = (spec: DeviceSpec): DeviceSpec => ({
  ...spec,
  panels: { ...spec.panels, meter: false, wattage: false, battery: false },
});

describe('who measures a device (catalog facts)', () => {
  it('is the device itself when its family has a meter, a wattage panel or a battery', () => {
    expect(measuredByOf(getDeviceSpec('m4315'), undefined)).toBe('self');
    expect(measuredByOf(getDeviceSpec('dc12ip'), undefined)).toBe('self');
    expect(measuredByOf(getDeviceSpec('kf1500'), getDeviceSpec('cv2'))).toBe('self');
  });

  it('is its parent when its family has no meter and the parent’s has', () => {
    expect(measuredByOf(unmetered(getDeviceSpec('km4315')), getDeviceSpec('m4315'))).toBe('parent');
  });

  it('is nothing when neither it nor its parent measures', () => {
    expect(measuredByOf(getDeviceSpec('cv2'), undefined)).toBe('none');
    expect(measuredByOf(getDeviceSpec('bb232'), undefined)).toBe('none');
    expect(measuredByOf(unmetered(getDeviceSpec('km4315')), getDeviceSpec('cv2'))).toBe('none');
  });

  it('charts the quantities the family reports', () => {
    expect(energyFieldsOf(getDeviceSpec('m4315'))).toEqual([
      'voltage',
      'amperage',
      'wattage',
      'pwr_fact',
    ]);
    expect(energyFieldsOf(getDeviceSpec('kf1500'))).toEqual([
      'voltage',
      'amperage',
      'wattage',
      'pwr_fact',
      'battlevel',
    ]);
    expect(energyFieldsOf(getDeviceSpec('dc12ip'))).toEqual(['wattage']);
  });
});

describe('a location’s clock', () => {
  it('names an IANA zone, or a fixed offset', () => {
    expect(zoneName({ kind: 'iana', zone: 'America/New_York' })).toBe('America/New_York');
    expect(zoneName({ kind: 'fixed', offsetMinutes: -300 })).toBe('Etc/GMT+5');
    expect(zoneName({ kind: 'fixed', offsetMinutes: 330 })).toBe('+05:30');
    expect(zoneName({ kind: 'fixed', offsetMinutes: 0 })).toBe('UTC');
  });

  it('starts a local day at its midnight, across a DST change', () => {
    const ny = { kind: 'iana', zone: 'America/New_York' } as const;
    expect(new Date(midnightOf('2026-03-08', ny)).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(new Date(midnightOf('2026-03-09', ny)).toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });
});
