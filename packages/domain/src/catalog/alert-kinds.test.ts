import { describe, expect, it } from 'vitest';
import { ALERT_KINDS, alertKindsOf, findAlertKinds } from './alert-kinds';
import { DEVICE_CLASSES } from './device-class';

describe('alert kinds a family can raise', () => {
  it('every device can go offline, come back and fail a command', () => {
    for (const devClass of DEVICE_CLASSES) {
      expect(alertKindsOf(devClass)).toEqual(
        expect.arrayContaining(['offline', 'online', 'command']),
      );
    }
  });

  it('a power conditioner raises power, fault and network alerts but no battery alert', () => {
    expect(alertKindsOf('m4315')).toEqual([
      'offline',
      'online',
      'power',
      'fault',
      'command',
      'network',
    ]);
  });

  it('no device raises outlet alerts: a switch is someone’s deliberate action, an event', () => {
    for (const devClass of DEVICE_CLASSES) expect(alertKindsOf(devClass)).not.toContain('outlet');
    // still a kind, so alerts and subscriptions stored before it stopped being raised read back
    expect(ALERT_KINDS).toContain('outlet');
  });

  it('a battery backup raises battery alerts; a dc12ip raises its Efuse faults', () => {
    expect(alertKindsOf('f1500')).toContain('battery');
    expect(alertKindsOf('kmb1500')).toContain('battery');
    expect(alertKindsOf('f1500')).not.toContain('fault');
    expect(alertKindsOf('dc12ip')).toEqual(['offline', 'online', 'fault', 'command', 'network']);
  });

  it('a card or adapter whose outlets belong to its kids runs auto-ping for them', () => {
    for (const devClass of ['cv2', 'cv3', 'bb232', 'bb1000'] as const) {
      expect(alertKindsOf(devClass)).toEqual(['offline', 'online', 'command', 'network']);
    }
  });

  it('network alerts come from devices that run auto-ping, never from a kid', () => {
    for (const devClass of ['km4315', 'kf1500', 'cn1800', 'sp1000'] as const) {
      expect(alertKindsOf(devClass)).not.toContain('network');
    }
  });

  it('no device raises the energy kind: a budget is its location’s', () => {
    for (const devClass of DEVICE_CLASSES) expect(alertKindsOf(devClass)).not.toContain('energy');
  });

  it('lists kinds in one order, and none for an unknown class', () => {
    expect(alertKindsOf('vt1512')).toEqual(
      ALERT_KINDS.filter((k) => alertKindsOf('vt1512').includes(k)),
    );
    expect(findAlertKinds('nope')).toEqual([]);
    expect(findAlertKinds('m4315')).toEqual(alertKindsOf('m4315'));
  });
});
