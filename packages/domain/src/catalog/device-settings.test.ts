import { describe, expect, it } from 'vitest';
import { DEVICE_CLASSES } from './device-class';
import { changedSettings, factorySettings, findSetting, settingFieldsOf } from './device-settings';
import { getDeviceSpec } from './registry';

const keys = (devClass: Parameters<typeof getDeviceSpec>[0]) =>
  getDeviceSpec(devClass).settings.map((s) => s.key);

describe('device settings in the catalog', () => {
  it('gives every class a name, a status interval and event subscriptions', () => {
    for (const devClass of DEVICE_CLASSES) {
      expect(keys(devClass).slice(0, 3)).toEqual(['name', 'statusInterval', 'events']);
    }
  });

  it('calls the vt4315 sequence group its DC Trigger, the vt1512 and dc12ip a Sequence - Group', () => {
    expect(findSetting(getDeviceSpec('vt4315').settings, 'sequenceGroup')?.label).toBe(
      'DC Trigger',
    );
    expect(findSetting(getDeviceSpec('vt1512').settings, 'sequenceGroup')?.label).toBe(
      'Sequence - Group',
    );
    expect(findSetting(getDeviceSpec('dc12ip').settings, 'sequenceGroup')?.label).toBe(
      'Sequence - Group',
    );
  });

  it('gives a sequence group to the classes with a sequence and to the CN sequencers', () => {
    for (const devClass of DEVICE_CLASSES) {
      const spec = getDeviceSpec(devClass);
      const has = findSetting(spec.settings, 'sequenceGroup') !== undefined;
      expect(has, devClass).toBe(spec.sequence !== null || spec.family === 'sequencer');
    }
  });

  it('keeps outlet settings to classes with outlets and the clock to devices reached on their own', () => {
    for (const devClass of DEVICE_CLASSES) {
      const spec = getDeviceSpec(devClass);
      if (spec.outletCount === 0) {
        expect(keys(devClass), devClass).not.toContain('powerOn');
        expect(keys(devClass), devClass).not.toContain('cycleGroup');
      }
      expect(keys(devClass).includes('clock'), devClass).toBe(!spec.isChild);
    }
    expect(keys('kf1500')).toEqual(['name', 'statusInterval', 'events', 'cycleGroup', 'powerOn']);
  });

  it('lists only the event types a family can raise', () => {
    expect(findSetting(getDeviceSpec('f1500').settings, 'events')?.types).toContain('battery');
    expect(findSetting(getDeviceSpec('m4315').settings, 'events')?.types).not.toContain('battery');
    expect(findSetting(getDeviceSpec('sp1000').settings, 'events')?.types).toContain('findMe');
    expect(findSetting(getDeviceSpec('cv2').settings, 'events')?.types).toContain('reboot');
  });

  it('starts every class with every outlet in its groups and every event reported', () => {
    const vt = getDeviceSpec('vt4315');
    const factory = factorySettings(vt);
    expect(factory.sequenceGroup).toEqual([
      { otlt: 1, delaySec: 0 },
      ...[2, 3, 4, 5, 6, 7, 8].map((otlt) => ({ otlt, delaySec: 1 })),
    ]);
    expect(factory.cycleGroup).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(factory.powerOn).toHaveLength(8);
    expect(factory.events).toEqual(findSetting(vt.settings, 'events')?.types);
    expect(Object.keys(factory).sort()).toEqual(
      settingFieldsOf(vt.settings)
        .filter((f) => f !== 'name')
        .sort(),
    );
  });

  it('sends a changed setting whole and leaves unchanged ones out', () => {
    const spec = getDeviceSpec('vt1512');
    const before = factorySettings(spec);
    expect(changedSettings(spec.settings, before, { ...before })).toEqual({});
    const after = { ...before, ntpServer: 'time.example.com', cycleOffSec: 9 };
    expect(changedSettings(spec.settings, before, after)).toEqual({
      cycleGroup: before.cycleGroup,
      cycleOffSec: 9,
      clockSource: 'ntp',
      ntpServer: 'time.example.com',
      timezone: before.timezone,
    });
  });
});
