import type { DeviceStatusView } from '@powerdeck/domain';
import { describe, expect, it } from 'vitest';
import {
  LOW_BATTERY,
  commandFailedAlert,
  offlineAlert,
  onlineAlert,
  statusAlerts,
} from './alert-rules';

const status = (patch: Partial<DeviceStatusView> = {}): DeviceStatusView => ({
  time: 1,
  sysTime: 1,
  otlts: [true, false, true],
  ...patch,
});

const alertsOf = (before: DeviceStatusView | undefined, after: DeviceStatusView) =>
  statusAlerts('Lobby PDU', before, after);

describe('statusAlerts', () => {
  it('raises nothing for the first status of a device, or one that changes nothing', () => {
    expect(alertsOf(undefined, status({ pwr_cond: 2, battlevel: 0.05 }))).toEqual([]);
    expect(alertsOf(status({ pwr_cond: 0 }), status({ pwr_cond: 0 }))).toEqual([]);
  });

  it('raises a power alert when the power condition changes, named by the condition', () => {
    expect(alertsOf(status({ pwr_cond: 0 }), status({ pwr_cond: 2 }))).toEqual([
      { kind: 'power', type: 0, msg: 'Lobby PDU: power condition under-voltage.' },
    ]);
    expect(alertsOf(status({ pwr_cond: 4 }), status({ pwr_cond: 0 }))).toEqual([
      { kind: 'power', type: 0, msg: 'Lobby PDU: power condition normal.' },
    ]);
  });

  it('says nothing about power when either status has no power condition', () => {
    expect(alertsOf(status(), status({ pwr_cond: 3 }))).toEqual([]);
    expect(alertsOf(status({ pwr_cond: 3 }), status())).toEqual([]);
  });

  it('raises a battery alert once, when the charge falls below the low mark', () => {
    expect(alertsOf(status({ battlevel: LOW_BATTERY }), status({ battlevel: 0.15 }))).toEqual([
      { kind: 'battery', type: 0, msg: 'Lobby PDU: battery low (15%).' },
    ]);
    // already low, rising, or unknown before: no alert
    expect(alertsOf(status({ battlevel: 0.15 }), status({ battlevel: 0.1 }))).toEqual([]);
    expect(alertsOf(status({ battlevel: 0.1 }), status({ battlevel: 0.5 }))).toEqual([]);
    expect(alertsOf(status(), status({ battlevel: 0.1 }))).toEqual([]);
  });

  it('raises a fault alert for each fault flag or fault text that appears, not for one that stays', () => {
    expect(
      alertsOf(
        status({ avmfault: false, sol: ['Line Neutral Fault'] }),
        status({
          avmfault: true,
          wiringfault: true,
          brkrfault: false,
          sol: ['Line Neutral Fault', 'Output Overload Fault'],
        }),
      ),
    ).toEqual([
      { kind: 'fault', type: 0, msg: 'Lobby PDU: AVM fault.' },
      { kind: 'fault', type: 0, msg: 'Lobby PDU: wiring fault.' },
      { kind: 'fault', type: 0, msg: 'Lobby PDU: Output Overload Fault.' },
    ]);
    expect(alertsOf(status({ brkrfault: true }), status({ brkrfault: true, sol: [] }))).toEqual([]);
    expect(alertsOf(status({ brkrfault: true }), status({ brkrfault: false }))).toEqual([]);
  });

  it('raises an alert (type 0, shown in the Alerts tab) for every outlet that switches', () => {
    expect(alertsOf(status(), status({ otlts: [false, true, true] }))).toEqual([
      { kind: 'outlet', type: 0, msg: 'Lobby PDU: outlet 1 turned off.' },
      { kind: 'outlet', type: 0, msg: 'Lobby PDU: outlet 2 turned on.' },
    ]);
  });

  it('ignores outlets the earlier status did not report', () => {
    expect(alertsOf(status({ otlts: [true] }), status({ otlts: [true, false] }))).toEqual([]);
  });
});

describe('connection and command alerts', () => {
  it('offline and back online', () => {
    expect(offlineAlert('Rack 2')).toEqual({
      kind: 'offline',
      type: 0,
      msg: 'Rack 2 is offline.',
    });
    expect(onlineAlert('Rack 2')).toEqual({
      kind: 'online',
      type: 0,
      msg: 'Rack 2 is back online.',
    });
  });

  it('a failed command, with its reason when there is one', () => {
    expect(commandFailedAlert('Rack 2', 'reboot', 'expired')).toEqual({
      kind: 'command',
      type: 0,
      msg: 'Rack 2: command reboot failed (expired).',
    });
    expect(commandFailedAlert('Rack 2', 'setoutletstate', undefined).msg).toBe(
      'Rack 2: command setoutletstate failed.',
    );
  });
});
