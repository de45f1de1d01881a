import type { DeviceStatusView } from '@powerdeck/domain';
import { describe, expect, it } from 'vitest';
import {
  type AutoPingReport,
  LOW_BATTERY,
  autoPingAlert,
  commandFailedAlert,
  networkOutletOffAlert,
  offlineAlert,
  onlineAlert,
  scheduleNotSentAlert,
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

  it('raises nothing when outlets switch: a switch is an event for the log, not an alert', () => {
    expect(alertsOf(status(), status({ otlts: [false, true, true] }))).toEqual([]);
    expect(alertsOf(status({ otlts: [true] }), status({ otlts: [true, false] }))).toEqual([]);
    // a switch in the same report as a power change raises the power alert only
    expect(
      alertsOf(status({ pwr_cond: 0 }), status({ pwr_cond: 4, otlts: [false, false, false] })),
    ).toEqual([{ kind: 'power', type: 0, msg: 'Lobby PDU: power condition lost.' }]);
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

  it('a failed firmware upgrade says so, with its reason', () => {
    expect(commandFailedAlert('Rack 2', 'firmware', 'Timed out')).toEqual({
      kind: 'command',
      type: 0,
      msg: 'Rack 2: firmware upgrade failed (Timed out).',
    });
  });

  it('a schedule that sent nothing names the schedule and the reason', () => {
    expect(
      scheduleNotSentAlert('Rack 2', 'Night off', 'Not sent: the server was not running.'),
    ).toEqual({
      kind: 'command',
      type: 0,
      msg: "Rack 2: schedule 'Night off' was not carried out (Not sent: the server was not running).",
    });
    expect(scheduleNotSentAlert('Rack 2', 'Night off', '').msg).toBe(
      "Rack 2: schedule 'Night off' was not carried out.",
    );
  });
});

describe('network alerts (issue 15)', () => {
  const report = (patch: Partial<AutoPingReport>): AutoPingReport => ({
    type: 'ping',
    value: 'fail',
    outlet: null,
    target: 1,
    detail: { host: '8.8.8.8', maxReboots: 3 },
    ...patch,
  });

  it('a ping target failing names its host; passing or unknown raises nothing', () => {
    expect(autoPingAlert('Rack 2', report({}))).toEqual({
      kind: 'network',
      type: 0,
      msg: 'Ping target 8.8.8.8 failed on Rack 2.',
    });
    expect(autoPingAlert('Rack 2', report({ value: 'pass' }))).toBeUndefined();
    expect(autoPingAlert('Rack 2', report({ value: 'unknown' }))).toBeUndefined();
    // a report logged before its configuration was known names the target's number
    expect(autoPingAlert('Rack 2', report({ target: 2, detail: null }))?.msg).toBe(
      'Ping target #2 failed on Rack 2.',
    );
  });

  it('an auto-reboot names the outlet and its label; the cap names the count', () => {
    const cycled = report({ type: 'autoReboot', value: 'cycled', outlet: 1 });
    expect(autoPingAlert('Rack 2', cycled, 'Modem')?.msg).toBe(
      'Auto-reboot: Rack 2 cycled outlet 1 (Modem).',
    );
    expect(autoPingAlert('Rack 2', cycled)?.msg).toBe('Auto-reboot: Rack 2 cycled outlet 1.');
    expect(autoPingAlert('Rack 2', report({ type: 'autoReboot', value: 'capReached' }))).toEqual({
      kind: 'network',
      type: 0,
      msg: 'Auto-reboot stopped on Rack 2 after 3 reboots in a row (ping target 8.8.8.8).',
    });
  });

  it('a network outlet switched off', () => {
    expect(networkOutletOffAlert('Rack 2', 1)).toEqual({
      kind: 'network',
      type: 0,
      msg: 'Network outlet 1 of Rack 2 switched off.',
    });
  });
});
