import { describe, expect, it } from 'vitest';
import { decodeDeviceSettings, encodeDeviceSettings } from './settings';

describe('settings on the wire', () => {
  it('carries lists as comma-separated text and reads them back', () => {
    const settings = {
      name: 'Stage rack',
      statusIntervalSec: 15,
      events: ['outlet' as const, 'fault' as const],
      sequenceGroup: [
        { otlt: 3, delaySec: 0 },
        { otlt: 1, delaySec: 2.5 },
      ],
      cycleGroup: [1, 2],
      cycleOffSec: 8,
      powerOn: ['on' as const, 'last' as const, 'off' as const],
      clockSource: 'console' as const,
      ntpServer: '',
      timezone: '-8.00',
    };
    const wire = encodeDeviceSettings(settings);
    expect(wire).toMatchObject({
      sequenceGroup: '3,1',
      sequenceDelays: '0,2.5',
      events: 'outlet,fault',
      powerOn: 'on,last,off',
    });
    expect(decodeDeviceSettings(wire)).toEqual({ settings, invalid: [] });
  });

  it('gives a group without delays a second between steps, and names what it cannot read', () => {
    expect(decodeDeviceSettings({ sequenceGroup: '2,4' }).settings.sequenceGroup).toEqual([
      { otlt: 2, delaySec: 0 },
      { otlt: 4, delaySec: 1 },
    ]);
    expect(decodeDeviceSettings({ sequenceGroup: '' }).settings.sequenceGroup).toEqual([]);
    const bad = decodeDeviceSettings({
      cycleGroup: '1,x',
      powerOn: 'on,maybe',
      colour: 'red',
      statusIntervalSec: 'soon',
      sequenceGroup: '1,2',
      sequenceDelays: '1',
    });
    expect(bad.settings).toEqual({});
    expect(bad.invalid.sort()).toEqual(
      ['colour', 'cycleGroup', 'powerOn', 'sequenceGroup', 'statusIntervalSec'].sort(),
    );
  });
});
