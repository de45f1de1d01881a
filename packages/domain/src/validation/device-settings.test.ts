import { describe, expect, it } from 'vitest';
import { factorySettings } from '../catalog/device-settings';
import { getDeviceSpec } from '../catalog/registry';
import {
  checkDeviceSettings,
  cycleGroupOutlets,
  deviceSettingsInputSchema,
  deviceSettingsSchemaFor,
} from './device-settings';

const vt1512 = getDeviceSpec('vt1512');

describe('device settings validation', () => {
  it('accepts the factory settings of every class with settings', () => {
    expect(
      deviceSettingsSchemaFor(vt1512, '2.4.1').safeParse(factorySettings(vt1512)).success,
    ).toBe(true);
    expect(
      checkDeviceSettings(vt1512, '2.4.1', { ...factorySettings(vt1512), name: 'Rack' }),
    ).toEqual({});
  });

  it('words each problem for the field it is on', () => {
    const problems = checkDeviceSettings(vt1512, '2.4.1', {
      name: ' ',
      statusIntervalSec: 90,
      sequenceGroup: [
        { otlt: 2, delaySec: 0 },
        { otlt: 2, delaySec: -1 },
        { otlt: 13, delaySec: 1 },
      ],
      cycleOffSec: 0,
      powerOn: ['on'],
      clockSource: 'ntp',
      ntpServer: '',
      timezone: '+13',
      events: ['battery'],
    });
    expect(problems).toEqual({
      name: 'Device Name cannot be empty',
      statusIntervalSec: 'Maximum value allowed is 60',
      'sequenceGroup.1.otlt': 'This outlet is already selected',
      'sequenceGroup.1.delaySec': 'Minimum value allowed is 0',
      'sequenceGroup.2.otlt': 'This outlet does not exist on this device',
      cycleOffSec: 'Minimum value allowed is 1',
      powerOn: 'Please choose a power-on state for each of the 12 outlets',
      ntpServer: 'Please enter the NTP server',
      timezone: 'Please select a time zone',
      'events.0': 'This device does not report this type of event',
    });
  });

  it('refuses a setting the class does not have', () => {
    expect(checkDeviceSettings(getDeviceSpec('kf1500'), '2.4.1', { clockSource: 'ntp' })).toEqual({
      clockSource: 'Not a setting of the F1500 UPS on network card',
    });
  });

  it('keeps the cycle group to outlets 1-8 on firmware 1.0.0', () => {
    expect(cycleGroupOutlets(12, '1.0.0')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(cycleGroupOutlets(12, '2.4.1')).toHaveLength(12);
    expect(checkDeviceSettings(vt1512, '1.0.0', { cycleGroup: [1, 9] })).toEqual({
      'cycleGroup.1': 'On firmware 1.0.0 the cycle group takes outlets 1-8 only',
    });
    expect(checkDeviceSettings(vt1512, '2.4.1', { cycleGroup: [1, 9] })).toEqual({});
  });

  it('checks the shape any class shares in the call input', () => {
    expect(deviceSettingsInputSchema.safeParse({ statusIntervalSec: 'x' }).success).toBe(false);
    expect(
      deviceSettingsInputSchema.safeParse({ clockSource: 'console', ntpServer: '' }).success,
    ).toBe(true);
    expect(deviceSettingsInputSchema.safeParse({ ntpServer: 'bad host!' }).success).toBe(false);
  });
});
