import { describe, expect, it } from 'vitest';
import {
  commandText,
  deviceEventText,
  kindsOf,
  DEVICE_EVENT_TYPES,
  scheduleEventText,
} from './event-log-texts';

describe('event log texts', () => {
  it('words commands as what they do', () => {
    expect(commandText('setOutlet', { otlt: 3, state: 0 })).toBe('Outlet 3 switched off');
    expect(commandText('setOutlet', { otlt: 1, state: 1 })).toBe('Outlet 1 switched on');
    expect(commandText('cycleOutlet', { otlt: 2 })).toBe('Outlet 2 cycled');
    expect(commandText('firmware', { toVersion: '4.0.2' })).toBe('Firmware upgrade to 4.0.2');
    expect(commandText('cycleGroup', { otlts: [1, 4] })).toBe('Outlets 1, 4 cycled');
    expect(commandText('cycleGroup', {})).toBe('Cycle group cycled');
    expect(commandText('sequence', { state: 1 })).toBe('Sequence on');
    expect(commandText('sequence', { state: 0 })).toBe('Sequence off');
    expect(commandText('reboot', {})).toBe('Card rebooted');
    expect(commandText('rename', { name: 'Rack' })).toBe('Renamed “Rack”');
  });

  it('words device reports, power conditions with the family’s labels', () => {
    expect(deviceEventText('offline', null, null, 'm4315')).toBe('Went offline');
    expect(deviceEventText('online', null, null, 'm4315')).toBe('Back online');
    expect(deviceEventText('power', 2, null, 'm4315')).toBe('Power condition Under Voltage');
    expect(deviceEventText('power', 4, null, 'f1500')).toBe('Power condition Power Lost');
    expect(deviceEventText('power', 9, null, null)).toBe('Power condition 9');
    expect(deviceEventText('batteryLow', 0.15, null, 'f1500')).toBe('Battery low (15%)');
    expect(deviceEventText('battery', 'discharging', null, 'f1500')).toBe('Battery discharging');
    expect(deviceEventText('cycle', 'inactive', 2, 'm4315')).toBe('Outlet 2 cycled');
    expect(deviceEventText('cycle', 'failed', null, 'm4315')).toBe('Cycle group cycle failed');
    expect(deviceEventText('fault', 'breaker', null, 'm4315')).toBe('Breaker tripped');
    expect(deviceEventText('fault', 'efuse', 7, 'dc12ip')).toBe('Outlet 7: Efuse fault');
    expect(deviceEventText('fault', '12V DC Supply Fault cleared', null, 'dc12ip')).toBe(
      '12V DC Supply Fault cleared',
    );
    expect(deviceEventText('firmware', '2.5.0', null, 'm4315')).toBe('Firmware 2.5.0');
    expect(deviceEventText('firmware', 'verifying', null, 'm4315')).toBe('Firmware verifying');
    expect(deviceEventText('firmware', 'failed:corruptedImage', null, 'm4315')).toBe(
      'Firmware failed: Corrupted image',
    );
    expect(deviceEventText('sequence', 'completed', null, 'm4315')).toBe('Sequence completed');
    expect(deviceEventText('findMe', 1, null, 'sp1000')).toBe('Find Me started');
    expect(deviceEventText('info', 'name', null, 'm4315')).toBe('Name changed');
  });

  it('words schedule events with the schedule’s name', () => {
    expect(scheduleEventText('fired', 'Nightly')).toBe('Schedule “Nightly” fired');
    expect(scheduleEventText('added', 'Nightly')).toBe('Schedule “Nightly” added');
  });

  it('lists the stored kinds of a type', () => {
    expect(kindsOf(DEVICE_EVENT_TYPES, 'connection')).toEqual(['online', 'offline']);
    expect(kindsOf(DEVICE_EVENT_TYPES, 'battery')).toEqual(['battery', 'batteryLow']);
    expect(kindsOf(DEVICE_EVENT_TYPES, 'schedule')).toEqual([]);
    expect(kindsOf(DEVICE_EVENT_TYPES, undefined)).toHaveLength(16);
  });

  it('words auto-ping reports with their target’s host, and discovery phases', () => {
    const ping = (value: string) => ({ value, target: 2, host: '8.8.8.8', maxReboots: 3 });
    expect(deviceEventText('ping', ping('fail'), null, 'm4315')).toBe('Ping target 8.8.8.8 failed');
    expect(deviceEventText('ping', ping('pass'), null, 'm4315')).toBe('Ping target 8.8.8.8 passed');
    // a report whose configuration was not known when it was written names the target's number
    expect(deviceEventText('ping', { value: 'unknown', target: 4 }, null, 'm4315')).toBe(
      'Ping target 4 unknown',
    );
    expect(deviceEventText('autoReboot', ping('cycled'), 1, 'm4315')).toBe(
      'Auto-reboot: outlet 1 cycled (ping target 8.8.8.8)',
    );
    expect(deviceEventText('autoReboot', ping('capReached'), null, 'm4315')).toBe(
      'Auto-reboot stopped after 3 reboots in a row (ping target 8.8.8.8)',
    );
    expect(deviceEventText('discover', 'scanning', null, 'bb232')).toBe('Discovery: scanning');
    expect(deviceEventText('discover', 'found:1', null, 'bb232')).toBe('Discovery: found 1 unit');
    expect(deviceEventText('discover', 'failed:noBus', null, 'bb232')).toBe(
      'Discovery failed: No answer on the bus: check the cable to the units',
    );
    expect(DEVICE_EVENT_TYPES.autoReboot).toBe('outlet');
  });

  it('words a confirmed switch-off of a network outlet as such', () => {
    expect(commandText('setOutlet', { otlt: 1, state: 0, confirmed: true })).toBe(
      'Network outlet 1 switched off (confirmed)',
    );
    expect(commandText('pingConfig', { version: 3, targets: [] })).toBe(
      'Ping targets sent (version 3)',
    );
  });
});
