import {
  DEVICE_CLASSES,
  checkDeviceSettings,
  decodeDeviceSettings,
  getDeviceSpec,
} from '@powerdeck/domain';
import { describe, expect, it } from 'vitest';
import { demoDeviceSettings } from './demo-settings';

describe('demo device settings', () => {
  it.each(DEVICE_CLASSES)(
    '%s: valid settings of its class, groups where it has them',
    (devClass) => {
      const spec = getDeviceSpec(devClass);
      const { settings, invalid } = decodeDeviceSettings(demoDeviceSettings(spec, '-8.00'));
      expect(invalid).toEqual([]);
      expect(checkDeviceSettings(spec, '2.4.1', settings)).toEqual({});
      const keys = spec.settings.map((s) => s.key);
      expect((settings.sequenceGroup?.length ?? 0) > 0).toBe(keys.includes('sequenceGroup'));
      expect((settings.cycleGroup?.length ?? 0) > 0).toBe(keys.includes('cycleGroup'));
    },
  );

  it('sequences a vt1512 from its first outlet, amplifiers last after a longer wait', () => {
    const { settings } = decodeDeviceSettings(demoDeviceSettings(getDeviceSpec('vt1512'), '-8.00'));
    expect(settings.sequenceGroup?.map((s) => s.otlt)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
    expect(settings.sequenceGroup?.map((s) => s.delaySec)).toEqual([
      0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 4, 4,
    ]);
    expect(settings).toMatchObject({ cycleGroup: [1, 2], cycleOffSec: 10, timezone: '-8.00' });
  });
});
